import Testing

@testable import swing_metrics

@Suite struct ShardTests {
    @Test func parsesOneBasedShards() throws {
        let shard = try Shard(parsing: "3/8")
        #expect(shard.index == 3 && shard.count == 8)
        #expect(try Shard(parsing: " 1 / 1 ") == Shard(index: 1, count: 1))
    }

    @Test func rejectsWhatIsNotAShardWithTheReason() {
        for (text, reason) in [
            ("0/4", "numbered from 1: use 1/4 … 4/4 (a 0-based index"),
            ("5/4", "numbered from 1: use 1/4 … 4/4"),
            ("1/0", "at least 1"),
            ("2", "expected i/n"),
            ("a/b", "expected i/n"),
            ("1/2/3", "expected i/n"),
            ("-1/3", "numbered from 1"),
        ] {
            #expect(throws: Shard.Invalid.self) { try Shard(parsing: text) }
            do {
                _ = try Shard(parsing: text)
            } catch {
                #expect(error.description.hasPrefix("--shard \(text): "), "\(error)")
                #expect(error.description.contains(reason), "\(text): \(error)")
            }
        }
    }

    @Test func shardsAreInterleavedAndPartitionTheList() throws {
        let items = Array(0..<11)
        #expect(try Shard(index: 1, count: 3).select(items) == [0, 3, 6, 9])
        #expect(try Shard(index: 2, count: 3).select(items) == [1, 4, 7, 10])
        #expect(try Shard(index: 3, count: 3).select(items) == [2, 5, 8])
        for count in 1...13 {
            let shards = try (1...count).map { try Shard(index: $0, count: count).select(items) }
            #expect(shards.flatMap { $0 }.sorted() == items, "every item in exactly one of \(count) shards")
            #expect(shards.map(\.count).max()! - shards.map(\.count).min()! <= 1, "balanced")
        }
        #expect(try Shard(index: 4, count: 4).select([7, 8]) == [], "more shards than items: empty shards")
    }
}
