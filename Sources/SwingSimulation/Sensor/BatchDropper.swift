import MotionRecording

/// Loses whole delivered batches (never the first or last), as a watch app that misses a delivery would.
struct BatchDropper {
    /// Index ranges kept, in order.
    var kept: [Range<Int>]
    /// Batch ends of the kept samples.
    var ends: [Int]
    /// First and last time of every lost batch.
    var gaps: [(start: Double, end: Double)]

    static func drop(
        times: [Double], ends: [Int], probability: Double, random: inout SimulationRandom
    ) -> BatchDropper {
        var kept: [Range<Int>] = []
        var newEnds: [Int] = []
        var gaps: [(start: Double, end: Double)] = []
        var start = 0
        var count = 0
        for (index, end) in ends.enumerated() {
            let interior = index > 0 && index < ends.count - 1
            if interior && random.chance(probability) {
                gaps.append((times[start], times[end - 1]))
            } else {
                kept.append(start..<end)
                count += end - start
                newEnds.append(count)
            }
            start = end
        }
        return BatchDropper(kept: kept, ends: newEnds, gaps: gaps)
    }

    func gather<T>(_ column: [T]) -> [T] {
        var result: [T] = []
        result.reserveCapacity(ends.last ?? 0)
        for range in kept { result += column[range] }
        return result
    }

    func gather(_ data: DeviceMotionData) -> DeviceMotionData {
        DeviceMotionData(
            timestamps: gather(data.timestamps), attitudeW: gather(data.attitudeW),
            attitudeX: gather(data.attitudeX), attitudeY: gather(data.attitudeY), attitudeZ: gather(data.attitudeZ),
            gravityX: gather(data.gravityX), gravityY: gather(data.gravityY), gravityZ: gather(data.gravityZ),
            userAccelerationX: gather(data.userAccelerationX), userAccelerationY: gather(data.userAccelerationY),
            userAccelerationZ: gather(data.userAccelerationZ), rotationRateX: gather(data.rotationRateX),
            rotationRateY: gather(data.rotationRateY), rotationRateZ: gather(data.rotationRateZ))
    }
}
