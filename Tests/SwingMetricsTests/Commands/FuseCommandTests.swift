import Foundation
import Testing
import _TestSupport

/// End-to-end: a raw accelerometer + gyroscope recording is fused when analysed, and `fuse` writes it out.
@Suite struct FuseCommandTests {
    /// A simulated session, and beside it the same accelerometer with a raw gyroscope (the device motion's rotation
    /// rate plus a bias of (0.02, −0.015, 0.01) rad/s) and no device motion.
    static func sessions(in directory: URL) throws -> (simulated: String, raw: String) {
        let simulated = directory.appendingPathComponent("sim").path
        let simulate = try CommandRunner.run(["simulate", simulated, "--seed", "5", "--swings", "6"])
        #expect(simulate.status == 0, "\(simulate.standardError)")
        let raw = directory.appendingPathComponent("raw")
        try FileManager.default.createDirectory(at: raw, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: simulated + "/accelerometer.csv", toPath: raw.appendingPathComponent("accelerometer.csv").path)
        let motion = try String(contentsOfFile: simulated + "/device_motion.csv", encoding: .utf8)
        var gyroscope = "timestamp,rotation_rate_x,rotation_rate_y,rotation_rate_z\n"
        for line in motion.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            let rate = (11...13).map { Float(fields[$0])! }
            gyroscope += "\(fields[0]),\(rate[0] + 0.02),\(rate[1] - 0.015),\(rate[2] + 0.01)\n"
        }
        try Data(gyroscope.utf8).write(to: raw.appendingPathComponent("gyroscope.csv"))
        return (simulated, raw.path)
    }

    static func analysis(_ path: String, _ extra: [String] = []) throws -> [String: Any] {
        let result = try CommandRunner.run(["analyze", path, "--format", "json"] + extra)
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
    }

    static func starts(_ analysis: [String: Any]) -> [Double] {
        (analysis["swings"] as! [[String: Any]]).map { $0["start"] as! Double }
    }

    @Test func rawIMUIsFusedWhenAnalysedAndFuseWritesIt() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (simulated, raw) = try Self.sessions(in: directory)

        let recorded = try Self.analysis(simulated)
        #expect(recorded["deviceMotionSource"] as? String == "recorded")
        let fused = try Self.analysis(raw)
        #expect(fused["dataCase"] as? String == "full")
        #expect(fused["deviceMotionSource"] as? String == "fused")
        #expect((fused["issues"] as! [[String: Any]]).contains { $0["kind"] as? String == "fused" })
        let (a, b) = (Self.starts(recorded), Self.starts(fused))
        #expect(a.count == 6 && b.count == a.count)
        for (x, y) in zip(a, b) { #expect(abs(x - y) < 0.005, "swing start \(x) recorded, \(y) fused") }

        let out = directory.appendingPathComponent("fused").path
        let fuse = try CommandRunner.run(["fuse", raw, "-o", out])
        #expect(fuse.status == 0, "\(fuse.standardError)")
        for name in ["accelerometer.csv", "gyroscope.csv", "device_motion.csv", "metadata.json"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + name), "\(name) missing")
        }
        let reread = try Self.analysis(out)
        #expect(reread["deviceMotionSource"] as? String == "fused")
        #expect(Self.starts(reread) == b, "the written fusion analyses exactly as the fusion in memory")
    }

    @Test func fuseWithoutGyroscopeIsAClearError() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulated = directory.appendingPathComponent("sim").path
        _ = try CommandRunner.run(["simulate", simulated, "--seed", "5", "--swings", "1"])
        let result = try CommandRunner.run(["fuse", simulated, "-o", directory.appendingPathComponent("out").path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("fusion needs a raw accelerometer and gyroscope"), "\(result.standardError)")
        // --fuse without a gyroscope keeps the recorded device motion.
        #expect(try Self.analysis(simulated, ["--fuse"])["deviceMotionSource"] as? String == "recorded")
    }
}
