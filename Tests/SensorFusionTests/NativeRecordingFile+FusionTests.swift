import Foundation
import MotionRecording
import Testing
import _TestSupport
@testable import SensorFusion

/// Fusing a memory-mapped recording streams it: the raw streams are read a second at a time and the fused device
/// motion written to a temporary native file as it comes. The result must be exactly what fusing the loaded
/// recording gives — samples, metadata, findings and batches — however the work is chunked.
@Suite struct NativeRecordingFileFusionTests {
    /// 30 s of a turning, biased 800 / 200 Hz IMU whose gyroscope pauses 1.5 s at 10 s (a re-initialisation) and
    /// stops 1.5 s before the end (accelerometer samples without a gyroscope), with a magnetometer and pressure beside
    /// it (copied unchanged), and accelerometer batch ends cut at random (kept).
    static func rawIMU() -> Recording {
        var imu = SimulatedIMU()
        imu.duration = 30
        imu.jitter = 0.2
        imu.rotationRate = { t in SIMD3(0.8 * sin(t), 0.3, -0.5 * cos(2 * t)) }
        imu.bias = SIMD3(0.01, -0.02, 0.005)
        imu.gyroscopeGaps = [10...11.5, 28.5...31]
        let output = imu.generate()
        var recording = Recording(accelerometer: output.accelerometer, gyroscope: output.gyroscope)
        let tenHertz = (0..<300).map { Double($0) / 10 }
        recording.magnetometer = MagnetometerData(
            timestamps: tenHertz, x: tenHertz.map { Float(20 + $0) }, y: .init(repeating: -5, count: 300),
            z: .init(repeating: 40, count: 300))
        recording.pressure = PressureData(timestamps: tenHertz, pressureKilopascals: tenHertz.map { Float(101 - $0 / 1000) })
        var rng = SplitMix64(seed: 11)
        var ends: [Int] = []
        var end = 0
        while end < output.accelerometer.count {
            end = min(output.accelerometer.count, end + 1 + Int(rng.next() % 1600))
            ends.append(end)
        }
        recording.accelerometerBatchEnds = ends
        return recording
    }

    /// `recording` written as a native `.npz` into a fresh temporary directory, opened memory-mapped.
    static func opened(_ recording: Recording) throws -> (source: RecordingSource, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fusion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("raw.npz")
        try NativeFormat.write(recording, to: url)
        return (try RecordingSource.open(url), directory)
    }

    /// Expects `streamed` (fused from a mapped file) to be `loaded` (the loaded recording fused in memory).
    static func expectSame(_ streamed: RecordingSource, _ loaded: RecordingSource) throws {
        #expect(streamed.metadata == loaded.metadata)
        #expect(streamed.hygiene == loaded.hygiene)
        #expect(streamed.streams == loaded.streams)
        #expect(streamed.deviceMotionComponents == loaded.deviceMotionComponents)
        #expect(streamed.duration == loaded.duration)
        #expect(streamed.batchRanges() == loaded.batchRanges())
        let (a, b) = (try streamed.loaded(), try loaded.loaded())
        #expect(a.deviceMotion == b.deviceMotion)
        #expect(a.accelerometer == b.accelerometer)
        #expect(a.accelerometerBatchEnds == b.accelerometerBatchEnds)
        #expect(a.deviceMotionBatchEnds == b.deviceMotionBatchEnds)
        #expect(a.gyroscope == b.gyroscope)
        #expect(a.magnetometer == b.magnetometer)
        #expect(a.pressure == b.pressure)
    }

    @Test func streamedFusionIsTheLoadedRecordingsFusion() throws {
        let (opened, directory) = try Self.opened(Self.rawIMU())
        defer { try? FileManager.default.removeItem(at: directory) }
        guard case .mapped(let file) = opened.storage else { throw Unexpected.storage }
        let streamed = RecordingSource(try file.fusingDeviceMotion(), path: opened.path, format: opened.format)
        let loaded = RecordingSource(try opened.loaded().fusingDeviceMotion(), path: opened.path, format: opened.format)
        try Self.expectSame(streamed, loaded)
        guard case .mapped = streamed.storage else { throw Unexpected.storage }
        // The findings the fusion adds: that it fused, the gyroscope gap it re-initialised after, the accelerometer
        // samples after the gyroscope stopped.
        let findings = streamed.hygiene.findings
        #expect(findings.contains { $0.kind == "fused" && $0.message.hasPrefix("device motion computed by sensor fusion") })
        #expect(findings.contains { $0.kind == "gap" && $0.message.hasPrefix("fusion: gyroscope paused") })
        #expect(findings.contains { $0.file == "accelerometer" && $0.message.contains("without a gyroscope sample") })
        #expect(streamed.metadata.deviceMotionSource == "fused")
        #expect(streamed.hygiene.deviceMotion == nil)
    }

    @Test func writingInSmallPiecesChangesNothing() throws {
        let (opened, directory) = try Self.opened(Self.rawIMU())
        defer { try? FileManager.default.removeItem(at: directory) }
        guard case .mapped(let file) = opened.storage else { throw Unexpected.storage }
        let whole = RecordingSource(try file.fusingDeviceMotion(), path: opened.path, format: opened.format)
        // 97 rows a write: many writes, none on a second's boundary.
        let pieces = RecordingSource(
            try file.fusingDeviceMotion(configuration: SensorFusionConfiguration(), directory: nil, rowsPerWrite: 97),
            path: opened.path, format: opened.format)
        try Self.expectSame(pieces, whole)
    }

    @Test func recordedDeviceMotionIsReplacedAndSaidSo() throws {
        var recording = Self.rawIMU()
        let fused = try recording.fusingDeviceMotion().deviceMotion!
        recording.deviceMotion = fused[0..<100]
        recording.deviceMotionBatchEnds = [40, 100]
        let (opened, directory) = try Self.opened(recording)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(!opened.needsFusion() && opened.needsFusion(force: true))
        let streamed = try opened.fusingDeviceMotion()
        try Self.expectSame(streamed, RecordingSource(try opened.loaded().fusingDeviceMotion(), path: opened.path, format: opened.format))
        #expect(streamed.hygiene.findings.contains { $0.message.hasPrefix("device motion replaced by sensor fusion") })
        #expect(try streamed.loaded().deviceMotion == fused)
    }

    /// The decision is the source's own facts: its streams and whether its device motion carries rotation rate.
    @Test func fusionIsDecidedWithoutLoading() throws {
        var recording = Self.rawIMU()
        let (raw, rawDirectory) = try Self.opened(recording)
        defer { try? FileManager.default.removeItem(at: rawDirectory) }
        #expect(raw.needsFusion())
        // Device motion with gravity only (no rotation rate) is fused over; with rotation rate it is kept.
        let gravityOnly = DeviceMotionData(
            timestamps: [0, 0.01], gravityX: [0, 0], gravityY: [0, 0], gravityZ: [-1, -1])
        recording.deviceMotion = gravityOnly
        let (withGravity, gravityDirectory) = try Self.opened(recording)
        defer { try? FileManager.default.removeItem(at: gravityDirectory) }
        #expect(withGravity.needsFusion())
        recording.gyroscope = nil
        let (noGyroscope, noGyroscopeDirectory) = try Self.opened(recording)
        defer { try? FileManager.default.removeItem(at: noGyroscopeDirectory) }
        #expect(!noGyroscope.needsFusion(force: true))
    }

    enum Unexpected: Error { case storage }
}
