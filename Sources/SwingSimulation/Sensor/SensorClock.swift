import Foundation

/// Sample times of one simulated stream: a true rate that drifts slowly around its mean (two sinusoids with
/// periods of 20–120 s, peak fractional deviation `drift`), spacings that repeat a `pattern` (the real watch's
/// accelerometer steps 1252, 1252, 1252, 1232 µs: mean 801.9 Hz, median spacing 798.7 Hz), plus white timestamp
/// jitter clamped to ±3σ and never reordering samples; and the batch boundaries the watch would deliver (about one
/// second, sometimes short).
enum SensorClock {
    /// Slow fractional rate deviation: amplitude · (w sin(2π e/P₁ + φ₁) + (1 − w) sin(2π e/P₂ + φ₂)), e the time
    /// since the recording began.
    struct Drift {
        var amplitude: Double
        var period1: Double
        var period2: Double
        var phase1: Double
        var phase2: Double
        var split: Double

        init(amplitude: Double, random: inout SimulationRandom) {
            self.amplitude = amplitude
            period1 = random.uniform(20...60)
            period2 = random.uniform(60...120)
            phase1 = random.uniform(0...(2 * Double.pi))
            phase2 = random.uniform(0...(2 * Double.pi))
            split = random.uniform(0.3...0.7)
        }

        func deviation(_ elapsed: Double) -> Double {
            amplitude
                * (split * sin(2 * Double.pi * elapsed / period1 + phase1)
                    + (1 - split) * sin(2 * Double.pi * elapsed / period2 + phase2))
        }
    }

    /// Timestamps from `start` (s) to `start + duration` at mean `rate` (Hz); consecutive spacings cycle through
    /// `pattern` (relative weights, normalised to mean 1; `[1]`: uniform).
    static func timestamps(
        start: Double, duration: Double, rate: Double, drift: Drift, jitter: Double, pattern: [Double] = [1],
        random: inout SimulationRandom
    ) -> [Double] {
        precondition(!pattern.isEmpty && pattern.allSatisfy { $0 > 0 }, "spacing pattern must be positive")
        let patternMean = pattern.reduce(0, +) / Double(pattern.count)
        let weights = pattern.map { $0 / patternMean }
        var step = Int(random.next() % UInt64(weights.count))
        var times: [Double] = []
        times.reserveCapacity(Int(duration * rate * 1.01) + 2)
        var ideal = start + random.uniform(0...(1 / rate))
        let stop = start + duration
        let spacing = 1 / rate
        let jitterLimit = min(3 * jitter, 0.3 * spacing)
        while ideal <= stop {
            let deviation = drift.deviation(ideal - start)
            var t = ideal
            if jitter > 0 { t += max(-jitterLimit, min(jitterLimit, jitter * random.gaussian())) }
            if let last = times.last, t <= last { t = last.nextUp }
            times.append(t)
            ideal += weights[step] * spacing / (1 + deviation)
            step = (step + 1) % weights.count
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
