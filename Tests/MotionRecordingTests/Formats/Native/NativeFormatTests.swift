import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct NativeFormatTests {
    @Test func roundTripIsExactAndKeepsBatchesAndMetadata() throws {
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for source in ["interchange/basic", "raw/tiny-accelerometer.csv", "raw-directory", "raw/tiny-rotation.csv"] {
            let original = try RecordingImporter.load(FixtureFiles.url(source))
            let url = directory.appendingPathComponent("copy.npz")
            try NativeFormat.write(original, to: url)
            #expect(try RecordingImporter.detectFormat(url) == .native)
            let copy = try RecordingImporter.load(url)
            #expect(copy.accelerometer == original.accelerometer)
            #expect(copy.deviceMotion == original.deviceMotion)
            #expect(copy.accelerometerBatchEnds == original.accelerometerBatchEnds)
            #expect(copy.deviceMotionBatchEnds == original.deviceMotionBatchEnds)
            #expect(copy.metadata == original.metadata)
            #expect(copy.hygiene == original.hygiene)
        }
    }

    @Test func csvToNativeToCSVIsTextIdentical() throws {
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let npz = directory.appendingPathComponent("r.npz")
        try NativeFormat.write(original, to: npz)
        try InterchangeCSVWriter.write(try NativeFormat.read(npz), to: directory.appendingPathComponent("csv"))
        for name in ["accelerometer.csv", "device_motion.csv"] {
            let before = try String(contentsOf: FixtureFiles.url("interchange/basic/" + name), encoding: .utf8)
            let after = try String(contentsOf: directory.appendingPathComponent("csv/" + name), encoding: .utf8)
            #expect(before == after, "\(name)")
        }
    }

    @Test func arrayDataIsAlignedAndRangeQueriesMatch() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let file = try FixtureFiles.openedNativeFile(recording)
        #expect(file.arrays.values.allSatisfy { $0.offset % 64 == 0 })
        #expect(file.accelerometerCount == 2000)
        #expect(file.deviceMotionCount == 500)
        for (t0, t1) in [(100.0, 100.5), (100.7, 101.3), (102.0, 200.0), (50.0, 60.0), (101.0, 100.0)] {
            #expect(file.accelerometer(from: t0, to: t1) == recording.accelerometer(from: t0, to: t1))
            #expect(file.deviceMotion(from: t0, to: t1) == recording.deviceMotion(from: t0, to: t1))
        }
        let t = recording.accelerometer!.timestamps[700]
        #expect(file.latestAccelerometerSample(atOrBefore: t) == recording.accelerometer!.sample(at: 700))
        #expect(file.latestAccelerometerSample(atOrBefore: t.nextDown) == recording.accelerometer!.sample(at: 699))
        #expect(file.latestAccelerometerSample(atOrBefore: 99) == nil)
    }

    @Test func readsNumpyWrittenFile() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("native/numpy-written.npz"))
        #expect(recording.accelerometer?.timestamps == [1.0, 1.005, 1.01, 1.015])
        #expect(recording.accelerometer?.x == [0.1, 0.2, 0.3, 0.4])  // <f8 columns converted to Float
        #expect(recording.deviceMotion?.components == .rotationRate)
        #expect(recording.metadata.sourceFormat == "native-npz")
    }

    /// An `.npy` member (version 1.0 header, 64-byte aligned as numpy writes it) with `header` and `dataBytes`
    /// bytes of data, parsed as `NpyArrayInfo` — or the reason it was refused.
    static func parseNpy(_ header: String, dataBytes: Int) -> Result<NpyArrayInfo, RecordingError> {
        var text = Array(header.utf8)
        while (10 + text.count + 1) % 64 != 0 { text.append(UInt8(ascii: " ")) }
        text.append(UInt8(ascii: "\n"))
        let bytes = [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(text.count & 0xFF), UInt8(text.count >> 8)] + text
            + [UInt8](repeating: 0, count: dataBytes)
        return bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(RecordingError) in
                try NpyArrayInfo.parse(buffer, range: 0..<buffer.count, name: "x", file: "test.npz")
            }
        }
    }

    /// The header dictionary's values: dtype, order and shape (tuple commas, spaces and an empty shape), and the
    /// refusals that name what is unsupported.
    @Test func npyHeadersAreReadAndUnsupportedOnesNamed() throws {
        let plain = try Self.parseNpy("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", dataBytes: 24).get()
        #expect(plain.dtype == .float64)
        #expect(plain.count == 3)
        #expect(plain.offset == 128)  // 10-byte preamble + 117 header bytes + newline
        let spaced = try Self.parseNpy("{'descr':'<f4','fortran_order':False,'shape':( 5 , ),}", dataBytes: 20).get()
        #expect(spaced.dtype == .float32)
        #expect(spaced.count == 5)
        #expect(try Self.parseNpy("{'descr': '|u1', 'fortran_order': False, 'shape': (), }", dataBytes: 1).get().count == 1)
        func reason(_ header: String, dataBytes: Int = 64) -> String {
            guard case .failure(.malformed(_, _, _, _, let reason)) = Self.parseNpy(header, dataBytes: dataBytes) else {
                return "accepted"
            }
            return reason
        }
        #expect(reason("{'descr': '>f8', 'fortran_order': False, 'shape': (3,), }").contains("unsupported dtype"))
        #expect(reason("{'descr': '<f8', 'fortran_order': True, 'shape': (3,), }").contains("fortran_order"))
        #expect(reason("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }").contains("not one-dimensional"))
        #expect(reason("{'descr': '<f8', 'fortran_order': False, }").contains("no shape"))
        #expect(reason("{'descr': '<f8', 'fortran_order': False, 'shape': (9,), }").contains("data shorter"))
    }

    @Test func truncatedArchiveIsRejected() throws {
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let url = directory.appendingPathComponent("r.npz")
        try NativeFormat.write(recording, to: url)
        let data = try Data(contentsOf: url)
        let cut = directory.appendingPathComponent("cut.npz")
        try data.prefix(data.count / 2).write(to: cut)
        #expect {
            try RecordingImporter.load(cut, format: .native)
        } throws: { error in
            "\(error)".hasSuffix("cut.npz: invalid zip archive: no end-of-central-directory record: the file is cut short (\(data.count / 2) bytes; the archive's directory is written last)")
        }
    }

    @Test(.enabled(if: SharedDatasets.file("tennis-motion/forehand-seven-shots-accelerometer.csv") != nil))
    func realRecordingRoundTrips() throws {
        let url = try #require(SharedDatasets.file("tennis-motion/forehand-seven-shots-accelerometer.csv"))
        let original = try RecordingImporter.load(url)
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let npz = directory.appendingPathComponent("tennis.npz")
        try NativeFormat.write(original, to: npz)
        let copy = try NativeFormat.read(npz)
        #expect(copy.accelerometer == original.accelerometer)
        #expect(copy.accelerometerBatchEnds == original.accelerometerBatchEnds)
    }
}
