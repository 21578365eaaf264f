/// A stream as a timestamp column and named value columns, so that one repair routine (``StreamRepairer``)
/// serves every stream. Each sample type converts to and from it (``HygieneSamples``); a column the samples lack
/// is simply not listed, and comes back empty.
struct StreamColumns {
    var timestamps: [Double]
    /// `Float` sample columns, their names (as in the interchange headers) and, per column, the |value| beyond
    /// which a row is impossible (`out-of-range`: dropped) and whether NaN means "unknown" (kept) rather than a
    /// broken row (dropped).
    var columns: [[Float]] = []
    var names: [String] = []
    var limits: [Float] = []
    var nanMeansUnknown: [Bool] = []
    /// `Double` sample columns (latitude and longitude, counts), checked like the `Float` ones; NaN never allowed.
    var doubleColumns: [[Double]] = []
    var doubleNames: [String] = []
    var doubleLimits: [Double] = []
    /// Which columns are "acceleration-like" for the units check (converted together), and which one triple
    /// decides the units.
    var unitColumns: [Int] = []
    var unitProbe: [Int] = []
    /// Column triples checked for saturation, with the magnitude a flat top must reach.
    var saturationGroups: [([Int], Float, String)] = []
    /// Timestamps may be in ms, µs or ns (a motion stream on its own clock). The slower streams share the motion
    /// streams' clock, set by their importer, and are not checked (their ~1 s spacing would look like ms).
    var checksTimeUnits = true
    /// One row per change (activity, pedometer reports): no regular rate, so no gap check.
    var isEventStream = false

    init(timestamps: [Double]) { self.timestamps = timestamps }

    /// Adds a `Float` column.
    mutating func add(
        _ name: String, _ values: [Float], limit: Float = HygieneChecker.outOfRangeLimit, nanMeansUnknown: Bool = false
    ) {
        columns.append(values)
        names.append(name)
        limits.append(limit)
        self.nanMeansUnknown.append(nanMeansUnknown)
    }

    /// Adds a `Double` column.
    mutating func add(_ name: String, _ values: [Double], limit: Double) {
        doubleColumns.append(values)
        doubleNames.append(name)
        doubleLimits.append(limit)
    }

    /// The `Float` column called `name`, or empty when the stream has none.
    func float(_ name: String) -> [Float] { names.firstIndex(of: name).map { columns[$0] } ?? [] }

    /// The `Double` column called `name`, or empty when the stream has none.
    func double(_ name: String) -> [Double] { doubleNames.firstIndex(of: name).map { doubleColumns[$0] } ?? [] }

    var count: Int { timestamps.count }

    /// The names of the `Float` columns, then of the `Double` ones (how findings number them).
    var allNames: [String] { names + doubleNames }

    /// The out-of-range limit of column `index` (numbered as in ``allNames``), as text.
    func limitText(_ index: Int) -> String {
        let limit = index < limits.count ? Double(limits[index]) : doubleLimits[index - limits.count]
        return limit < 1e15 ? String(Int(limit)) : String(limit)
    }

    /// A value of column `index` as text, at that column's precision.
    func valueText(_ index: Int, _ value: Double) -> String {
        index < columns.count ? Float(value).description : value.description
    }

    /// Whether every value of `row` equals the row before (NaN equal to NaN in columns where it means unknown).
    func equalsPrevious(_ row: Int) -> Bool {
        for (index, column) in columns.enumerated() where column[row] != column[row - 1] {
            guard nanMeansUnknown[index], column[row].isNaN, column[row - 1].isNaN else { return false }
        }
        return doubleColumns.allSatisfy { $0[row] == $0[row - 1] }
    }

    /// Keeps the rows where `keep` is true, in every column, and in `lines` when it is not empty.
    mutating func compact(keep: [Bool], lines: inout [UInt32], batchEnds: inout [Int]?) {
        func filter<T>(_ array: inout [T]) {
            var write = 0
            for read in array.indices where keep[read] {
                array[write] = array[read]
                write += 1
            }
            array.removeLast(array.count - write)
        }
        filter(&timestamps)
        for index in columns.indices { filter(&columns[index]) }
        for index in doubleColumns.indices { filter(&doubleColumns[index]) }
        if !lines.isEmpty { filter(&lines) }
        if let ends = batchEnds {
            // Kept rows before each old end.
            var keptBefore = 0
            var read = 0
            var newEnds: [Int] = []
            for end in ends {
                while read < end {
                    if keep[read] { keptBefore += 1 }
                    read += 1
                }
                if keptBefore > (newEnds.last ?? 0) { newEnds.append(keptBefore) }
            }
            batchEnds = newEnds
        }
    }

    /// Applies a permutation (new row i = old row order[i]).
    mutating func permute(_ order: [Int], lines: inout [UInt32]) {
        timestamps = order.map { timestamps[$0] }
        for index in columns.indices {
            let old = columns[index]
            columns[index] = order.map { old[$0] }
        }
        for index in doubleColumns.indices {
            let old = doubleColumns[index]
            doubleColumns[index] = order.map { old[$0] }
        }
        if !lines.isEmpty {
            let old = lines
            lines = order.map { old[$0] }
        }
    }
}
