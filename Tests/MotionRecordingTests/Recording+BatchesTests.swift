import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct RecordingBatchesTests {
    /// The definition: a batch ends before every sample whose whole second (`floor`) differs from the one before.
    func referenceEnds(_ timestamps: [Double]) -> [Int] {
        guard !timestamps.isEmpty else { return [] }
        var ends: [Int] = []
        var second = timestamps[0].rounded(.down)
        for index in timestamps.indices.dropFirst() where timestamps[index].rounded(.down) != second {
            ends.append(index)
            second = timestamps[index].rounded(.down)
        }
        return ends + [timestamps.count]
    }

    @Test func wholeSecondBatchEndsFollowFloor() {
        var rng = SplitMix64(seed: 81)
        let steady = (0..<5000).map { 56257.4 + Double($0) / 798.7 }
        let jittered = (0..<5000).map { _ in Double.random(in: -3...3, using: &rng) }.sorted()
        let odd: [Double] = [
            -0.0, 0, 0.5, -0.5, -1, -1, .nan, 3, .nan, .nan, 4.999999999999999, 5, 9007199254740992,
            9007199254740994, 18014398509481984, 18014398509481988, .infinity, 2, -.infinity,
        ]
        for timestamps in [steady, jittered, odd, [], [7.5]] {
            #expect(Recording.wholeSecondBatchEnds(timestamps) == referenceEnds(timestamps), "\(timestamps.prefix(4))")
        }
    }
}
