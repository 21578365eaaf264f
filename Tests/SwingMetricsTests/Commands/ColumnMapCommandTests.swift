import Foundation
import Testing
import _TestSupport

/// End-to-end: a raw IMU recording written as a logger's generic CSV (one file, `;`-separated with decimal commas,
/// time in ms, m/s² with +1 g up, °/s, annotation lines, an extra column) analyses, through `--columns` or
/// `--column-map`, to the same swings as the same samples in the interchange layout.
@Suite struct ColumnMapCommandTests {
    /// The interchange raw directory's accelerometer (g, Core Motion sign) and gyroscope (rad/s) as one generic CSV.
    static func genericFile(from raw: String, to url: URL) throws {
        func rows(_ name: String) throws -> [(Double, [Double])] {
            try String(contentsOfFile: raw + "/" + name, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
                let fields = line.split(separator: ",").map { Double($0)! }
                return (fields[0], Array(fields[1...]))
            }
        }
        func text(_ value: Double, _ format: String) -> String {
            String(format: format, value).replacingOccurrences(of: ".", with: ",")
        }
        var merged: [(time: Double, cells: String)] = []
        for (time, a) in try rows("accelerometer.csv") {
            merged.append((time, a.map { text(-$0 * 9.80665, "%.9g") }.joined(separator: ";") + ";;;"))
        }
        for (time, w) in try rows("gyroscope.csv") {
            merged.append((time, ";;;" + w.map { text($0 * 180 / Double.pi, "%.9g") }.joined(separator: ";")))
        }
        merged.sort { $0.time < $1.time }
        var file = "# wrist IMU logger 2.1; accelerometer ±32 g, gyroscope ±4000 dps\n# exported 2026-04-11\n"
        file += "t_ms;acc_x;acc_y;acc_z;gyr_x;gyr_y;gyr_z;temperature\n"
        for row in merged { file += text(row.time * 1000, "%.6f") + ";" + row.cells + ";31,5\n" }
        try Data(file.utf8).write(to: url)
    }

    static let map = "time=t_ms:ms,accel=acc_x,acc_y,acc_z:m/s2,gyro=gyr_x,gyr_y,gyr_z:deg/s"

    static func swings(_ analysis: [String: Any]) -> [[String: Any]] { analysis["swings"] as! [[String: Any]] }

    @Test func genericCSVGivesTheSameSwingsAsTheInterchangeLayout() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, raw) = try FuseCommandTests.sessions(in: directory)
        let generic = directory.appendingPathComponent("logger.csv")
        try Self.genericFile(from: raw, to: generic)

        let reference = try FuseCommandTests.analysis(raw)
        let mapped = try FuseCommandTests.analysis(generic.path, ["--columns", Self.map])
        #expect(mapped["deviceMotionSource"] as? String == "fused")
        #expect(mapped["dataCase"] as? String == "full")
        let issues = (mapped["issues"] as! [[String: Any]]).compactMap { $0["message"] as? String }
        #expect(issues.contains { $0.hasPrefix("2 line(s) before the header skipped as annotations") }, "\(issues)")
        let (a, b) = (Self.swings(reference), Self.swings(mapped))
        #expect(a.count == 6 && b.count == a.count)
        for (x, y) in zip(a, b) {
            #expect(abs((x["start"] as! Double) - (y["start"] as! Double)) < 0.0005, "start \(x["start"]!) vs \(y["start"]!)")
            #expect((x["impact"] as? Double).map { abs($0 - ((y["impact"] as? Double) ?? .nan)) < 0.0005 } ?? (y["impact"] is NSNull))
            #expect(x["contact"] as? Bool == y["contact"] as? Bool)
        }

        // The same map as a JSON file, on convert: the interchange recording written holds the same samples.
        let json = directory.appendingPathComponent("map.json")
        try Data("""
            {"time": {"column": "t_ms", "unit": "ms"},
             "accelerometer": {"columns": ["acc_x", "acc_y", "acc_z"], "unit": "m/s2"},
             "gyroscope": {"columns": ["gyr_x", "gyr_y", "gyr_z"], "unit": "deg/s"}}
            """.utf8).write(to: json)
        let converted = directory.appendingPathComponent("converted").path
        let convert = try CommandRunner.run(["convert", generic.path, converted, "--column-map", json.path])
        #expect(convert.status == 0, "\(convert.standardError)")
        let header = "timestamp,rotation_rate_x,rotation_rate_y,rotation_rate_z"
        let written = try String(contentsOfFile: converted + "/gyroscope.csv", encoding: .utf8).split(separator: "\n")
        let original = try String(contentsOfFile: raw + "/gyroscope.csv", encoding: .utf8).split(separator: "\n")
        #expect(written.first.map(String.init) == header && written.count == original.count)
        for (x, y) in zip(written.dropFirst(), original.dropFirst()).prefix(50) {
            let (a, b) = (x.split(separator: ",").map { Double($0)! }, y.split(separator: ",").map { Double($0)! })
            #expect(abs(a[0] - b[0]) < 1e-9 && abs(a[1] - b[1]) < 1e-6 && abs(a[3] - b[3]) < 1e-6, "\(x) vs \(y)")
        }
    }

    @Test func badMapsAreUsageErrors() throws {
        let bad = try CommandRunner.run(["inspect", "Datasets/sample", "--columns", "time=t:ms,gyro=gx,gy:deg/s"])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("--columns: entry \"gyro=gx,gy:deg/s\": needs 3 columns (x, y, z), found 2"), "\(bad.standardError)")
        let both = try CommandRunner.run(["analyze", "Datasets/sample", "--columns", Self.map, "--column-map", "m.json"])
        #expect(both.status == 64)
        #expect(both.standardError.contains("give --columns or --column-map, not both"), "\(both.standardError)")
    }
}
