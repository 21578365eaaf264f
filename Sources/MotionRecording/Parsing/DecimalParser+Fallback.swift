#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's `strtod`/`strtof` on a NUL-terminated copy: the exact fallback for inputs the fast paths
/// do not decide.
extension DecimalParser {
    @usableFromInline @inline(never)
    static func slowParseDouble(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        withNulTerminatedCopy(UnsafeBufferPointer(rebasing: bytes[start..<end])) { pointer, count in
            var endPointer: UnsafeMutablePointer<CChar>? = nil
            let value = strtod(pointer, &endPointer)
            guard let endPointer, endPointer - pointer == count, count > 0 else { return nil }
            return value
        }
    }

    @usableFromInline @inline(never)
    static func slowParseFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        let (start, end) = blankTrimmed(bytes)
        return withNulTerminatedCopy(UnsafeBufferPointer(rebasing: bytes[start..<end])) { pointer, count in
            var endPointer: UnsafeMutablePointer<CChar>? = nil
            let value = strtof(pointer, &endPointer)
            guard let endPointer, endPointer - pointer == count, count > 0 else { return nil }
            return value
        }
    }

    /// Calls `body` with a NUL-terminated copy of `bytes` (on the stack when short) and its length.
    @usableFromInline
    static func withNulTerminatedCopy<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeMutablePointer<CChar>, Int) -> R?
    ) -> R? {
        // Text that contains a NUL cannot be a number; strtod would stop there.
        if bytes.contains(0) { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            for index in 0..<bytes.count { buffer[index] = CChar(bitPattern: bytes[index]) }
            buffer[bytes.count] = 0
            return body(buffer.baseAddress!, bytes.count)
        }
    }
}
