// libFuzzer entry point for the MotionRecording readers. Not part of the package: Fuzz/run.sh compiles it together
// with the MotionRecording sources (every .swift below Sources/MotionRecording, MemoryPages as a module) using
// `swiftc -sanitize=fuzzer,address -parse-as-library` (Fuzz/run.sh).
//
// The first input byte picks the reader; the rest is the file contents. Every reader must return a recording or
// throw a RecordingError: a crash, a sanitizer report, a hang or an error without a one-line message is a bug.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    do throws(RecordingError) {
        switch selector % 8 {
        case 0:
            // As a file is opened: a spreadsheet's layout (semicolons, tabs, quotes, UTF-16) rewritten first.
            let (text, _) = try SpreadsheetText.normalized(Data(bytes), file: "accelerometer.csv")
            let stream = try withBytes(text) { text throws(RecordingError) in
                try InterchangeCSV.readAccelerometer(bytes: text, file: "accelerometer.csv")
            }
            var imported = ImportedRecording(metadata: RecordingMetadata())
            imported.accelerometer = stream
            _ = imported.finished()
        case 1:
            let stream = try InterchangeCSV.readDeviceMotion(bytes: bytes, file: "device_motion.csv")
            var imported = ImportedRecording(metadata: RecordingMetadata())
            imported.deviceMotion = stream
            _ = imported.finished()
        case 2:
            _ = try RawBatchedDump.read(bytes: bytes, file: "dump.csv", name: "dump.csv", stream: nil).finished()
        case 3:
            let (text, _) = try SpreadsheetText.normalized(Data(bytes), file: "sensorlog.csv")
            _ = try withBytes(text) { text throws(RecordingError) in try SensorLog.read(bytes: text, file: "sensorlog.csv") }
                .finished()
        case 4:
            let table = try NamedColumnCSV(
                bytes: bytes, file: "WristMotion.csv",
                requests: [.init(names: ["time"], kind: .integer, required: true),
                           .init(names: ["x"], kind: .float, required: false, allowsEmpty: true)])
            _ = table.columns
        case 5, 6:
            let file = try NativeRecordingFile(bytes: UnsafeRawBufferPointer(bytes), file: "fuzz.npz")
            _ = try file.recording()
            // The hygiene pass RecordingSource.open runs on a native file (repairs as for text).
            if file.hygieneScan() != nil { _ = try file.checkedRecording() }
            _ = file.accelerometer(from: -1e300, to: 1e300)
            _ = file.batchRanges()
        default:
            let archive = try ZipArchive(data: Data(bytes), file: "fuzz.zip")
            for entry in archive.entries.prefix(4) { _ = try? archive.contents(of: entry) }
        }
    } catch {
        precondition(!error.description.isEmpty && !error.description.contains("\n"), "bad error text: \(error)")
    }
    return 0
}
