/// A stable sort by timestamp of rows that arrive in order, each displaced by a bounded distance: rows enter a
/// min-heap keyed by (timestamp, arrival), and once it holds more than ``capacity`` rows the earliest leaves. The
/// rows leave in exactly the order a stable sort of the whole stream gives whenever no row arrives more than
/// ``capacity`` rows after a later-sorting one; otherwise a row leaves before an earlier-sorting one, which the
/// caller sees as a key lower than the last one that left (and then sorts in memory instead).
///
/// Storage is fixed at `init` (``capacity`` + 1 rows of `width` `Float` values, a line and a key each): pushing and
/// popping allocate nothing.
final class SortWindow {
    /// Rows held before the earliest must leave.
    let capacity: Int
    /// `Float` values per row.
    let width: Int
    /// Heap of (timestamp s, arrival index, slot holding the row's line and values).
    private var heap: UnsafeMutableBufferPointer<(time: Double, arrival: Int, slot: Int)>
    private var lines: UnsafeMutableBufferPointer<UInt32>
    private var values: UnsafeMutableBufferPointer<Float>
    /// Slots not holding a row.
    private var free: UnsafeMutableBufferPointer<Int>
    private var freeCount: Int
    private(set) var count = 0

    init(capacity: Int, width: Int) {
        self.capacity = capacity
        self.width = width
        let slots = capacity + 1
        heap = .allocate(capacity: slots)
        lines = .allocate(capacity: slots)
        values = .allocate(capacity: slots * max(width, 1))
        free = .allocate(capacity: slots)
        for slot in 0..<slots { free[slot] = slots - 1 - slot }
        freeCount = slots
    }

    deinit {
        heap.deallocate()
        lines.deallocate()
        values.deallocate()
        free.deallocate()
    }

    /// True when a row must leave before the next one enters.
    var isOverfull: Bool { count > capacity }

    /// Adds a row (`time` s, `arrival` its index among the rows pushed, `line`, `row` its `width` values).
    func push(time: Double, arrival: Int, line: UInt32, row: UnsafeBufferPointer<Float>) {
        precondition(freeCount > 0, "SortWindow: more than \(capacity + 1) rows held")
        freeCount -= 1
        let slot = free[freeCount]
        lines[slot] = line
        for column in 0..<width { values[slot * width + column] = row[column] }
        var child = count
        count += 1
        heap[child] = (time, arrival, slot)
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes the earliest row, writing its values into `row`; returns its timestamp (s), arrival and line.
    func pop(into row: UnsafeMutableBufferPointer<Float>) -> (time: Double, arrival: Int, line: UInt32) {
        precondition(count > 0, "SortWindow: pop from an empty window")
        let top = heap[0]
        for column in 0..<width { row[column] = values[top.slot * width + column] }
        free[freeCount] = top.slot
        freeCount += 1
        count -= 1
        heap[0] = heap[count]
        var parent = 0
        while true {
            let (left, right) = (2 * parent + 1, 2 * parent + 2)
            var first = parent
            if left < count, Self.precedes(heap[left], heap[first]) { first = left }
            if right < count, Self.precedes(heap[right], heap[first]) { first = right }
            guard first != parent else { break }
            heap.swapAt(first, parent)
            parent = first
        }
        return (top.time, top.arrival, lines[top.slot])
    }

    /// The order of a stable sort by timestamp: earlier time first, then earlier arrival.
    @inline(__always)
    static func precedes(_ a: (time: Double, arrival: Int, slot: Int), _ b: (time: Double, arrival: Int, slot: Int)) -> Bool {
        a.time != b.time ? a.time < b.time : a.arrival < b.arrival
    }
}
