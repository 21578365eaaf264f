import Foundation
import Testing
@testable import MotionRecording

/// Hygiene of the slower streams: pressure units and spikes (``PressureChecks``), NaN and unknown values, time
/// order, and streams that stop while the motion goes on — each a reported repair.
@Suite struct PressureChecksTests {
    /// 60 s of accelerometer (100 Hz is enough here) and 1 Hz pressure at `kilopascals(t)` from t = 0.
    static func recording(seconds: Int = 60, pressureSeconds: Int = 60, _ kilopascals: (Int) -> Float) -> Recording {
        var accelerometer = AccelerometerData()
        for index in 0..<(seconds * 100) { accelerometer.append(timestamp: Double(index) / 100, x: 0, y: 0, z: -1) }
        let times = (0..<pressureSeconds).map { Double($0) + 0.5 }
        return Recording(
            accelerometer: accelerometer,
            pressure: PressureData(timestamps: times, pressureKilopascals: (0..<pressureSeconds).map(kilopascals)))
    }

    /// A slow climb: 3 m in 60 s near sea level (−0.036 kPa), with ±5 Pa noise.
    static func climb(_ second: Int) -> Float { 101.3 - 0.0006 * Float(second) + 0.005 * Float(second % 3 - 1) }

    @Test(arguments: [(Float(10), "hPa (mbar)", "÷ 10"), (1000, "Pa", "÷ 1000")])
    func hectopascalsAndPascalsAreConverted(scale: Float, unit: String, division: String) {
        let repaired = HygieneChecker.repaired(Self.recording { Self.climb($0) * scale })
        let units = repaired.hygiene.findings(ofKind: .units)
        #expect(units.count == 1 && units[0].message.hasPrefix("pressure is in \(unit)") && units[0].message.contains(division))
        #expect(repaired.pressure?.pressureKilopascals == (0..<60).map { Self.climb($0) * scale / scale })
        // Checking alone reports the conversion an import would make, and nothing else.
        let checked = HygieneChecker.check(Self.recording { Self.climb($0) * scale })
        #expect(checked.findings.map(\.kind) == ["units"] && checked.findings[0].message.contains("an import converts it to kPa"))
    }

    @Test func kilopascalsIncludingADiveAreLeftAsTheyAre() {
        // A dive to 20 m (≈ 300 kPa) for most of the recording: the surface minutes keep the 5th percentile ~101.
        let dive = Self.recording { second in second < 5 || second > 55 ? 101.3 : 101.3 + 196 * min(1, Float(second - 5) / 10) }
        #expect(PressureChecks.unit(dive.pressure!.pressureKilopascals) == nil)
        let repaired = HygieneChecker.repaired(dive)
        #expect(repaired.hygiene.findings.isEmpty, "\(repaired.hygiene.findings)")
        #expect(repaired.pressure == dive.pressure)
    }

    @Test func isolatedSpikesOutOfWaterAreDroppedAndReported() {
        let spiky = Self.recording { second in
            switch second {
            case 20: 95.1  // 6.2 kPa down and back: ~520 m in a second
            case 40: 120  // 18.7 kPa up and back
            default: Self.climb(second)
            }
        }
        #expect(PressureChecks.spikes(spiky.pressure!.timestamps, spiky.pressure!.pressureKilopascals) == [20, 40])
        let repaired = HygieneChecker.repaired(spiky)
        let spikes = repaired.hygiene.findings(ofKind: .spike)
        #expect(spikes.count == 1)
        #expect(spikes.first?.message.hasPrefix("2 pressure spike(s) of more than 5 kPa within a second") == true)
        #expect(spikes.first?.message.contains("95.100 kPa at 20.500 s, 120.000 kPa at 40.500 s") == true, "\(spikes)")
        #expect(repaired.pressure?.count == 58 && repaired.pressure?.timestamps.contains(20.5) == false)
    }

    @Test func stepsUnderWaterAndLastingStepsAreNotSpikes() {
        // A swimmer's wrist 0.6 m deeper for one sample while submerged (surface pressure + 20 kPa), and a lasting
        // 6 kPa step (a sensor re-zeroing): neither is an isolated spike out of water.
        let pressure: [Float] = [121.3, 127.2, 121.3, 101.3, 101.3, 107.3, 107.3, 107.3]
        #expect(PressureChecks.spikes((0..<8).map(Double.init), pressure) == [])
        // A spike over a gap of 3 s needs more than 15 kPa.
        #expect(PressureChecks.spikes([0, 3, 6], [101.3, 112.3, 101.3]) == [])
        #expect(PressureChecks.spikes([0, 3, 6], [101.3, 117.3, 101.3]) == [1])
    }

    @Test func pressureThatStopsIsReported() {
        let stopping = Self.recording(pressureSeconds: 30) { Self.climb($0) }
        let gaps = HygieneChecker.repaired(stopping).hygiene.findings(ofKind: .gap)
        #expect(gaps.map(\.message) == [
            "pressure stops at 29.500 s while the accelerometer goes on to 59.990 s: the last 30.490 s have no pressure"
        ])
    }

    @Test func nanRowsAndBackwardsTimesInSlowerStreams() {
        var recording = Self.recording { Self.climb($0) }
        recording.pressure!.pressureKilopascals[7] = .nan
        recording.pressure!.timestamps.swapAt(10, 11)
        recording.location = LocationData(
            timestamps: [1, 2, 3], latitudeDegrees: [52.5, .nan, 52.5], longitudeDegrees: [13.4, 13.4, 13.4],
            altitudeMeters: [.nan, 34, 35], speedMetersPerSecond: [1, 1, .nan], horizontalAccuracyMeters: [5, 5, 5])
        let repaired = HygieneChecker.repaired(recording)
        let nan = repaired.hygiene.findings(ofKind: .nan).map(\.message)
        #expect(nan == [
            "1 pressure row(s) with NaN/Inf (first at sample 7, pressure); dropped",
            "1 location row(s) with NaN/Inf (first at sample 1, latitude); dropped",
        ])
        // Unknown altitude and speed (NaN) are kept: only the row without a position is dropped.
        #expect(repaired.location?.timestamps == [1, 3] && repaired.location?.altitudeMeters[0].isNaN == true)
        #expect(repaired.hygiene.findings(ofKind: .nonMonotonic).first?.message.hasPrefix("1 pressure sample(s) earlier than the one before") == true)
        #expect(repaired.pressure?.timestamps == recording.pressure!.timestamps.filter { $0 != 7.5 }.sorted())
    }

    @Test func impossibleLatitudeIsOutOfRange() {
        var recording = Self.recording { Self.climb($0) }
        recording.location = LocationData(
            timestamps: [1, 2], latitudeDegrees: [52.5, 152.5], longitudeDegrees: [13.4, 13.4],
            altitudeMeters: [34, 34], speedMetersPerSecond: [1, 1], horizontalAccuracyMeters: [5, 5])
        let findings = HygieneChecker.repaired(recording).hygiene.findings(ofKind: .outOfRange)
        #expect(findings.map(\.message) == ["1 location row(s) with |value| > 90 (first at sample 1, latitude = 152.5); dropped"])
    }
}
