import Foundation
import Testing
import _TestSupport

@testable import MotionRecording

/// A long Sensor Logger export is parsed into a temporary native file and served mapped; it must say and serve
/// exactly what the same export imported into memory does — samples (bit for bit), batches, findings (kind, file,
/// line, message), summaries, metadata and slower streams. Chunks of 1, 97 and 800 rows cut the runs of damaged rows
/// and the 4 s streams (400 rows at 100 Hz) everywhere.
@Suite struct SensorLoggerSpillTests {
    enum Case: String, CaseIterable {
        case watch, watchStandardised, watchInferredStandardised, conjugatedAttitude, timeFallback, nanRows,
            backwardsRows, gap, truncatedLastLine, loneWristMotion, phoneUserAcceleration, phoneStandardised,
            phoneRaw, phoneWithoutGravity, plainFixture, standardisedFixture, iPhoneFixture, spreadsheetFixture,
            zipFixture, storedZip, headOnlyMembersCorrupt
    }

    /// Seconds of each synthetic export.
    static let seconds = 4
    static let epochNanoseconds = 1_777_991_856_123_456_789

    /// The wrist tilting about x by a(t) = 0.3 sin t rad: attitude q = (cos a/2, sin a/2, 0, 0), gravity in the
    /// device frame (0, −sin a, −cos a) g (so rotate(q, gravity) = (0, 0, −1)), user acceleration 0.1 sin 7t g on x,
    /// rotation rate (0.3 cos t, 0, 0) rad/s.
    struct Motion {
        var t: Double
        var angle: Double { 0.3 * sin(t) }
        var gravity: [Double] { [0, -sin(angle), -cos(angle)] }
        var user: [Double] { [0.1 * sin(7 * t), 0, 0] }
        var rate: [Double] { [0.3 * cos(t), 0, 0] }
        var quaternion: [Double] { [cos(angle / 2), sin(angle / 2), 0, 0] }
    }

    /// A Sensor Logger CSV: `time,seconds_elapsed` and `columns`, `rate` Hz from `offset` s, values from `row`.
    /// `time(index, text)` may rewrite a row's time field (damage).
    static func csv(
        _ columns: [String], rate: Double = 100, offset: Double = 0, time: (Int, String) -> String = { $1 },
        row: (Int, Motion) -> [Double]
    ) -> String {
        var text = "time,seconds_elapsed," + columns.joined(separator: ",") + "\n"
        for index in 0..<Int(Double(seconds) * rate) {
            let elapsed = offset + Double(index) / rate
            let nanoseconds = epochNanoseconds + Int((elapsed * 1e9).rounded())
            text += time(index, "\(nanoseconds)") + ",\(elapsed - 0.05),"
            text += row(index, Motion(t: elapsed)).map { "\(Float($0))" }.joined(separator: ",") + "\n"
        }
        return text
    }

    static func metadata(standardised: Bool, device: String) -> String {
        "version,device name,recording epoch time,platform,appVersion,standardisation\n3,\"\(device)\",1777991856123,ios,1.50.0,\(standardised)\n"
    }

    /// A watch export (WristMotion.csv, WatchAccelerometerUncalibrated.csv, Metadata.csv, WatchBarometer.csv):
    /// `scale` multiplies gravity and accelerations (−9.80665 when standardised), `sign` the quaternion's vector.
    static func watch(
        scale: Double = 1, sign: Double = 1, metadata: Bool? = false, time: (Int, String) -> String = { $1 },
        damage: (String) -> String = { $0 }
    ) -> [String: String] {
        let wrist = csv(SensorLogger.wristMotionColumns + ["pitch", "roll", "yaw"], time: time) { _, m in
            m.rate + m.gravity.map { $0 * scale } + m.user.map { $0 * scale } + [m.quaternion[0]]
                + m.quaternion.dropFirst().map { $0 * sign } + [0.1, 0.2, 0.3]
        }
        let accelerometer = csv(["x", "y", "z"], offset: 0.003, time: time) { _, m in
            zip(m.gravity, m.user).map { ($0 + $1) * scale }
        }
        var files = [
            "WristMotion.csv": damage(wrist), "WatchAccelerometerUncalibrated.csv": damage(accelerometer),
            "WatchBarometer.csv": csv(["relativeAltitude", "pressure"], rate: 1, time: time) { index, _ in [Double(index) * 0.1, 101.3] },
        ]
        if let metadata { files["Metadata.csv"] = Self.metadata(standardised: metadata, device: "Apple Watch Series 9") }
        return files
    }

