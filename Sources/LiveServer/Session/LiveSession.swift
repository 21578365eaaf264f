import Foundation
import MotionRecording
import SwingAnalysis

/// One live session: the streaming ``SwingAnalyzer`` fed the batches of one client, the swings it decided, and
/// where the client is in the stream. A value: the connection that serves it owns it; between a dropped
/// connection and its resumption the ``SessionStore`` holds it.
///
/// Memory is bounded: the analyzer's buffers are sized from the configuration at start; of the decided swings the
/// last ``retainedSwingLimit`` are kept (for re-sending on resume); the recorder, when asked for, has its own bound.
public struct LiveSession: Sendable {
    public let id: String
    /// Which token opened it (index in the server's token list): only that token may resume it.
    let tokenIndex: Int
    public let announcement: SessionAnnouncement
    private var analyzer: SwingAnalyzer
    private var output = SwingAnalysisResult()
    /// Sequence number of the last applied batch, or −1 before the first.
    public private(set) var lastApplied: Int64 = -1
    private var lastTimestamp: [SensorStream: Double] = [:]
    /// The most recent decided swings (index order); earlier ones were sent and dropped.
    private(set) var retained: [DecidedSwing] = []
    /// Swings decided so far.
    public private(set) var swingCount = 0
    /// Index of the next swing the current connection has not sent yet.
    var nextSwingToSend = 0
    public private(set) var unmatchedImpactCount = 0
    public private(set) var batchesApplied = 0
    private var firstTime = Double.infinity
    private var lastTime = -Double.infinity
    public private(set) var finished = false
    var recorder: SessionRecorder?

    static let retainedSwingLimit = 256

    init(id: String, tokenIndex: Int, announcement: SessionAnnouncement, recorder: SessionRecorder?) {
        self.id = id
        self.tokenIndex = tokenIndex
        self.announcement = announcement
        self.analyzer = SwingAnalyzer(configuration: announcement.configuration, streams: announcement.streams)
        self.recorder = recorder
        output.swings.reserveCapacity(8)
    }

    /// First to last timestamp over both streams so far, s.
    public var duration: Double { lastTime >= firstTime ? lastTime - firstTime : 0 }

    /// Which data the analyzer has seen (full, accelerometer only, …).
    public var dataCase: SwingDataCase { analyzer.dataCase }

    /// Applies `batch`: returns `false` for a batch already applied (sent again after a resume; acknowledged, not
    /// fed), `true` once fed. Refuses a gap in the sequence, a stream that was not announced, device motion
    /// without rotation rate, non-finite values, and time going backwards within or across a stream's batches.
    mutating func apply(_ batch: LiveBatch) throws(LiveFrameError) -> Bool {
        precondition(!finished, "LiveSession: batch after finish")
        let sequence = batch.sequence
        if let signed = Int64(exactly: sequence), signed <= lastApplied { return false }
        guard Int64(exactly: sequence) == lastApplied + 1 else {
            throw .protocolViolation(problem: "batch \(sequence) after batch \(lastApplied): expected \(lastApplied + 1)")
        }
        let stream = batch.stream
        guard announcement.streams.contains(stream) else {
            throw .invalidSamples(stream: stream.rawValue, sequence: sequence, problem: "stream not announced")
        }
        try validate(batch)
        switch batch.samples {
        case .accelerometer(let data): analyzer.feed(accelerometer: data, into: &output)
        case .deviceMotion(let data): analyzer.feed(deviceMotion: data, into: &output)
        }
        if let span = batch.timeSpan {
            lastTimestamp[stream] = span.last
            firstTime = min(firstTime, span.first)
            lastTime = max(lastTime, span.last)
        }
        recorder?.append(batch)
        lastApplied = Int64(sequence)
        batchesApplied += 1
        collect(decidedBy: sequence)
        return true
    }

    private func validate(_ batch: LiveBatch) throws(LiveFrameError) {
        let stream = batch.stream.rawValue
        func invalid(_ problem: String) -> LiveFrameError {
            .invalidSamples(stream: stream, sequence: batch.sequence, problem: problem)
        }
        let timestamps: [Double]
        var columns: [(String, [Float])] = []
        switch batch.samples {
        case .accelerometer(let data):
            timestamps = data.timestamps
            columns = [("x", data.x), ("y", data.y), ("z", data.z)]
        case .deviceMotion(let data):
            timestamps = data.timestamps
            guard data.components.contains(.rotationRate) else {
                throw invalid("no rotation rate (leave deviceMotion out of the announced streams instead)")
            }
            let names = ["attitudeW", "attitudeX", "attitudeY", "attitudeZ", "gravityX", "gravityY", "gravityZ",
                "userAccelerationX", "userAccelerationY", "userAccelerationZ", "rotationRateX", "rotationRateY",
                "rotationRateZ", "magneticFieldX", "magneticFieldY", "magneticFieldZ", "heading"]
            for (name, entry) in zip(names, BinaryBatchFrame.deviceMotionColumns) where !data[keyPath: entry.column].isEmpty {
                columns.append((name, data[keyPath: entry.column]))
            }
        }
        var previous = lastTimestamp[batch.stream] ?? -Double.infinity
        for (i, t) in timestamps.enumerated() {
            guard t.isFinite else { throw invalid("timestamp \(i) is not finite") }
            guard t >= previous else {
                throw invalid(
                    i == 0 ? "first timestamp \(t) s is before the previous batch's last (\(previous) s)"
                        : "timestamp \(i) (\(t) s) is before timestamp \(i - 1) (\(previous) s)")
            }
            previous = t
        }
        for (name, values) in columns {
            if let i = values.firstIndex(where: { !$0.isFinite }) { throw invalid("\(name)[\(i)] is not finite") }
        }
    }

    /// Ends the data: the analyzer decides what is still pending.
    mutating func finish() {
        guard !finished else { return }
        finished = true
        analyzer.finish(into: &output)
        collect(decidedBy: nil)
    }

    private mutating func collect(decidedBy sequence: UInt64?) {
        unmatchedImpactCount += output.unmatchedImpacts.count
        for swing in output.swings {
            retained.append(DecidedSwing(index: swingCount, sequence: sequence, swing: swing))
            swingCount += 1
        }
        output.removeAll()
        // Keep the last `retainedSwingLimit` (dropping in chunks, so that trimming is amortised).
        if retained.count > 2 * Self.retainedSwingLimit {
            retained.removeFirst(retained.count - Self.retainedSwingLimit)
        }
    }

    /// The decided swings the connection has not sent yet (index ≥ ``nextSwingToSend``).
    var unsentSwings: ArraySlice<DecidedSwing> {
        guard let first = retained.first else { return [] }
        let start = max(0, nextSwingToSend - first.index)
        return retained[min(start, retained.count)...]
    }

    /// Whether swings from `index` on are still held (a resuming client that lacks older ones cannot be served).
    func canResend(from index: Int) -> Bool {
        index >= swingCount || (retained.first.map { $0.index <= index } ?? (index >= swingCount))
    }
}
