/// The readings of a sample-and-hold stream (``SampleAndHoldScanner``): a slower sensor whose latest reading a
/// faster table repeats on each of its rows (a 200 Hz gyroscope on 800 Hz accelerometer rows, hold length n = 4).
/// Each run of equal rows is one reading, kept at its first row with that row's own timestamp; a run of k·n rows
/// (rounded) is k equal readings, kept every n rows, so that a still or clipped sensor keeps its rate and a flat top
/// its length in readings.
///
/// Sample time: a table row repeats the reading that was latest when the row was written, so a reading first
/// appears on the first row at or after the time it was taken: it was taken within one row spacing before that
/// row's timestamp (< 1.25 ms for 800 Hz rows, a quarter of a 200 Hz gyroscope's 5 ms spacing). The first row's
/// timestamp is the closest the table states; it is kept unchanged (no half-row shift is assumed, since a logger
/// that writes each row as a reading arrives puts the reading exactly on it).
///
/// Fed the rows in consecutive parts of any sizes, with the same rows kept for any split.
struct HeldReadings: Sendable {
    /// The hold length n ≥ 2 (rows per reading).
    let hold: Int
    private var previous: (Float, Float, Float)? = nil
    private var runStart = 0
    /// Readings kept so far.
    private(set) var kept = 0

    init(hold: Int) {
        precondition(hold >= 2, "a hold length is 2 rows or more")
        self.hold = hold
    }

    /// Scans rows `rows` (the next ones) of the columns `x`, `y`, `z` (indexed by row), calling `keep` with each
    /// kept row, in increasing order, once its run has ended.
    mutating func scan(
        _ rows: Range<Int>, _ x: UnsafeBufferPointer<Float>, _ y: UnsafeBufferPointer<Float>,
        _ z: UnsafeBufferPointer<Float>, keep: (Int) -> Void
    ) {
        for row in rows {
            let value = (x[row], y[row], z[row])
            if let previous, previous.0 == value.0, previous.1 == value.1, previous.2 == value.2 { continue }
            if previous != nil { endRun(at: row, keep: keep) }
            previous = value
            runStart = row
        }
    }

    /// Ends the last run at row `count` (the rows scanned), calling `keep` with its kept rows.
    mutating func finish(count: Int, keep: (Int) -> Void) {
        if previous != nil { endRun(at: count, keep: keep) }
        previous = nil
    }

    private mutating func endRun(at end: Int, keep: (Int) -> Void) {
        let readings = max(1, Int((Double(end - runStart) / Double(hold)).rounded()))
        for reading in 0..<readings { keep(runStart + reading * hold) }
        kept += readings
    }

    /// Which of the `count` rows of `x`, `y`, `z` are kept (``scan(_:_:_:_:keep:)`` over all of them), and how many.
    static func keep(hold: Int, _ x: [Float], _ y: [Float], _ z: [Float]) -> (keep: [Bool], kept: Int) {
        var held = HeldReadings(hold: hold)
        var keep = [Bool](repeating: false, count: x.count)
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                z.withUnsafeBufferPointer { z in held.scan(0..<x.count, x, y, z) { keep[$0] = true } }
            }
        }
        held.finish(count: x.count) { keep[$0] = true }
        return (keep, held.kept)
    }
}