    /// A phone export: Accelerometer.csv (user acceleration, m/s²; columns z, y, x), Gravity.csv (m/s², 3 ms late),
    /// Gyroscope.csv (50 Hz), GyroscopeUncalibrated.csv (bias (0.01, −0.02, 0.005) rad/s),
    /// MagnetometerUncalibrated.csv (µT), Barometer.csv (hPa), Metadata.csv; `sign` −1 for Android signs.
    static func phone(sign: Double = 1, standardised: Bool = false) -> [String: String] {
        let g = 9.80665 * sign
        return [
            "Accelerometer.csv": csv(["z", "y", "x"]) { _, m in m.user.reversed().map { $0 * g } },
            "Gravity.csv": csv(["z", "y", "x"], offset: 0.003) { _, m in m.gravity.reversed().map { $0 * g } },
            "Gyroscope.csv": csv(["z", "y", "x"], rate: 50) { _, m in m.rate.reversed() },
            "GyroscopeUncalibrated.csv": csv(["z", "y", "x"]) { _, m in zip(m.rate, [0.01, -0.02, 0.005]).map(+).reversed() },
            "MagnetometerUncalibrated.csv": csv(["z", "y", "x"]) { index, _ in [-40, 5 + Double(index % 3), 20] },
            "Barometer.csv": csv(["relativeAltitude", "pressure"], rate: 1) { index, _ in [Double(index) * 0.1, 1013.2] },
            "Metadata.csv": metadata(standardised: standardised, device: "iPhone 15"),
        ]
    }

    static func directory(_ files: [String: String], _ name: String) -> URL {
        let directory = FixtureFiles.temporaryDirectory(name)
        for (file, text) in files { try! Data(text.utf8).write(to: directory.appendingPathComponent(file)) }
        return directory
    }

