import Foundation
import Testing
import _TestSupport

@testable import MotionRecording

@Suite struct ZipBombTests {
    /// 2 MB of compressed data declaring 2 GiB: refused before anything is allocated, with the member named.
    @Test func aTwoMegabyteMemberDeclaringTwoGibibytesIsRefused() throws {
        let deflated = ZipBuilder.zeros(copies: 1_290_000)
        #expect(deflated.count > 2_000_000 && deflated.count < 2_100_000)
        let zip = ZipBuilder.archive([.init(name: "WristMotion.csv", method: 8, data: deflated, declaredSize: 2 << 30)])
        let url = FixtureFiles.temporaryDirectory().appendingPathComponent("bomb.zip")
        try zip.write(to: url)
        #expect(throws: RecordingError.self) { try RecordingImporter.load(url) }
        do {
            _ = try RecordingImporter.load(url)
        } catch {
            #expect("\(error)".contains("bomb.zip: "), "\(error)")
            #expect("\(error)".contains("WristMotion.csv"), "\(error)")
            #expect("\(error)".contains("zip bomb"), "\(error)")
        }
    }

    /// A member that inflates past the size its directory declares stops at that size.
    @Test func aMemberLyingAboutItsSizeStopsAtTheDeclaredSize() throws {
        let deflated = ZipBuilder.zeros(copies: 1000)
        let zip = ZipBuilder.archive([.init(name: "WristMotion.csv", method: 8, data: deflated, declaredSize: 1000)])
        let archive = try ZipArchive(data: zip, file: "liar.zip")
        do {
            _ = try archive.contents(of: archive.entries[0])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "liar.zip: invalid zip archive: WristMotion.csv: inflates to more than the declared size", "\(error)")
        }
    }

    /// An honest member inflates exactly (the builder's stream is valid DEFLATE).
    @Test func anHonestMemberInflates() throws {
        let deflated = ZipBuilder.zeros(copies: 10)
        let zip = ZipBuilder.archive([.init(name: "a.bin", method: 8, data: deflated, declaredSize: 2581)])
        let archive = try ZipArchive(data: zip, file: "ok.zip")
        let contents = try archive.contents(of: archive.entries[0])
        #expect(contents == Data(count: 2581))
    }

    @Test func theCeilingFollowsTheRatioAndAvailableMemory() {
        let gib = 1 << 30
        #expect(Inflate.ceiling(forCompressedBytes: 2_000_000, availableMemory: 24 * gib) == 512_000_000)
        #expect(Inflate.ceiling(forCompressedBytes: 1000, availableMemory: 24 * gib) == 16 << 20)
        #expect(Inflate.ceiling(forCompressedBytes: 100_000_000, availableMemory: 4 * gib) == gib)
    }
}
