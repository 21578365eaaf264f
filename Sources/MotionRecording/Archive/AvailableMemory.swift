import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory this process may still allocate without swapping, bytes: the kernel's `MemAvailable` (Linux), bounded by
/// the cgroup's memory limit when one is set (a container), else free physical pages. Used to refuse a decompression
/// that could not fit rather than die in the allocation.
enum AvailableMemory {
    static func bytes() -> Int {
        var available = physicalAvailable()
        if let limit = cgroupRemaining() { available = Swift.min(available, limit) }
        return Swift.max(available, 64 << 20)
    }

    private static func physicalAvailable() -> Int {
        if let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
            let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
        {
            return kib * 1024
        }
        return Int(sysconf(Int32(_SC_AVPHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// cgroup v2 `memory.max - memory.current` of this process's group, when limited.
    private static func cgroupRemaining() -> Int? {
        guard let limitText = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8),
            let limit = Int(limitText.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        let usedText = (try? String(contentsOfFile: "/sys/fs/cgroup/memory.current", encoding: .utf8)) ?? "0"
        let used = Int(usedText.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        return Swift.max(0, limit - used)
    }
}