    /// Replaces lines (1-based) of a CSV text.
    static func replacing(_ text: String, _ lines: [Int: (Substring) -> String]) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            lines[index + 1].map { $0(line) } ?? String(line)
        }.joined(separator: "\n")
    }

    func url(_ recordingCase: Case) -> URL {
        let name = recordingCase.rawValue
        switch recordingCase {
        case .watch: return Self.directory(Self.watch(), name)
        case .watchStandardised: return Self.directory(Self.watch(scale: -9.80665, metadata: true), name)
        case .watchInferredStandardised: return Self.directory(Self.watch(scale: -9.80665, metadata: nil), name)
        case .conjugatedAttitude: return Self.directory(Self.watch(sign: -1), name)
        case .timeFallback:
            // A spreadsheet rounded `time` to 1.78E+18 on every row: seconds_elapsed is taken instead.
            return Self.directory(Self.watch(time: { _, _ in "1.78E+18" }), name)
        case .nanRows:
            // Runs of rows with NaN values (dropped), cut by every chunk size.
            let nan: (Substring) -> String = { line in
                let fields = line.split(separator: ",")
                return (fields.prefix(2) + fields.dropFirst(2).map { _ in "nan" }).joined(separator: ",")
            }
            return Self.directory(Self.watch(damage: { Self.replacing($0, Dictionary(uniqueKeysWithValues: (95...101).map { ($0, nan) })) }), name)
        case .backwardsRows:
            // Rows 151–153 (lines 152–154) run 0.5 s back in time.
            return Self.directory(Self.watch(time: { index, text in
                (151...153).contains(index) ? "\(Int(text)! - 500_000_000)" : text
            }), name)
        case .gap:
            return Self.directory(Self.watch(time: { index, text in index >= 250 ? "\(Int(text)! + 700_000_000)" : text }), name)
        case .truncatedLastLine:
            return Self.directory(Self.watch(damage: { text in
                let cut = text.dropLast(2)
                return String(cut[..<cut.lastIndex(of: ",")!])
            }), name)
        case .loneWristMotion:
            let directory = Self.directory(["Motion-export.csv": Self.watch()["WristMotion.csv"]!], name)
            return directory.appendingPathComponent("Motion-export.csv")
        case .phoneUserAcceleration: return Self.directory(Self.phone(), name)
        case .phoneStandardised: return Self.directory(Self.phone(sign: -1, standardised: true), name)
        case .phoneRaw:
            var files = Self.phone()
            files["AccelerometerUncalibrated.csv"] = Self.csv(["z", "y", "x"]) { _, m in zip(m.gravity, m.user).map(+).reversed() }
            return Self.directory(files, name)
        case .phoneWithoutGravity:
            var files = Self.phone()
            files["Gravity.csv"] = nil
            files["GyroscopeUncalibrated.csv"] = nil
            files["AccelerometerUncalibrated.csv"] = Self.csv(["z", "y", "x"]) { _, m in zip(m.gravity, m.user).map(+).reversed() }
            return Self.directory(files, name)
        case .plainFixture: return FixtureFiles.url("sensor-logger/plain")
        case .standardisedFixture: return FixtureFiles.url("sensor-logger/standardised")
        case .iPhoneFixture: return FixtureFiles.url("sensor-logger/iphone-v3")
        case .spreadsheetFixture: return FixtureFiles.url("sensor-logger/iphone-v3-spreadsheet")
        case .zipFixture: return FixtureFiles.url("sensor-logger/plain-export.zip")
        case .storedZip:
            // The phone export in a folder of a zip, stored (not compressed), with a macOS resource fork beside it.
            var members = Self.phone().sorted { $0.key < $1.key }.map { name, text in
                ZipBuilder.Member(name: "export/" + name, method: 0, data: Array(text.utf8), declaredSize: UInt32(text.utf8.count))
            }
            members.append(ZipBuilder.Member(name: "__MACOSX/export/._Gravity.csv", method: 0, data: [0, 1], declaredSize: 2))
            return Self.archive(members, name)
        case .headOnlyMembersCorrupt: return Self.archive(Self.headOnlyMembersCorrupt(), name)
        }
    }

    static func archive(_ members: [ZipBuilder.Member], _ name: String) -> URL {
        let url = FixtureFiles.temporaryDirectory(name).appendingPathComponent("export.zip")
        try! ZipBuilder.archive(members).write(to: url)
        return url
    }

    /// A phone export with AccelerometerUncalibrated.csv, stored, and two members of which only the head is read,
    /// DEFLATE data corrupt after their first 5000 bytes: Accelerometer.csv (not read: the uncalibrated file is
    /// preferred) and Orientation.csv (not imported).
    static func headOnlyMembersCorrupt() -> [ZipBuilder.Member] {
        var files = phone()
        files["AccelerometerUncalibrated.csv"] = csv(["z", "y", "x"]) { _, m in zip(m.gravity, m.user).map(+).reversed() }
        files["Orientation.csv"] = csv(["qz", "qy", "qx", "qw", "roll", "pitch", "yaw"]) { _, m in
            m.quaternion.reversed() + [m.angle, 0, 0]
        }
        return files.sorted { $0.key < $1.key }.map { name, text in
            let bytes = Array(text.utf8)
            return ["Accelerometer.csv", "Orientation.csv"].contains(name)
                ? ZipBuilder.Member(
                    name: name, method: 8, data: ZipBuilder.storedThenCorrupt(Array(bytes.prefix(5000))),
                    declaredSize: UInt32(bytes.count))
                : ZipBuilder.Member(name: name, method: 0, data: bytes, declaredSize: UInt32(bytes.count))
        }
    }

    /// `source` serves what `imported` serves: the motion streams (``expectSameRecording(_:as:)``) and the slower
    /// streams.
    func expectSame(_ source: RecordingSource, as imported: RecordingSource) throws {
        try expectSameRecording(source, as: imported)
        let (a, b) = (source.slowerStreams, imported.slowerStreams)
        #expect(a.pressure == b.pressure)
        #expect(a.location == b.location)
    }

    @Test(arguments: Case.allCases, [1, 97, 800])
    func aSpilledExportIsTheImportedOne(_ recordingCase: Case, chunkRows: Int) throws {
        let url = url(recordingCase)
        let imported = try RecordingSource.open(url, spillThreshold: .max)
        guard case .inMemory = imported.storage else { Issue.record("below the threshold: in memory"); return }
        let spilledFile = try #require(try SensorLogger.openSpilled(url, spillAbove: 0, chunkRows: chunkRows))
        try expectSame(RecordingSource(path: url.path, format: .sensorLogger, storage: .mapped(spilledFile)), as: imported)
        let spilled = try RecordingSource.open(url, spillThreshold: 0)
        guard case .mapped = spilled.storage else { Issue.record("above the threshold: spilled"); return }
        try expectSame(spilled, as: imported)

        // What the in-memory import itself says, so that the comparison above compares something.
        let recording = try imported.loaded()
        let findings = imported.hygiene.findings
        func messages(_ kind: HygieneFinding.Kind) -> [String] { imported.hygiene.findings(ofKind: kind).map(\.message) }
        switch recordingCase {
        case .watch, .loneWristMotion:
            #expect(recording.deviceMotion?.count == 400 && recording.deviceMotion?.components == .full)
            #expect(recording.metadata.startDate == Date(timeIntervalSince1970: 1_777_991_856))
        case .watchStandardised, .watchInferredStandardised:
            #expect(messages(.units).count == 2)
            #expect(abs((recording.deviceMotion?.gravityZ[0] ?? 0) + 1) < 1e-6)
        case .conjugatedAttitude:
            #expect(findings.contains { $0.message.contains("conjugated") })
            #expect((recording.deviceMotion?.attitudeX[100] ?? 0) > 0)
        case .timeFallback, .spreadsheetFixture:
            #expect(findings.first?.message.contains("seconds_elapsed") == true)
        case .nanRows: #expect(recording.deviceMotion?.count == 393 && recording.accelerometer?.count == 393)
        case .backwardsRows: #expect(!imported.hygiene.findings(ofKind: .nonMonotonic).isEmpty)
        case .gap: #expect(imported.hygiene.findings(ofKind: .gap).first?.line == 252)
        case .truncatedLastLine: #expect(imported.hygiene.findings(ofKind: .truncated).count == 2)
        case .phoneUserAcceleration, .phoneStandardised:
            #expect(messages(.units).contains { $0.contains("raw accelerometer = (Accelerometer + Gravity.csv)") })
            #expect(abs((recording.accelerometer?.z[0] ?? 0) + 1) < 1e-6)
            #expect(recording.metadata.deviceMotionSource == "core-motion-gravity")
            #expect(recording.gyroscope?.count == 400 && recording.magnetometer?.count == 400)
            #expect(recording.pressure?.count == 4)
        case .phoneRaw:
            // AccelerometerUncalibrated.csv (g) is preferred to Accelerometer.csv and taken as written.
            #expect(recording.accelerometer?.z[0] == -1 && recording.accelerometer?.count == 400)
            #expect(!messages(.units).contains { $0.contains("Accelerometer") })
        case .phoneWithoutGravity:
            #expect(recording.deviceMotion == nil && recording.gyroscope?.count == 200)
        case .plainFixture, .standardisedFixture, .iPhoneFixture, .zipFixture: #expect(recording.deviceMotion != nil)
        case .storedZip: #expect(recording.accelerometer?.count == 400 && recording.pressure?.count == 4)
        case .headOnlyMembersCorrupt:
            #expect(recording.accelerometer?.z[0] == -1 && recording.accelerometer?.count == 400)
            #expect(recording.metadata.deviceMotionSource == "core-motion-gravity")
        }
    }

    /// Orientation.csv and an accelerometer file not read are inflated only as far as their heads (the time column
    /// is chosen from them): members corrupt further on, which cannot be inflated whole, do not stop the export.
    @Test func membersReadForTheirHeadsAreInflatedNoFurther() throws {
        let url = url(.headOnlyMembersCorrupt)
        let archive = try ZipArchive(url)
        for name in ["Accelerometer.csv", "Orientation.csv"] {
            let entry = try #require(archive.entry(named: name))
            #expect(throws: RecordingError.self) { try archive.contents(of: entry) }
            let head = try archive.head(of: entry, count: SensorLogger.TimeColumn.headBytes)
            #expect(head.count == SensorLogger.TimeColumn.headBytes)
            #expect(String(decoding: head, as: UTF8.self).hasPrefix("time,seconds_elapsed,"))
        }
        #expect(SensorLogger.headOnlyFileNames(of: Set(archive.entries.map(\.name))) == ["Accelerometer.csv", "Orientation.csv"])
        for threshold in [0, Int.max] {
            let source = try RecordingSource.open(url, spillThreshold: threshold)
            #expect(try source.loaded().accelerometer?.count == 400)
        }
    }

    /// A zip member longer than ``ReadBehindRelease/chunkBytes`` (8 MiB) has its parsed text discarded from the
    /// temporary file behind the parser (its pages then read as zeros): the parser never reads behind itself, so the
    /// spilled export is still the imported one. WristMotion.csv alone, 90,000 rows at 100 Hz (the values of the
    /// first second repeated), stored.
    @Test func aMemberLongerThanAReleaseChunkIsTheImportedOne() throws {
        let values = (0..<100).map { index in
            let m = Motion(t: Double(index) / 100)
            return (m.rate + m.gravity + m.user + m.quaternion).map { "\(Float($0))" }.joined(separator: ",")
        }
        var text = "time,seconds_elapsed," + SensorLogger.wristMotionColumns.joined(separator: ",") + "\n"
        for row in 0..<90_000 {
            text += "\(Self.epochNanoseconds + row * 10_000_000),\(Double(row) / 100)," + values[row % 100] + "\n"
        }
        let bytes = Array(text.utf8)
        #expect(bytes.count > ReadBehindRelease.chunkBytes + ReadBehindRelease.chunkBytes / 4)
        let url = Self.archive(
            [ZipBuilder.Member(name: "WristMotion.csv", method: 0, data: bytes, declaredSize: UInt32(bytes.count))],
            "longMember")
        let imported = try RecordingSource.open(url, spillThreshold: .max)
        #expect(try imported.loaded().deviceMotion?.count == 90_000)
        let spilledFile = try #require(try SensorLogger.openSpilled(url, spillAbove: 0))
        try expectSame(RecordingSource(path: url.path, format: .sensorLogger, storage: .mapped(spilledFile)), as: imported)
    }

    /// The columns parsed from the text give their disk space back as the native columns are written from them: the
    /// spill of a watch export (8,000 rows a file) ends up taking about the native columns' bytes, not twice them.
    @Test(arguments: [97, 800]) func aSpillKeepsOnlyTheNativeColumnsOnDisk(chunkRows: Int) throws {
        let rows = 8000
        let url = Self.directory([
            "WristMotion.csv": Self.csv(SensorLogger.wristMotionColumns, rate: Double(rows / Self.seconds)) { _, m in
                m.rate + m.gravity + m.user + m.quaternion
            },
            "WatchAccelerometerUncalibrated.csv": Self.csv(["x", "y", "z"], rate: Double(rows / Self.seconds)) { _, m in
                zip(m.gravity, m.user).map(+)
            },
        ], "diskSpace\(chunkRows)")
        let file = try #require(try SensorLogger.openSpilled(url, spillAbove: 0, chunkRows: chunkRows))
        // The native streams: device motion's time (8 bytes), 13 columns and source line (4 bytes each); the
        // accelerometer's time, 3 columns and line. The parsed columns are as large again.
        let native = rows * (8 + 13 * 4 + 4) + rows * (8 + 3 * 4 + 4)
        let disk = try #require(file.mapping.diskBytes)
        #expect(disk >= native && disk < native + native / 4, "\(disk) bytes on disk for \(native) of native columns")
    }

    /// The real Sensor Logger recordings (`SharedDatasets`, skipped when absent) give the same result spilled.
    @Test(.enabled(if: SharedDatasets.file("sensor-logger-swim/Back0626") != nil), arguments: ["Back0626", "Breast0626"])
    func aRealExportIsTheSameSpilled(_ session: String) throws {
        let url = try #require(SharedDatasets.file("sensor-logger-swim/\(session)"))
        let imported = try RecordingSource.open(url, spillThreshold: .max)
        let spilled = try RecordingSource.open(url, spillThreshold: 0)
        guard case .mapped = spilled.storage else { Issue.record("above the threshold: spilled"); return }
        try expectSame(spilled, as: imported)
        #expect((try imported.loaded().deviceMotion?.count ?? 0) > 4000)
    }

    /// A malformed export is the same error through the spill as through the in-memory import.
    @Test func aMalformedExportIsTheSameError() throws {
        var files = Self.watch()
        files["WatchAccelerometerUncalibrated.csv"] = Self.replacing(files["WatchAccelerometerUncalibrated.csv"]!, [3: { _ in "1777991856140000000,0.1,0.1,oops,1" }])
        let url = Self.directory(files, "malformed")
        var errors: [String] = []
        for threshold in [0, Int.max] {
            do { _ = try RecordingSource.open(url, spillThreshold: threshold) } catch { errors.append("\(error)") }
        }
        #expect(errors.count == 2 && errors[0] == errors[1] && errors[0].contains(":3:"), "\(errors)")
    }
}
