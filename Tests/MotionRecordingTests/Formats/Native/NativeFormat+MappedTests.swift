import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

/// A mapped native recording written out (native or interchange CSV) streaming from its mapping, in pieces far
/// smaller than its columns, gives byte for byte the files its loaded copy gives.
@Suite struct NativeFormatMappedTests {
    /// The replacement tests' recording (accelerometer in batches of 37, device motion with gravity only in two
    /// batches, gyroscope, pressure) plus a 10 Hz magnetometer.
    static func file() throws -> NativeRecordingFile {
        var recording = DeviceMotionReplacementTests.recording()
        let t = (0..<200).map { Double($0) / 10 + 0.05 }
        recording.magnetometer = MagnetometerData(
            timestamps: t, x: t.map { Float($0) * 3 }, y: t.map { Float(-$0) }, z: .init(repeating: 41.5, count: 200))
        var file = try FixtureFiles.openedNativeFile(recording)
        file.releaseChunkBytes = 4096  // several chunks per column, each released behind
        return file
    }

    @Test func nativeFromTheMappingEqualsNativeFromTheLoadedCopy() throws {
        let file = try Self.file()
        let directory = FixtureFiles.temporaryDirectory()
        let streamed = directory.appendingPathComponent("streamed.npz")
        let loaded = directory.appendingPathComponent("loaded.npz")
        try NativeFormat.write(file, to: streamed)
        try NativeFormat.write(try file.recording(), to: loaded)
        let bytes = try Data(contentsOf: streamed)
        #expect(bytes.count > 40_000)
        let loadedBytes = try Data(contentsOf: loaded)
        #expect(bytes == loadedBytes)
        let reread = try NativeFormat.read(streamed)
        #expect(reread.accelerometer == DeviceMotionReplacementTests.recording().accelerometer)
        #expect(reread.magnetometer?.count == 200 && reread.deviceMotionBatchEnds == [400, 1000])
    }

    /// A file written by numpy with `<f8` samples (and here `<f4` timestamps) is converted from its mapping, chunk
    /// by chunk, to what this writer writes (`<f8` timestamps, `<f4` samples), byte for byte the file written from
    /// its loaded copy — values that round in `Float`, several chunks per column.
    @Test(arguments: [4096, 1 << 20])
    func aFileWithOtherFloatTypesIsConvertedAsLoadingConverts(chunkBytes: Int) throws {
        let t = (0..<3000).map { Double($0) / 100 + 0.1 }
        var file = try FixtureFiles.openedNpz([
            ("accelerometer_timestamp", .float32(t.map { Float($0) })), ("accelerometer_x", .float64(t)),
            ("accelerometer_y", .float64(t.map { $0 / 3 })), ("accelerometer_z", .float32(t.map { -Float($0) })),
        ])
        file.releaseChunkBytes = chunkBytes
        let directory = FixtureFiles.temporaryDirectory()
        try NativeFormat.write(file, to: directory.appendingPathComponent("streamed.npz"))
        try NativeFormat.write(try file.recording(), to: directory.appendingPathComponent("loaded.npz"))
        let streamed = try Data(contentsOf: directory.appendingPathComponent("streamed.npz"))
        let loaded = try Data(contentsOf: directory.appendingPathComponent("loaded.npz"))
        #expect(streamed.count > 40_000)
        #expect(streamed == loaded)
        let written = try NativeFormat.open(directory.appendingPathComponent("streamed.npz"))
        #expect(written.arrays["accelerometer_x"]?.dtype == .float32)
        #expect(written.arrays["accelerometer_timestamp"]?.dtype == .float64)
        let reread = try written.recording()
        #expect(reread.accelerometer?.y[7] == Float(t[7] / 3))
        #expect(reread.accelerometer?.timestamps[7] == Double(Float(t[7])))
    }

    @Test(arguments: [7, 37, 1 << 16])
    func interchangeCSVFromTheMappingEqualsCSVFromTheLoadedCopy(rowsPerPiece: Int) throws {
        let file = try Self.file()
        let directory = FixtureFiles.temporaryDirectory()
        try InterchangeCSVWriter.write(file, to: directory.appendingPathComponent("streamed"), rowsPerPiece: rowsPerPiece)
        try InterchangeCSVWriter.write(try file.recording(), to: directory.appendingPathComponent("loaded"))
        let streamed = try directoryContents(directory.appendingPathComponent("streamed"))
        #expect(streamed.keys.sorted() == [
            "accelerometer.csv", "device_motion.csv", "gyroscope.csv", "magnetometer.csv", "metadata.json", "pressure.csv",
        ])
        let loaded = try directoryContents(directory.appendingPathComponent("loaded"))
        #expect(streamed == loaded)
    }
}
