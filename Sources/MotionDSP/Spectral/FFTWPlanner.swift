internal import CFFTW
import Synchronization

/// Serialises every call into FFTW other than `fftwf_execute*`.
///
/// FFTW's planner keeps global state (wisdom, the plan table), so planning, plan destruction and FFTW's allocator
/// must not run on two threads at once (fftw.org/fftw3_doc/Thread-safety.html). Only the new-array execute functions
/// are called without this lock.
@usableFromInline
enum FFTWPlanner {
    /// The process-wide lock around the FFTW planner.
    static let lock = Mutex<Void>(())

    // Planner flags from fftw3.h (written out: Swift does not import the shift-expression macros reliably).
    static let measure: UInt32 = 0
    static let unaligned: UInt32 = 1 << 1
    static let estimate: UInt32 = 1 << 6

    /// `fftwf_malloc` of `count` values of `T`, zero-filled, under the planner lock.
    static func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let bytes = Swift.max(1, count) * MemoryLayout<T>.stride
        let raw = lock.withLock { _ in fftwf_malloc(bytes) }
        guard let raw else { fatalError("fftwf_malloc(\(bytes)) failed: out of memory") }
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        return raw.bindMemory(to: T.self, capacity: Swift.max(1, count))
    }

    /// `fftwf_free` under the planner lock.
    static func free(_ pointer: UnsafeMutableRawPointer) {
        lock.withLock { _ in fftwf_free(pointer) }
    }
}
