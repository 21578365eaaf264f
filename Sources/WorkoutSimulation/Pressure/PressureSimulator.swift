import Foundation
import MotionRecording
import SwingSimulation

/// A simulated barometer stream and its ground truth.
public struct SimulatedPressure: Sendable {
    public var pressure: PressureData
    public var truth: PressureTruth
}

/// Ground truth of a simulated pressure stream.
public struct PressureTruth: Sendable, Equatable, Codable {
    /// Altitude climbed and descended on stairs and hills, m.
    public var elevationGain: Double = 0
    public var elevationLoss: Double = 0
    /// Whole flights of stairs climbed and descended.
    public var floorsAscended = 0
    public var floorsDescended = 0
    /// Greatest depth of any dive, m; `nil` without a dive.
    public var maxDepth: Double?
    /// Each dive: start and end, s, and its greatest depth, m.
    public var dives: [Dive] = []
    /// The weather trend used, kPa/h, and the sensor noise, Pa rms.
    public var weatherDrift = 0.0
    public var noise = 0.0

    public struct Dive: Sendable, Equatable, Codable {
        public var start: Double
        public var end: Double
        public var maxDepth: Double
    }
}

/// Barometric pressure from a vertical profile (``VerticalLeg``s one after the other), written independently of
/// the analysis's formula: in air the isothermal hypsometric equation p = p_s(t) · exp(−g₀·M·h / (R·T)) at the
/// configured air temperature (not the standard atmosphere's lapse), under water the air pressure at the water's surface + ρ·g₀·d. The surface
/// pressure p_s is drawn in 98–103 kPa and moves with the weather trend; readings get white noise, door slams and wind
/// gusts, are rounded to the quantum and stored as Float kPa. Times jitter by ±5 % of the sample period.
public enum PressureSimulator {
    public static func simulate(_ configuration: PressureSimulationConfiguration) -> SimulatedPressure {
        var random = SimulationRandom(seed: configuration.seed).derived(0xBA20)
        let base = random.uniform(98...103)
        let drift = configuration.weatherDrift ?? random.uniform(-0.1...0.1)
        let noise = configuration.noise ?? random.uniform(1...3)
        let duration = configuration.duration
        let start = configuration.startTime
        // Spikes: (start, length, amplitude kPa).
        var spikes: [(Double, Double, Double)] = []
        let spikeCount = Int((configuration.spikesPerHour * duration / 3600).rounded())
        for _ in 0..<spikeCount {
            let at = start + random.uniform(0...duration)
            if random.chance(0.5) {
                spikes.append((at, random.uniform(0.2...0.8), random.uniform(0.03...0.3)))
            } else {
                spikes.append((at, random.uniform(1...2), random.sign() * random.uniform(0.02...0.1)))
            }
        }
        let scaleHeight = 8.31446 * (configuration.airTemperatureCelsius + 273.15) / (9.80665 * 0.0289644)
        let waterKilopascalsPerMeter = configuration.waterDensity * 9.80665 / 1000

        var truth = PressureTruth(weatherDrift: drift, noise: noise)
        var legStarts: [Double] = []
        var legAltitudes: [Double] = []
        var t = start, altitude = 0.0
        for leg in configuration.legs {
            legStarts.append(t)
            legAltitudes.append(altitude)
            if leg.rise > 0 { truth.elevationGain += leg.rise } else { truth.elevationLoss -= leg.rise }
            if leg.floors > 0 { truth.floorsAscended += leg.floors } else { truth.floorsDescended -= leg.floors }
            if leg.kind == .dive {
                truth.dives.append(.init(start: t, end: t + leg.duration, maxDepth: leg.depth))
                truth.maxDepth = Swift.max(truth.maxDepth ?? 0, leg.depth)
            }
            altitude += leg.rise
            t += leg.duration
        }
        let end = t

        var times: [Double] = [], values: [Float] = []
        var now = start
        var k = 0
        while now < end {
            while k + 1 < legStarts.count && legStarts[k + 1] <= now { k += 1 }
            let leg = configuration.legs[k]
            let local = now - legStarts[k]
            let surface = base + drift * (now - start) / 3600
            let depth = leg.depth(at: local)
            // The air pressure at the wearer's altitude; under water, the water column on top of it.
            var p = surface * exp(-(legAltitudes[k] + leg.altitude(at: local)) / scaleHeight)
            if depth > 0 { p += waterKilopascalsPerMeter * depth }
            p += noise / 1000 * random.gaussian()
            for (at, length, amplitude) in spikes where now >= at && now < at + length { p += amplitude }
            let quantum = configuration.quantum / 1000
            if quantum > 0 { p = (p / quantum).rounded() * quantum }
            times.append(now)
            values.append(Float(p))
            let period = depth > 0 ? 1.0 / 3 : 1 / configuration.sampleRate
            now += period * (1 + 0.05 * (2 * random.unit() - 1))
        }
        return SimulatedPressure(pressure: PressureData(timestamps: times, pressureKilopascals: values), truth: truth)
    }
}
