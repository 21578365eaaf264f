/// A fixed-capacity ring of the most recent samples of one stream, addressed by the sample's global index
/// (0 for the stream's first sample). Storage is allocated once; appending never allocates.
///
/// The samples live in memory owned by a class, written through a pointer, so that appending (once per 200 Hz
/// sample) skips the per-write uniqueness check of an array. Value semantics by copy-on-write once per batch: the
/// owner calls ``makeUnique()`` before a run of ``append(_:)`` calls.
struct SampleRing<Element>: @unchecked Sendable where Element: Sendable {
    // @unchecked: the memory is written only through a uniquely referenced storage (copy-on-write in makeUnique).
    private final class Storage {
        let elements: UnsafeMutablePointer<Element>
        let capacity: Int

        init(capacity: Int, filler: Element) {
            self.capacity = capacity
            elements = .allocate(capacity: capacity)
            elements.initialize(repeating: filler, count: capacity)
        }

        func copy() -> Storage {
            let copy = Storage(capacity: capacity, filler: elements[0])
            copy.elements.update(from: elements, count: capacity)
            return copy
        }

        deinit {
            elements.deinitialize(count: capacity)
            elements.deallocate()
        }
    }

    private var storage: Storage
    let mask: Int
    /// Number of samples ever appended; the next sample's global index.
    private(set) var count: Int = 0

    /// A ring holding at least `minimumCapacity` samples (rounded up to a power of two).
    init(minimumCapacity: Int, filler: Element) {
        var capacity = 16
        while capacity < minimumCapacity { capacity <<= 1 }
        storage = Storage(capacity: capacity, filler: filler)
        mask = capacity - 1
    }

    var capacity: Int { mask + 1 }
    /// Oldest global index still held.
    var firstIndex: Int { Swift.max(0, count - capacity) }
    /// Whether global index `index` is still held.
    func holds(_ index: Int) -> Bool { index >= firstIndex && index < count }

    /// Gives this ring its own storage if a copy of it shares the current one; call before ``append(_:)``.
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Appends `element`. - Precondition: ``makeUnique()`` since this ring was last copied (not checked here).
    mutating func append(_ element: Element) {
        storage.elements[count & mask] = element
        count += 1
    }

    /// Appends `count` elements, `element(i)` for i = 0, 1, …, `count` − 1, in order (the running count kept in a
    /// register rather than re-read after every store). - Precondition: as for ``append(_:)``.
    @inline(__always)
    mutating func append(count: Int, _ element: (Int) -> Element) {
        let (elements, mask) = (storage.elements, mask)
        var next = self.count
        for i in 0..<count {
            elements[next & mask] = element(i)
            next += 1
        }
        self.count = next
    }

    subscript(index: Int) -> Element { storage.elements[index & mask] }
}

/// A fixed-capacity FIFO queue (no allocation after init).
struct FixedQueue<Element>: Sendable where Element: Sendable {
    var storage: [Element]
    var head = 0
    private(set) var count = 0

    init(capacity: Int, filler: Element) {
        storage = Array(repeating: filler, count: Swift.max(1, capacity))
    }

    var capacity: Int { storage.count }
    var isEmpty: Bool { count == 0 }
    var isFull: Bool { count == storage.count }

    var first: Element? { count == 0 ? nil : storage[head] }

    subscript(offset: Int) -> Element {
        get { storage[(head + offset) % storage.count] }
        set { storage[(head + offset) % storage.count] = newValue }
    }

    /// Appends; precondition: not full.
    mutating func append(_ element: Element) {
        precondition(count < storage.count, "FixedQueue overflow")
        storage[(head + count) % storage.count] = element
        count += 1
    }

    @discardableResult mutating func removeFirst() -> Element {
        precondition(count > 0, "FixedQueue underflow")
        let element = storage[head]
        head = (head + 1) % storage.count
        count -= 1
        return element
    }

    mutating func removeAll() {
        head = 0
        count = 0
    }
}
