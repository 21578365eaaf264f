/// How predicted activity segments and step counts compare with an ``ActivityTruth``: a per-second confusion matrix
/// and, per gait stretch, the step count and cadence errors. Takes plain values so that the simulation does not
/// depend on the analysis.
public struct ActivityScore: Sendable, Equatable {
    /// A predicted segment: times in s, `activity` an `Activity` raw value, steps counted in it.
    public struct Predicted: Sendable, Equatable {
        public var start, end: Double
        public var activity: String
        public var steps: Double
        public init(start: Double, end: Double, activity: String, steps: Double) {
            self.start = start
            self.end = end
            self.activity = activity
            self.steps = steps
        }
    }

    /// Per gait stretch: true and counted steps, true and estimated cadence (steps/s).
    public struct Gait: Sendable, Equatable {
        public var variant: String
        public var trueSteps: Int
        public var countedSteps: Double
        public var trueCadence: Double
        public var estimatedCadence: Double
        /// |counted − true| / true.
        public var stepError: Double { abs(countedSteps - Double(trueSteps)) / Swift.max(1, Double(trueSteps)) }
        /// |estimated − true| / true.
        public var cadenceError: Double { abs(estimatedCadence - trueCadence) / trueCadence }
    }

    /// confusion[true][predicted] = seconds.
    public var confusion: [String: [String: Int]] = [:]
    /// The same per simulated variant: variantConfusion[variant][predicted] = seconds ("typing", "cycling", …).
    public var variantConfusion: [String: [String: Int]] = [:]
    public var gait: [Gait] = []
    /// Steps counted during the true stretches that are not walking or running (false steps), and the true steps
    /// of the gait stretches, for ``falseStepFraction``.
    public var stepsOutsideGait = 0.0
    public var trueGaitSteps = 0

    public init() {}

    /// Scores `predicted` against `truth`: every whole second of every true segment (sampled at its middle), and
    /// every walking or running stretch's steps (predicted steps of each segment spread evenly over its time).
    public init(truth: ActivityTruth, predicted: [Predicted]) {
        for segment in truth.segments {
            var t = segment.start.rounded(.up) + 0.5
            while t < segment.end {
                let p = predicted.first { $0.start <= t && t < $0.end }?.activity ?? "none"
                confusion[segment.activity, default: [:]][p, default: 0] += 1
                variantConfusion[segment.variant, default: [:]][p, default: 0] += 1
                t += 1
            }
            var counted = 0.0
            for p in predicted where p.end > p.start {
                let overlap = Swift.min(p.end, segment.end) - Swift.max(p.start, segment.start)
                if overlap > 0 { counted += p.steps * overlap / (p.end - p.start) }
            }
            guard segment.activity == "walking" || segment.activity == "running" else {
                stepsOutsideGait += counted
                continue
            }
            let trueSteps = truth.steps(from: segment.start, to: segment.end)
            trueGaitSteps += trueSteps
            let duration = segment.end - segment.start
            gait.append(
                Gait(
                    variant: segment.variant, trueSteps: trueSteps, countedSteps: counted,
                    trueCadence: Double(trueSteps) / duration, estimatedCadence: counted / duration))
        }
    }

    /// Adds another score's counts.
    public mutating func merge(_ other: ActivityScore) {
        for (t, row) in other.confusion { for (p, n) in row { confusion[t, default: [:]][p, default: 0] += n } }
        for (t, row) in other.variantConfusion {
            for (p, n) in row { variantConfusion[t, default: [:]][p, default: 0] += n }
        }
        gait += other.gait
        stepsOutsideGait += other.stepsOutsideGait
        trueGaitSteps += other.trueGaitSteps
    }

    /// Steps counted outside the gait stretches, as a fraction of the true gait steps (0…).
    public var falseStepFraction: Double { stepsOutsideGait / Swift.max(1, Double(trueGaitSteps)) }

    /// Fraction of seconds whose prediction matches the truth.
    public var accuracy: Double {
        var (right, all) = (0, 0)
        for (t, row) in confusion { for (p, n) in row { all += n; if p == t { right += n } } }
        return all > 0 ? Double(right) / Double(all) : 0
    }

    /// Recall of one true activity (fraction of its seconds predicted as it).
    public func recall(_ activity: String) -> Double {
        guard let row = confusion[activity] else { return 0 }
        let all = row.values.reduce(0, +)
        return all > 0 ? Double(row[activity] ?? 0) / Double(all) : 0
    }

    /// Total step error |Σ counted − Σ true| / Σ true over the gait stretches.
    public var totalStepError: Double {
        let t = gait.reduce(0) { $0 + $1.trueSteps }, c = gait.reduce(0) { $0 + $1.countedSteps }
        return abs(c - Double(t)) / Swift.max(1, Double(t))
    }

    /// Mean absolute percentage error of the cadence over the gait stretches (0…1).
    public var cadenceMAPE: Double {
        gait.isEmpty ? 0 : gait.reduce(0) { $0 + $1.cadenceError } / Double(gait.count)
    }

    /// The confusion matrix as a text table (rows: truth, columns: prediction, seconds).
    public var table: String { Self.table(confusion, rows: Self.activityNames) }

    /// The per-variant confusion as a text table (rows: simulated variant; the recall column is the share predicted
    /// as the variant's activity).
    public var variantTable: String {
        let rows = ActivityStretch.Kind.allCases.map(\.rawValue) + variantConfusion.keys.sorted().filter {
            ActivityStretch.Kind(rawValue: $0) == nil
        }
        return Self.table(variantConfusion, rows: rows) {
            ActivityStretch.Kind(rawValue: $0).map { ActivityStretch($0, duration: 0).expectedActivity } ?? "swingSport"
        }
    }

    private static let activityNames = [
        "stationary", "walking", "running", "cycling", "swimming", "swingSport", "unknown", "none",
    ]

    private static func table(
        _ confusion: [String: [String: Int]], rows: [String], expected: (String) -> String = { $0 }
    ) -> String {
        let columns = activityNames.filter { n in confusion.values.contains { $0[n] != nil } }
        let width = Swift.max(18, (rows.map(\.count).max() ?? 0) + 1)
        func pad(_ s: String, _ w: Int) -> String { String(repeating: " ", count: Swift.max(0, w - s.count)) + s }
        var out = pad("truth \\ predicted", width) + columns.map { pad($0, 11) }.joined() + pad("recall", 8) + "\n"
        for n in rows {
            guard let row = confusion[n] else { continue }
            let all = row.values.reduce(0, +)
            let recall = all > 0 ? Double(row[expected(n)] ?? 0) / Double(all) : 0
            out += pad(n, width) + columns.map { pad(String(row[$0] ?? 0), 11) }.joined()
            out += pad(String(Int((recall * 100).rounded())) + "%", 8) + "\n"
        }
        return out
    }
}
