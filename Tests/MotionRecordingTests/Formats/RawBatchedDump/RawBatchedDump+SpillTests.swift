import Foundation
import Testing

@testable import MotionRecording

/// A long raw dump is parsed into a temporary native file and served mapped; it must say and serve exactly what the
/// same text imported into memory does — samples, batches (the empty lines), findings (file and line included) and
/// summaries. Chunks of 1, 97 and 800 rows cut the batches (of 790–810 rows) everywhere.
@Suite struct RawBatchedDumpSpillTests {
    enum Case: String, CaseIterable {
        case accelerometer, rotation, unnamed, forcedGyroscope, fullDeviceMotion, gap, saturated, truncatedLastLine,
            directory, realFixtures
        // Damage whose repair drops, reorders or rescales rows: repaired in the spill, the batch ends moved with the
        // rows dropped (a NaN row, a batch's last row, a whole batch of repeated rows), given up when rows are sorted.
        case nan, nanAtBatchEnd, repeatedBatch, duplicateRows, milliseconds, backwards

        var forced: SensorStream? { self == .forcedGyroscope ? .gyroscope : nil }
        /// A forced raw IMU stream stays in memory: no native file holds only a gyroscope.
        var spills: Bool { self != .forcedGyroscope }
    }

    /// A dump of `seconds` one-second batches at `rate` Hz (790–810 rows each at 800 Hz), starting at t = 1000 s,
    /// an empty line before the first batch and after each; `row(index, t)` gives the fields after the timestamp.
    static func dump(seconds: Int = 4, rate: Double = 800, row: (Int, Double) -> String) -> String {
        var text = "\n"
        var index = 0
        for second in 0..<seconds {
            let rows = Int(rate) + [-10, 4, 10, -3][second % 4] * Int(rate) / 800
            for _ in 0..<rows {
                let t = 1000 + Double(index) / rate
                text += "\(t),\(row(index, t))\n"
                index += 1
            }
            text += "\n"
        }
        return text
    }

    static func accelerometerRow(_ index: Int, _ t: Double) -> String {
        "\(Float(0.3 * sin(t * 7))),\(Float(0.2 * cos(t * 3))),\(Float(-1 + 0.1 * sin(t)))"
    }

    static func rotationRow(_ index: Int, _ t: Double) -> String {
        "\(Float(2 * sin(t * 5))),\(Float(0.5 * cos(t * 2))),\(Float(0.01 * Double(index % 7)))"
    }

    func url(_ recordingCase: Case) -> URL {
        let accelerometer = Self.dump(row: Self.accelerometerRow)
        switch recordingCase {
        case .accelerometer: return FixtureFiles.write(accelerometer, named: "watch-accelerometer.csv")
        case .rotation: return FixtureFiles.write(Self.dump(rate: 200, row: Self.rotationRow), named: "watch-rotation.csv")
        case .unnamed: return FixtureFiles.write(accelerometer, named: "session-3.csv")
        case .forcedGyroscope: return FixtureFiles.write(Self.dump(row: Self.rotationRow), named: "session-4.csv")
        case .fullDeviceMotion:
            let text = Self.dump(rate: 200) { index, t in
                let (w, x) = (Float(cos(t / 4)), Float(sin(t / 4)))
                return "\(w),\(x),0,0,0,0,-1,\(Float(0.1 * sin(t))),0,0,\(Self.rotationRow(index, t))"
            }
            return FixtureFiles.write(text, named: "watch-motion.csv")
        case .gap:
            let text = Self.dump { index, t in Self.accelerometerRow(index, t) }
                .split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { line, text in
                    guard line > 1500, let comma = text.firstIndex(of: ",") else { return String(text) }
                    return "\(Double(text[..<comma])! + 0.5)" + text[comma...]
                }.joined(separator: "\n")
            return FixtureFiles.write(text, named: "gap-accelerometer.csv")
        case .saturated:
            let text = Self.dump { index, t in (700..<706).contains(index) ? "8,0,-1" : Self.accelerometerRow(index, t) }
            return FixtureFiles.write(text, named: "saturated-accelerometer.csv")
        case .truncatedLastLine:
            // The last row cut after its second field, without a line end.
            let text = accelerometer.dropLast(2)
            return FixtureFiles.write(String(text[..<text.lastIndex(of: ",")!]), named: "cut-accelerometer.csv")
        case .directory:
            let directory = FixtureFiles.temporaryDirectory("rawDumpSpillDirectory")
            try? accelerometer.write(to: directory.appendingPathComponent("watch-accelerometer.csv"), atomically: true, encoding: .utf8)
            try? Self.dump(rate: 200, row: Self.rotationRow)
                .write(to: directory.appendingPathComponent("watch-rotation.csv"), atomically: true, encoding: .utf8)
            return directory
        case .realFixtures: return FixtureFiles.url("raw-directory")
        case .nan:
            let text = Self.dump { index, t in index == 900 ? "nan,0,-1" : Self.accelerometerRow(index, t) }
            return FixtureFiles.write(text, named: "nan-accelerometer.csv")
        case .nanAtBatchEnd:
            // The last row of the first batch (line 791: an empty line comes first).
            let text = Self.dump { index, t in index == 789 ? "0,nan,-1" : Self.accelerometerRow(index, t) }
            return FixtureFiles.write(text, named: "nan-end-accelerometer.csv")
        case .repeatedBatch:
            // The second batch delivered twice (a logger retry): every row of the repeat is a duplicate... of a row
            // one batch back, so it is time going backwards and repeated rows at once.
            let batches = Self.dump(row: Self.accelerometerRow).components(separatedBy: "\n\n")
            let text = ([batches[0], batches[1], batches[1]] + batches[2...]).joined(separator: "\n\n")
            return FixtureFiles.write(text, named: "repeated-accelerometer.csv")
        case .duplicateRows:
            // Rows 100, 1700 and 2500 written twice in a row.
            let lines = Self.dump(row: Self.accelerometerRow).components(separatedBy: "\n")
            let text = lines.enumerated().flatMap { line, text in [101, 1701, 2501].contains(line) ? [text, text] : [text] }
            return FixtureFiles.write(text.joined(separator: "\n"), named: "duplicate-accelerometer.csv")
        case .milliseconds:
            let text = Self.dump { index, t in Self.accelerometerRow(index, t) }
                .split(separator: "\n", omittingEmptySubsequences: false).map { text in
                    guard let comma = text.firstIndex(of: ",") else { return String(text) }
                    return "\(Double(text[..<comma])! * 1000)" + text[comma...]
                }.joined(separator: "\n")
            return FixtureFiles.write(text, named: "ms-accelerometer.csv")
        case .backwards:
            let text = Self.dump { index, t in Self.accelerometerRow(index, t) }.replacingOccurrences(of: "\n1001.0,", with: "\n999.5,")
            return FixtureFiles.write(text, named: "backwards-accelerometer.csv")
        }
    }

