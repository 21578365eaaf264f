import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Puts the benchmark files into the page cache in a defined state: the way a recording on disk gets there.
///
/// A file written long ago can sit in the cache as many small pages (on a shared machine, after memory pressure),
/// and mapping it is then much slower: reading the cached benchmark hour took 17–19 ms in that state against
/// 5–6 ms after being dropped from the cache and read back (and file to swings 59 vs 49 ms), so figures depended on
/// the machine's history. Each benchmark process therefore writes the files back (`fsync`), drops them from the
/// cache (`POSIX_FADV_DONTNEED`) and reads them once sequentially (readahead), before anything is measured.
enum PageCacheState {
    /// Re-reads every regular file at `urls` (directories: the files directly inside) from disk.
    static func rereadFromDisk(_ urls: [URL]) {
        for url in urls {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                let contents = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
                for file in contents where !file.hasDirectoryPath { reread(file) }
            } else {
                reread(url)
            }
        }
    }

    private static func reread(_ url: URL) {
        #if os(Linux)
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = fsync(descriptor)
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 4096)
        defer { buffer.deallocate() }
        while read(descriptor, buffer, 1 << 20) > 0 {}
        #endif
    }
}
