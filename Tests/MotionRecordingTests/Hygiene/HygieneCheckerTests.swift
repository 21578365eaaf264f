import Foundation
import Testing
@testable import MotionRecording

@Suite struct HygieneCheckerTests {
    func accelerometer(_ times: [Double], x: [Float]? = nil) -> AccelerometerData {
        AccelerometerData(
            timestamps: times, x: x ?? times.map { _ in 0 }, y: times.map { _ in 0 }, z: times.map { _ in -1 })
    }

    @Test func checkReportsWithoutChanging() {
        var times = (0..<100).map { 5 + Double($0) / 800 }
        times.insert(times[10], at: 11)  // duplicate row
        let recording = Recording(accelerometer: accelerometer(times))
        let report = HygieneChecker.check(recording)
        let finding = report.findings(ofKind: .duplicateRows).first
        #expect(finding?.message.contains("(first at sample 11)") == true)
        #expect(finding?.message.contains("an import drops them") == true)
        #expect(finding?.line == nil)
        #expect(report.accelerometer?.sampleCount == 101)
        let repaired = HygieneChecker.repaired(recording)
        #expect(repaired.accelerometer?.count == 100)
        #expect(repaired.hygiene.findings(ofKind: .duplicateRows).count == 1)
    }

    @Test func nanRowsAndDuplicateRowsAreBothDropped() {
        // Step 1 (NaN / range) shortens the stream before step 3 (duplicates) marks rows: each must size its own
        // keep-mask for the stream as it is then.
        var times = (0..<100).map { 5 + Double($0) / 800 }
        var x = [Float](repeating: 0.25, count: 100)
        x[3] = .nan
        x[7] = 2000  // out of range
        times.insert(times[50], at: 51)  // duplicate row (same values)
        x.insert(x[50], at: 51)
        let repaired = HygieneChecker.repaired(Recording(accelerometer: accelerometer(times, x: x)))
        #expect(repaired.accelerometer?.count == 98)
        #expect(repaired.accelerometer?.x.allSatisfy { $0 == 0.25 } == true)
        #expect(repaired.hygiene.findings(ofKind: .nan).count == 1)
        #expect(repaired.hygiene.findings(ofKind: .outOfRange).count == 1)
        #expect(repaired.hygiene.findings(ofKind: .duplicateRows).first?.message.contains("(first at sample 49)") == true)
    }

    @Test func duplicateTimestampsWithDifferentValuesAreKept() {
        let times = [1.0, 1.001, 1.001, 1.002]
        let recording = HygieneChecker.repaired(
            Recording(accelerometer: accelerometer(times, x: [0, 0.1, 0.2, 0.3])))
        #expect(recording.accelerometer?.count == 4)
        #expect(recording.hygiene.findings(ofKind: .duplicateTimestamps).count == 1)
    }

    /// One second of 800 Hz accelerometer from t = 100 s and one of 200 Hz device motion (rotation rate) from
    /// `deviceMotionStart` s, checked and repaired.
    func repairedSecond(deviceMotionStart: Double) -> Recording {
        HygieneChecker.repaired(Recording(
            accelerometer: accelerometer((0..<800).map { 100 + Double($0) / 800 }),
            deviceMotion: DeviceMotionData(
                timestamps: (0..<200).map { deviceMotionStart + Double($0) / 200 },
                rotationRateX: .init(repeating: 0, count: 200), rotationRateY: .init(repeating: 0, count: 200),
                rotationRateZ: .init(repeating: 0, count: 200))))
    }

    @Test func clockOverlapIsReported() {
        let recording = repairedSecond(deviceMotionStart: 5000)
        let finding = recording.hygiene.findings(ofKind: .clockOverlap).first
        #expect(finding?.message.contains("do not overlap") == true)
    }

    @Test func overlappingStreamsAreClean() {
        let recording = repairedSecond(deviceMotionStart: 100)
        #expect(recording.hygiene.isClean, "\(recording.hygiene.findings)")
        #expect(abs((recording.hygiene.accelerometer?.estimatedRate ?? 0) - 800) < 1e-6)
    }

