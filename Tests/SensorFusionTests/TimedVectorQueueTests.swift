import Testing

@testable import SensorFusion

@Suite("TimedVectorQueue")
struct TimedVectorQueueTests {
    /// Samples i = 0..<n as (t = i / 100 s, x = i, y = −i, z = 2i).
    private func columns(_ n: Int) -> ([Double], [Float], [Float], [Float]) {
        ((0..<n).map { Double($0) / 100 }, (0..<n).map { Float($0) }, (0..<n).map { -Float($0) },
         (0..<n).map { 2 * Float($0) })
    }

    @Test("First in, first out across the ring's wrap and through growth (16 → 64 samples)")
    func fifoAcrossWrapAndGrowth() {
        let (t, x, y, z) = columns(100)
        var queue = TimedVectorQueue(capacity: 16)
        queue.append(t, x, y, z, range: 0..<12)
        for i in 0..<10 { #expect(queue.removeFirst().timestamp == t[i]) }
        queue.append(t, x, y, z, range: 12..<24)  // wraps: head at 10, 14 held
        #expect(queue.capacity == 16)
        queue.append(t, x, y, z, range: 24..<60)  // 50 held: grows to 64, order kept
        #expect(queue.capacity == 64 && queue.count == 50)
        #expect(queue.firstTimestamp == t[10] && queue.secondTimestamp == t[11])
        for i in 10..<60 {
            let sample = queue.removeFirst()
            #expect(sample.timestamp == t[i] && sample.value == SIMD3(x[i], y[i], z[i]))
        }
        #expect(queue.isEmpty)
    }

    @Test("A copy is a value: appending to one leaves the other's samples as they were")
    func copiesAreIndependent() {
        let (t, x, y, z) = columns(40)
        var original = TimedVectorQueue(capacity: 16)
        original.append(t, x, y, z, range: 0..<8)
        var copy = original
        copy.append(t, x, y, z, range: 30..<38)  // the copy gets storage of its own
        original.append(t, x, y, z, range: 8..<16)
        for i in 0..<16 { #expect(original.removeFirst().value == SIMD3(x[i], y[i], z[i])) }
        for i in Array(0..<8) + Array(30..<38) { #expect(copy.removeFirst().value == SIMD3(x[i], y[i], z[i])) }
    }
}
