import Foundation
import Testing
import _TestSupport

@testable import swing_metrics

@Suite struct ManifestTests {
    /// A folder holding `a.npz`, `sub/b.csv` and `c d#1.zip` (empty files: a manifest only checks that paths exist).
    static func folder() throws -> URL {
        let folder = try CommandRunner.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in ["a.npz", "sub/b.csv", "c d#1.zip"] {
            FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())
        }
        return folder
    }

    @Test func skipsCommentsAndBlankLinesAndResolvesAgainstTheManifestFolder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("season.txt")
        let text = "# season 2026\n\na.npz\r\n   sub/b.csv  \n\t# indented comment\nc d#1.zip\n\(folder.path)/a.npz\n"
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let paths = try Manifest(path: manifest.path).paths
        #expect(paths == [
            folder.path + "/a.npz", folder.path + "/sub/b.csv", folder.path + "/c d#1.zip", folder.path + "/a.npz",
        ])
    }

    @Test func aRelativeManifestGivesRelativePaths() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try Manifest(text: "a.npz\n", name: "m.txt", folder: folder.path).paths
        #expect(paths == [folder.path + "/a.npz"])
        #expect(try Manifest(text: "  \n# only comments\n", name: "m.txt", folder: folder.path).paths.isEmpty)
    }

    @Test func aMissingPathNamesManifestLineAndPath() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try Manifest(text: "# header\na.npz\nmissing.npz\n", name: "season.txt", folder: folder.path)
            Issue.record("a missing path must be an error")
        } catch {
            #expect(error.description == "season.txt:3: \(folder.path)/missing.npz: no such file or directory")
        }
        do {
            _ = try Manifest(path: folder.appendingPathComponent("absent.txt").path)
            Issue.record("a missing manifest must be an error")
        } catch {
            #expect(error.line == nil)
            #expect(error.description.hasPrefix(folder.path + "/absent.txt: cannot read the manifest"))
        }
    }
}
