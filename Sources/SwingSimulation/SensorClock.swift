import Foundation

/// Sample times of one simulated stream: a true rate that drifts slowly around its mean (two sinusoids with
/// periods of 20–120 s, peak fractional deviation `drift`), plus white timestamp jitter clamped to ±3σ and never
/// reordering samples; and the batch boundaries the watch would deliver (about one second, sometimes short).
enum SensorClock {
    /// Timestamps from `start` (s) to `start + duration` at mean `rate` (Hz).
    static func timestamps(
        start: Double, duration: Double, rate: Double, drift: Double, jitter: Double,
        random: inout SimulationRandom
    ) -> [Double] {
        let period1 = random.uniform(20...60)
        let period2 = random.uniform(60...120)
        let phase1 = random.uniform(0...(2 * Double.pi))
        let phase2 = random.uniform(0...(2 * Double.pi))
        let split = random.uniform(0.3...0.7)
        var times: [Double] = []
        times.reserveCapacity(Int(duration * rate * 1.01) + 2)
        var ideal = start + random.uniform(0...(1 / rate))
        let stop = start + duration
        let spacing = 1 / rate
        let jitterLimit = min(3 * jitter, 0.3 * spacing)
        while ideal <= stop {
            let e = ideal - start
            let deviation = drift
                * (split * sin(2 * Double.pi * e / period1 + phase1)
                    + (1 - split) * sin(2 * Double.pi * e / period2 + phase2))
            var t = ideal
            if jitter > 0 { t += max(-jitterLimit, min(jitterLimit, jitter * random.gaussian())) }
            if let last = times.last, t <= last { t = last.nextUp }
            times.append(t)
            ideal += spacing / (1 + deviation)
        }
        return times
    }

    /// Exclusive batch end indices: deliveries about every `usual` seconds, a fraction `shortProbability` of them
    /// after `short` seconds instead; the last equals `times.count`.
    static func batchEnds(
        times: [Double], usual: ClosedRange<Double>, shortProbability: Double, short: ClosedRange<Double>,
        random: inout SimulationRandom
    ) -> [Int] {
        guard let first = times.first else { return [] }
        var ends: [Int] = []
        var delivery = first + random.uniform(0.5...1.0)
        var index = 0
        while index < times.count {
            while index < times.count, times[index] < delivery { index += 1 }
            if index > (ends.last ?? 0) { ends.append(index) }
            delivery += random.chance(shortProbability) ? random.uniform(short) : random.uniform(usual)
        }
        if ends.last != times.count { ends.append(times.count) }
        return ends
    }
}
