/// Finds a stream whose x, y, z values change only every n-th sample: a slower sensor repeated onto a faster
/// table's rows (sample-and-hold), e.g. a 200 Hz gyroscope written on every 800 Hz accelerometer row of one table,
/// each reading repeated about 4 times. A real sensor's noise makes two consecutive readings of all three axes equal
/// only now and then, so most rows repeating the one before, in runs of a typical length n ≥ 2, is this
/// upsampling: the true rate is the rows' rate ÷ n, and a value repeated n times is one reading, not a flat top
/// (saturation then needs a run of three readings, 3 n rows).
///
/// Fed the columns in consecutive parts of any sizes, with the same result for any split.
struct SampleAndHoldScanner: Sendable {
    /// Run lengths counted exactly up to this; longer runs count here (a still sensor, a clipped one).
    static let longestCountedRun = 16
    /// Share of rows repeating the row before needed to call it sample-and-hold (n = 2 gives 1/2, n = 4 gives 3/4).
    static let minimumRepeatShare = 0.4
    /// Rows needed before deciding.
    static let minimumRows = 32
    /// Runs of equal rows (readings) needed before deciding.
    static let minimumRuns = 8

    private var previous: (Float, Float, Float)? = nil
    private var run = 0
    /// Finished runs of equal rows by length (index = length, the last index also every longer one).
    private var runLengths = [Int](repeating: 0, count: longestCountedRun + 1)
    private(set) var rows = 0
    private(set) var repeats = 0
    /// Index of the first row equal to the one before.
    private(set) var firstRepeat: Int? = nil

    init() {}

    /// Scans the next rows: `x`, `y`, `z` of equal length.
    mutating func scan(_ x: UnsafeBufferPointer<Float>, _ y: UnsafeBufferPointer<Float>, _ z: UnsafeBufferPointer<Float>) {
        for row in 0..<x.count {
            let value = (x[row], y[row], z[row])
            if let previous, previous.0 == value.0, previous.1 == value.1, previous.2 == value.2 {
                run += 1
                repeats += 1
                if firstRepeat == nil { firstRepeat = rows + row }
            } else {
                if run > 0 { runLengths[min(run, Self.longestCountedRun)] += 1 }
                run = 1
            }
            previous = value
        }
        rows += x.count
    }

    /// The hold length n (≥ 2) when the rows are a slower sensor's readings repeated, else 1: the median length of
    /// the runs of equal rows, when at least ``minimumRepeatShare`` of the rows repeat the one before, in at least
    /// ``minimumRuns`` runs, most shorter than ``longestCountedRun`` (a constant or still stream holds one value
    /// for long stretches: not a hold).
    var holdLength: Int {
        guard rows >= Self.minimumRows, Double(repeats) >= Self.minimumRepeatShare * Double(rows) else { return 1 }
        var lengths = runLengths
        if run > 0 { lengths[min(run, Self.longestCountedRun)] += 1 }
        let runs = lengths.reduce(0, +)
        guard runs >= Self.minimumRuns else { return 1 }
        var seen = 0
        for (length, count) in lengths.enumerated() {
            seen += count
            if 2 * seen >= runs { return length < Self.longestCountedRun ? max(1, length) : 1 }
        }
        return 1
    }
}

extension StreamRepairer {
    /// The hold length (``SampleAndHoldScanner/holdLength``) of the columns `names` (x, y, z) that `scanner` was
    /// fed, whole; appends the `sample-and-hold` finding when n ≥ 2. `spacing`: the rows' median spacing, s (0
    /// unknown). `readings`: when the stream is reduced to its readings (``HeldReadings``), how many it keeps;
    /// `nil` when its rows are kept (a stream with other columns, device motion).
    func sampleAndHold(
        _ scanner: SampleAndHoldScanner, names: [String], spacing: Double, readings: (Int) -> Int? = { _ in nil },
        findings: inout [HygieneFinding]
    ) -> Int {
        let hold = scanner.holdLength
        guard hold >= 2 else { return 1 }
        let share = Double(scanner.repeats) / Double(max(scanner.rows, 1))
        let rates = spacing > 0
            ? String(format: "a %.1f Hz sensor repeated onto %.1f Hz rows", 1 / spacing / Double(hold), 1 / spacing)
            : "a sensor \(hold) times slower than the rows"
        let axes = names.count == 3 ? "\(names[0])…\(names[2].suffix(1))" : names.joined(separator: ",")
        // The first repeated row's source line, named before a reduction moves the rows.
        let line = scanner.firstRepeat.flatMap { location($0).line }
        let done: String
        if let kept = readings(hold) {
            done = verb(
                "reduced to its \(kept) readings of \(scanner.rows) rows, each at the first row showing it (that row's timestamp), so the analysis sees the sensor's own rate",
                "an import reduces it to its \(kept) readings of \(scanner.rows) rows, each at the first row showing it")
        } else {
            done = "values kept, a flat top counts as saturation only over ≥ 3 readings (\(3 * hold) rows)"
        }
        findings.append(HygieneFinding(
            kind: .sampleAndHold, file: file, line: line,
            message: "\(stream.rawValue) \(axes) change only every \(hold) rows (\(String(format: "%.0f", share * 100)) % of rows repeat the one before): \(rates) (sample-and-hold); \(done)"))
        return hold
    }
}

extension StreamColumns {
    /// The saturation group that is every column of the stream (x, y, z: accelerometer, gyroscope), whose held
    /// rows are reduced to their readings (``HeldReadings``); `nil` for a stream with other columns (device motion,
    /// whose held rotation rate may sit beside an attitude that changes on every row).
    var heldReadingsGroup: Int? {
        guard names.count == 3, doubleNames.isEmpty else { return nil }
        return saturationGroups.firstIndex { $0.0 == [0, 1, 2] }
    }
}