    @Test(arguments: Case.allCases, [1, 97, 800])
    func aSpilledDumpIsTheImportedOne(_ recordingCase: Case, chunkRows: Int) throws {
        let url = url(recordingCase)
        let format = RecordingFormat.rawBatchedDump(stream: recordingCase.forced)
        let imported = try RecordingSource.open(url, format: format, spillThreshold: .max)
        guard case .inMemory = imported.storage else { Issue.record("below the threshold: in memory"); return }
        let spilledFile = try RawBatchedDump.openSpilled(
            url, stream: recordingCase.forced, spillAbove: 0, chunkRows: chunkRows)
        #expect((spilledFile != nil) == recordingCase.spills)
        let spilled = try RecordingSource.open(url, format: format, spillThreshold: 0)
        if case .mapped = spilled.storage {} else { #expect(!recordingCase.spills, "above the threshold: spilled") }
        var sources = [spilled]
        if let spilledFile { sources.append(RecordingSource(path: url.path, format: format, storage: .mapped(spilledFile))) }
        for source in sources {
            try expectSameRecording(source, as: imported)
        }
        // What the in-memory import itself says, so that the comparison above compares something.
        let recording = try imported.loaded()
        switch recordingCase {
        case .accelerometer, .unnamed, .directory:
            #expect(recording.accelerometerBatchEnds == [790, 1594, 2404, 3201])
            #expect(recording.accelerometer?.count == 3201)
        case .rotation: #expect(recording.deviceMotionBatchEnds == [198, 399, 601, 801])
        case .forcedGyroscope: #expect(recording.gyroscope?.count == 3201 && recording.accelerometer == nil)
        case .fullDeviceMotion: #expect(recording.deviceMotion?.components.contains(.attitude) == true)
        case .gap:
            // Text lines from 1502 on (1-based) are 0.5 s late: the first of them ends the gap.
            #expect(imported.hygiene.findings(ofKind: .gap).first?.line == 1502)
            #expect(Set(recording.accelerometerBatchEnds ?? []).isSuperset(of: [790, 1594, 2404, 3201]))
        case .saturated: #expect(imported.hygiene.findings(ofKind: .saturation).first != nil)
        case .truncatedLastLine: #expect(imported.hygiene.findings(ofKind: .truncated).first != nil)
        case .nan:
            #expect(recording.accelerometer?.count == 3200)
            #expect(recording.accelerometerBatchEnds == [790, 1593, 2403, 3200])
        case .nanAtBatchEnd: #expect(recording.accelerometerBatchEnds == [789, 1593, 2403, 3200])
        case .repeatedBatch:
            #expect(imported.hygiene.findings(ofKind: .nonMonotonic).first != nil)
            #expect(recording.accelerometer?.count == 3201 && recording.accelerometerBatchEnds == nil)
        case .duplicateRows:
            #expect(imported.hygiene.findings(ofKind: .duplicateRows).first != nil)
            #expect(recording.accelerometer?.count == 3201)
            #expect(recording.accelerometerBatchEnds == [790, 1594, 2404, 3201])
        case .milliseconds:
            #expect(imported.hygiene.findings(ofKind: .units).first != nil)
            #expect(recording.accelerometerBatchEnds == [790, 1594, 2404, 3201])
        case .backwards: #expect(imported.hygiene.findings(ofKind: .nonMonotonic).first != nil)
        case .realFixtures: #expect(recording.accelerometerBatchEnds == [5, 9, 15])
        }
        if recordingCase == .unnamed { #expect(imported.hygiene.findings.first?.kind == HygieneFinding.Kind.streamDetection.rawValue) }
    }

    /// A malformed dump is the same error through the spill as through the in-memory import.
    @Test func aMalformedDumpIsTheSameError() throws {
        let url = FixtureFiles.write("\n1.0,0,0,-1\n1.00125,0,abc,-1\n", named: "bad-accelerometer.csv")
        let errors = spilledAndImportedErrors(url)
        #expect(errors.count == 2 && errors[0] == errors[1] && errors[0].contains(":3:"))
    }
}
