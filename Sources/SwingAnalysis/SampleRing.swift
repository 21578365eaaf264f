/// A fixed-capacity ring of the most recent samples of one stream, addressed by the sample's global index
/// (0 for the stream's first sample). Storage is allocated once; appending never allocates.
struct SampleRing<Element>: Sendable where Element: Sendable {
    var storage: [Element]
    let mask: Int
    /// Number of samples ever appended; the next sample's global index.
    private(set) var count: Int = 0

    /// A ring holding at least `minimumCapacity` samples (rounded up to a power of two).
    init(minimumCapacity: Int, filler: Element) {
        var capacity = 16
        while capacity < minimumCapacity { capacity <<= 1 }
        storage = Array(repeating: filler, count: capacity)
        mask = capacity - 1
    }

    var capacity: Int { mask + 1 }
    /// Oldest global index still held.
    var firstIndex: Int { Swift.max(0, count - capacity) }
    /// Whether global index `index` is still held.
    func holds(_ index: Int) -> Bool { index >= firstIndex && index < count }

    mutating func append(_ element: Element) {
        storage[count & mask] = element
        count += 1
    }

    subscript(index: Int) -> Element {
        get { storage[index & mask] }
        set { storage[index & mask] = newValue }
    }
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
