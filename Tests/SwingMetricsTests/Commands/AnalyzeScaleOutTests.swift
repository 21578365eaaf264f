import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// End-to-end tests of `analyze --shard`, `--manifest`, `--time-limit` and the per-recording flush of jsonl.
@Suite struct AnalyzeScaleOutTests {
    @Test func shardsTogetherGiveTheWholeRunOnceEach() throws {
        let root = try SimulatedSeason.folder.get()
        let whole = try SimulatedSeason.analyzeLines([root.path])
        #expect(whole.status == 0 && whole.objects.count == SimulatedSeason.seeds.count)
        var byRecording: [String: String] = [:]
        for object in whole.objects {
            byRecording[object["recording"] as! String] = try SimulatedSeason.canonical(object["swings"])
        }
        var seen: [String] = []
        for index in 1...3 {
            let shard = try SimulatedSeason.analyzeLines([root.path, "--shard", "\(index)/3"])
            #expect(shard.status == 0, "\(shard.standardError)")
            let names = shard.objects.map { $0["recording"] as! String }
            // Interleaved: shard i holds recordings i, i+3, … of the discovered list.
            let expected = stride(from: index - 1, to: whole.objects.count, by: 3).map {
                whole.objects[$0]["recording"] as! String
            }
            #expect(names == expected)
            for object in shard.objects {
                #expect(try SimulatedSeason.canonical(object["swings"]!) == byRecording[object["recording"] as! String])
            }
            seen += names
        }
        #expect(seen.sorted() == byRecording.keys.sorted())
        let usage = try CommandRunner.run(["analyze", root.path, "--shard", "0/3"])
        #expect(usage.status == 64)
        #expect(usage.standardError.contains("--shard 0/3: shards are numbered from 1"), "\(usage.standardError)")
    }

    @Test func manifestListsRecordingsRelativeToItsFolder() throws {
        let root = try SimulatedSeason.folder.get()
        // Beside the season folder, not in it: the other tests discover that folder while this one runs.
        let manifest = root.deletingLastPathComponent().appendingPathComponent("list.txt")
        try "# two of four\n\nseason/day-3/recording.npz\n  season/day-1  \n".write(
            to: manifest, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: manifest) }
        let run = try SimulatedSeason.analyzeLines(["--manifest", manifest.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.objects.map { $0["recording"] as! String } == [
            root.path + "/day-3/recording.npz", root.path + "/day-1/recording.npz",
        ])
        // JSON is an array with a manifest, even of one recording.
        try "season/day-2/recording.npz\n".write(to: manifest, atomically: true, encoding: .utf8)
        let json = try CommandRunner.run(["analyze", "--manifest", manifest.path, "--format", "json"])
        #expect((try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [Any])?.count == 1)

        try "season/day-2/recording.npz\nday-9.npz\n".write(to: manifest, atomically: true, encoding: .utf8)
        let missing = try CommandRunner.run(["analyze", "--manifest", manifest.path])
        #expect(missing.status == 64)
        #expect(
            missing.standardError.contains(
                "list.txt:2: \(root.deletingLastPathComponent().path)/day-9.npz: no such file or directory"),
            "\(missing.standardError)")
    }

    @Test func aRecordingPastTheTimeLimitIsAnErrorRowAndTheOthersStillCome() throws {
        let root = try SimulatedSeason.folder.get()
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A FIFO nobody writes: never opened (it would block), an error row of its own.
        let fifo = folder.appendingPathComponent("stuck.csv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let recordings = try SimulatedSeason.recordings()
        let clock = ContinuousClock()
        let started = clock.now
        let run = try SimulatedSeason.analyzeLines(
            [recordings[0], fifo, recordings[1], "--time-limit", "1.5", "--jobs", "1"])
        let elapsed = clock.now - started
        #expect(run.status == 1)
        #expect(run.objects.count == 3)
        #expect((run.objects[1]["error"] as? String)?.contains("\(fifo): cannot read: a FIFO (named pipe)") == true)
        let plain = try SimulatedSeason.analyzeLines([recordings[0], recordings[1]])
        #expect(try SimulatedSeason.canonical(run.objects[0]["swings"]!) == SimulatedSeason.canonical(plain.objects[0]["swings"]!))
        #expect(try SimulatedSeason.canonical(run.objects[2]["swings"]!) == SimulatedSeason.canonical(plain.objects[1]["swings"]!))
        #expect((run.objects[0]["swings"] as? [Any])?.isEmpty == false)
        #expect(elapsed < .seconds(30), "the blocked read did not hold the process")

        // A limit no analysis can meet: every recording is a time-limit error, none hangs.
        let tooShort = try SimulatedSeason.analyzeLines(recordings + ["--time-limit", "0.000001"])
        #expect(tooShort.status == 1)
        #expect(tooShort.objects.allSatisfy { ($0["error"] as? String)?.hasSuffix("time limit of 1e-06 s exceeded") == true })
        let invalid = try CommandRunner.run(["analyze", recordings[0], "--time-limit", "0"])
        #expect(invalid.status == 64)
    }

    @Test func jsonlHasOneLinePerRecordingFailuresIncluded() throws {
        let recordings = try SimulatedSeason.recordings()
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("stuck.csv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let output = folder.appendingPathComponent("out.jsonl")
        let result = try CommandRunner.run(
            ["analyze", recordings[0], fifo, "--format", "jsonl", "--jobs", "1", "-o", output.path])
        #expect(result.status == 1)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["recording"] as? String == recordings[0])
        let plain = try SimulatedSeason.analyzeLines([recordings[0]])
        #expect(try SimulatedSeason.canonical(first["swings"]!) == SimulatedSeason.canonical(plain.objects[0]["swings"]!))
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect((second["error"] as? String)?.contains("FIFO") == true)
    }
}