    @Test func gravityInMetresPerSecondSquaredIsConverted() throws {
        let n = 50
        let recording = HygieneChecker.repaired(Recording(
            deviceMotion: DeviceMotionData(
                timestamps: (0..<n).map { Double($0) / 100 },
                gravityX: .init(repeating: 0, count: n), gravityY: .init(repeating: 0, count: n),
                gravityZ: .init(repeating: -9.80665, count: n),
                userAccelerationX: .init(repeating: 0.980665, count: n),
                userAccelerationY: .init(repeating: 0, count: n), userAccelerationZ: .init(repeating: 0, count: n))))
        #expect(recording.hygiene.findings(ofKind: .units).count == 1)
        let gravityZ = try #require(recording.deviceMotion?.gravityZ.first)
        #expect(abs(gravityZ + 1) < 1e-6)
        #expect(abs((recording.deviceMotion?.userAccelerationX.first ?? 0) - 0.1) < 1e-6)
    }

    /// Timestamps in milliseconds, microseconds or nanoseconds (an 800 Hz stream would read as 0.8 Hz, 0.0008 Hz…)
    /// are converted to seconds and reported; a gap in them is then found in seconds.
    @Test(arguments: [(1e3, "milliseconds"), (1e6, "microseconds"), (1e9, "nanoseconds")])
    func timestampsInSmallerUnitsAreConvertedToSeconds(perSecond: Double, unit: String) throws {
        var seconds = (0..<2000).map { 7 + Double($0) / 800 }
        seconds.removeSubrange(1000..<1400)  // a 0.5 s gap
        let recording = HygieneChecker.repaired(
            Recording(accelerometer: accelerometer(seconds.map { $0 * perSecond })))
        let converted = try #require(recording.accelerometer?.timestamps)
        #expect(zip(converted, seconds).allSatisfy { abs($0 - $1) <= 1e-12 * $1 })
        let finding = try #require(recording.hygiene.findings(ofKind: .units).first)
        #expect(finding.message.contains("timestamps are in \(unit); converted to seconds"), "\(finding.message)")
        let gap = try #require(recording.hygiene.accelerometer?.gaps.first)
        #expect(abs(gap.duration - 0.50125) < 1e-9 && abs(gap.start - seconds[999]) < 1e-9)
        #expect(abs((recording.hygiene.accelerometer?.estimatedRate ?? 0) - 800) < 1e-6)
    }

    /// Seconds stay seconds, however fast or slow the stream; a few samples decide nothing.
    @Test func plausibleSpacingsInSecondsAreLeftAlone() {
        #expect(StreamRepairer.timeUnit(medianSpacing: 1.0 / 800) == nil)
        #expect(StreamRepairer.timeUnit(medianSpacing: 0.4) == nil)  // 2.5 Hz, seconds
        #expect(StreamRepairer.timeUnit(medianSpacing: 1.25)?.unit == "milliseconds")
        #expect(StreamRepairer.timeUnit(medianSpacing: 1250)?.unit == "microseconds")
        #expect(StreamRepairer.timeUnit(medianSpacing: 5e6)?.unit == "nanoseconds")
        #expect(StreamRepairer.timeUnit(medianSpacing: 3e9) == nil)  // no unit makes this a sensor rate
        let sparse = HygieneChecker.repaired(Recording(accelerometer: accelerometer((0..<10).map { Double($0) * 2 })))
        #expect(sparse.hygiene.findings(ofKind: .units).isEmpty)
        #expect(sparse.accelerometer?.timestamps.last == 18)
    }

    @Test func findingsEncodeAsFlatJSON() throws {
        let finding = HygieneFinding(kind: .gap, file: "a.csv", line: 12, message: "m")
        let json = String(decoding: try JSONEncoder().encode(finding), as: UTF8.self)
        #expect(json.contains("\"kind\":\"gap\""))
        #expect(json.contains("\"line\":12"))
        #expect(finding.description == "a.csv:12: gap: m")
        #expect(finding.dictionary["line"] as? Int == 12)
    }

    @Test func unnamedRotationDumpIsDetectedFromValues() throws {
        var text = "\n"
        for index in 0..<400 {
            let moving = index > 200 && index < 300
            text += "\(1000 + Double(index) / 200),\(moving ? 3.5 : 0.01),\(moving ? -2.0 : 0.02),0.005\n"
        }
        let url = FixtureFiles.write(text + "\n", named: "session-42.csv")
        let recording = try RecordingImporter.load(url)
        #expect(recording.deviceMotion?.components == .rotationRate)
        #expect(recording.hygiene.findings(ofKind: .streamDetection).first?.message.contains("read as rotation rate") == true)
    }
}
