import Foundation
import MotionRecording
import SensorFusion
import SwingAnalysis
import SwingSimulation
import Testing

/// A 200 Hz gyroscope written on every 800 Hz accelerometer row (sample-and-hold: each reading repeated until the
/// next) is reduced by the import checks to its readings, each at the first row showing it, so fusion and the swing
/// analysis see a 200 Hz gyroscope: the same swings as the un-held session, each onset within one accelerometer row
/// spacing (1.25 ms, how late the first row showing a reading can be) plus 0.25 ms of fusion noise (seed 11:
/// largest 0.18 ms in baseball, 1.10 ms in golf, whose slow downswing makes the onset most sensitive to the rate).
@Suite struct HeldGyroscopeSwingTests {
    /// `recording`'s gyroscope repeated onto its accelerometer's rows: at each row, the latest reading at or before
    /// the row's time (rows before the first reading left out).
    static func heldOnAccelerometerRows(_ recording: Recording) throws -> Recording {
        let accelerometer = try #require(recording.accelerometer)
        let gyroscope = try #require(recording.gyroscope)
        var held = GyroscopeData()
        var reading = -1
        for (row, time) in accelerometer.timestamps.enumerated() {
            while reading + 1 < gyroscope.count, gyroscope.timestamps[reading + 1] <= time { reading += 1 }
            guard reading >= 0 else { continue }
            held.timestamps.append(accelerometer.timestamps[row])
            held.x.append(gyroscope.x[reading])
            held.y.append(gyroscope.y[reading])
            held.z.append(gyroscope.z[reading])
        }
        var result = recording
        result.gyroscope = held
        return result
    }

    @Test(arguments: [Sport.baseball, .golf])
    func heldGyroscopeGivesTheSameSwings(sport: Sport) throws {
        let session = SwingSimulator.simulate(SimulationConfiguration.preset(sport, seed: 11))
        let raw = RawGyroscopeModel().rawIMURecording(for: session)
        let held = try Self.heldOnAccelerometerRows(raw)
        #expect(try #require(held.gyroscope).count > 3 * (try #require(raw.gyroscope)).count)
        let repaired = HygieneChecker.repaired(held)
        let holds = repaired.hygiene.findings(ofKind: .sampleAndHold)
        #expect(holds.count == 1 && holds[0].message.contains("change only every 4 rows"), "\(holds)")
        let rates = try #require(repaired.gyroscope)
        let original = try #require(raw.gyroscope)
        // Every reading kept once (the first, before the first accelerometer row, has no row), none invented.
        #expect(abs(rates.count - original.count) <= 1, "\(rates.count) readings of \(original.count)")
        #expect(repaired.hygiene.findings(ofKind: .saturation).isEmpty)

        let configuration = SwingAnalyzerConfiguration.preset(for: sport)
        let expected = SwingAnalyzer.analyze(try raw.fusingDeviceMotion(), configuration: configuration).swings
        let found = SwingAnalyzer.analyze(try repaired.fusingDeviceMotion(), configuration: configuration).swings
        #expect(!expected.isEmpty)
        #expect(found.count == expected.count)
        let differences = zip(expected, found).map { abs($0.start - $1.start) }
        let largest = differences.max() ?? .infinity
        print("held gyroscope \(sport): \(found.count) swings of \(expected.count), largest onset |Δ| \(String(format: "%.3f", largest * 1000)) ms")
        #expect(largest <= 0.00125 + 0.00025)
    }
}
