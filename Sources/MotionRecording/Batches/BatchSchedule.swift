/// Batches of a ``BatchSource`` handed out one at a time in delivery order (``BatchSource/batchRanges()``'s order).
///
/// A listed schedule walks a precomputed list. A mapped native file's schedule finds each batch as it is taken: a
/// stream without stored batch ends is cut at whole seconds by scanning its timestamps a block ahead of the batch
/// that needs them, and a stored end's last time is read when its batch comes up. The timestamps are then read once
/// from memory, just before the batch itself, instead of in a separate pass over the whole file first (9 % of
/// analysing a 15 min file without stored ends; that pass is bound by memory bandwidth).
///
/// Such a schedule merges the two streams by last time, accelerometer first on ties: the order of
/// ``BatchRange/deliveryOrder(accelerometer:deviceMotion:)`` whenever each stream's last times never decrease.
/// Whether they did is known only once every batch is out: ``followedDeliveryOrder`` says so; a consumer that needs
/// the exact order redoes its work with ``BatchSource/batchRanges()`` when it is false (a stream going back in time
/// across whole seconds, or a NaN timestamp at a batch's end).
public struct BatchSchedule: Sendable {
    /// The precomputed list (a listed schedule), and the next index into it.
    private let listed: [BatchRange]
    private var listedNext = 0
    /// A native file's schedule.
    private var native: NativeBatchMerge?

    /// Whether every batch handed out so far came in its stream after one whose last time was not later (and not
    /// NaN): once ``next()`` has returned `nil`, whether the order was ``BatchSource/batchRanges()``'s.
    public var followedDeliveryOrder: Bool { native?.followedDeliveryOrder ?? true }

    /// A schedule walking `batches`, already in delivery order.
    public init(listing batches: [BatchRange]) {
        listed = batches
    }

    init(native file: NativeRecordingFile) {
        listed = []
        native = NativeBatchMerge(file)
    }

    /// The next batch, or `nil` after the last.
    public mutating func next() -> BatchRange? {
        if native != nil { return native!.next() }
        guard listedNext < listed.count else { return nil }
        defer { listedNext += 1 }
        return listed[listedNext]
    }
}
