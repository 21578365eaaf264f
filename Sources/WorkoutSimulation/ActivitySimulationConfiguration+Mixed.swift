import SwingSimulation

extension ActivitySimulationConfiguration {
    /// A workout of every activity kind once, in an order and with lengths (45–120 s) drawn from `seed`.
    public static func mixed(
        seed: UInt64, accelerometerRate: Double = 800, deviceMotionRate: Double? = 200,
        accelerometerRange: Double? = nil
    ) -> ActivitySimulationConfiguration {
        var r = SimulationRandom(seed: seed).derived(0x313)
        var kinds = ActivityStretch.Kind.allCases
        for i in stride(from: kinds.count - 1, to: 0, by: -1) {
            kinds.swapAt(i, Int(r.uniform(0...Double(i) + 0.999)))
        }
        return ActivitySimulationConfiguration(
            seed: seed, stretches: kinds.map { ActivityStretch($0, duration: r.uniform(45...120).rounded()) },
            accelerometerRate: accelerometerRate, deviceMotionRate: deviceMotionRate,
            accelerometerRange: accelerometerRange, accelerometerNoise: r.uniform(0.004...0.02))
    }
}
