import Foundation

/// One of `count` disjoint shards of a command's discovered recordings, for job arrays (SLURM, Kubernetes Jobs) and
/// drivers that split one input list over many processes: `--shard i/n`, numbered from 1 (`1/n` … `n/n`).
///
/// Recording `k` of the discovered list (0-based, in discovery order, which is deterministic) belongs to shard
/// `k % n + 1`: the shards are interleaved rather than contiguous, so a sorted list whose long recordings cluster
/// in one folder still spreads them over the shards. Every recording is in exactly one shard, and running all
/// `n` shards over the same inputs analyses each recording once.
struct Shard: Sendable, Equatable {
    /// An invalid `--shard` value, with what was wrong.
    struct Invalid: Error, CustomStringConvertible, Sendable {
        let text: String
        let problem: String
        var description: String { "--shard \(text): \(problem)" }
    }

    /// 1-based shard number, `1...count`.
    let index: Int
    /// Number of shards, ≥ 1.
    let count: Int

    init(index: Int, count: Int) throws(Invalid) {
        let text = "\(index)/\(count)"
        guard count >= 1 else { throw Invalid(text: text, problem: "the number of shards must be at least 1") }
        guard index >= 1, index <= count else {
            throw Invalid(
                text: text,
                problem: "shards are numbered from 1: use 1/\(count) … \(count)/\(count)"
                    + (index == 0 ? " (a 0-based index such as JOB_COMPLETION_INDEX needs + 1)" : ""))
        }
        self.index = index
        self.count = count
    }

    /// Parses `i/n`.
    init(parsing text: String) throws(Invalid) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let index = Int(parts[0].trimmingCharacters(in: .whitespaces)),
            let count = Int(parts[1].trimmingCharacters(in: .whitespaces))
        else { throw Invalid(text: text, problem: "expected i/n, e.g. 3/8 for the third of eight shards") }
        do { try self.init(index: index, count: count) } catch { throw Invalid(text: text, problem: error.problem) }
    }

    /// This shard's elements of `items`, in their order.
    func select<Element>(_ items: [Element]) -> [Element] {
        stride(from: index - 1, to: items.count, by: count).map { items[$0] }
    }
}
