import MotionRecording
import SwingAnalysis

/// The HTML report's per-swing traces, read from the recording by time: for every swing, the samples of its window
/// (``window(of:)``) of the 800 Hz accelerometer (raw z, the impact detector's high-passed z and its statistic) and of
/// the 200 Hz rotation signal the swing logic reads (``AnalysisSignals``).
///
/// Only the windows are held, never a whole stream: the raw samples are copied per window, the impact high-pass
/// (causal, so it needs every sample before a window) comes from one chunked pass up to the last window
/// (``AnalysisSignals/impactHighPass(_:windows:configuration:chunkSamples:)``), and the rotation signal (a
/// per-sample function) is computed on each window's own device-motion samples. A memory-mapped recording releases
/// the pages behind what was read, so memory stays flat in the recording's length. The values are the ones the
/// whole-recording signals hold at the same samples, bit for bit.
struct SwingTraces {
    /// One swing's accelerometer window: timestamps (s), raw z (g), and when the high-pass was computed, its z and
    /// the detector's statistic |high-passed| (g).
    struct AccelerometerWindow {
        var times: [Double] = []
        var rawZ: [Float] = []
        var highPassedZ: [Float]?
        var statistic: [Float]?
    }

    /// One swing's rotation window: device-motion timestamps (s) and the swing logic's rotation signal (rad/s).
    struct RotationWindow {
        var times: [Double] = []
        var values: [Float] = []
    }

    /// Per swing (in the analysis's order); empty without accelerometer samples.
    var accelerometer: [AccelerometerWindow]
    /// Per swing; empty without device-motion samples.
    var rotation: [RotationWindow]
    /// What the rotation is measured against, for the plot's label; `nil` without rotation rate.
    var rotationReference: AnalysisSignals.RotationReference?

    /// Seconds shown before the swing start and after the impact (or the swing's end).
    static let leadTime = 0.15
    static let tailTime = 0.12

    /// The time window shown for `swing`, s on the recording's clock: from ``leadTime`` before its start to
    /// ``tailTime`` after its impact (without one, after the start plus its time to contact, at least 0.25 s).
    static func window(of swing: Swing) -> ClosedRange<Double> {
        let end = swing.impact ?? (swing.start + max(0.25, swing.timeToContact ?? 0.25))
        return (swing.start - leadTime)...(end + tailTime)
    }

    /// Reads the traces of `swings` from `source` (the recording the analysis read), with the impact high-pass of
    /// `configuration`.
    init(swings: [Swing], source: RecordingSource, configuration: SwingAnalyzerConfiguration) {
        let windows = swings.map(Self.window(of:))
        accelerometer = Self.accelerometerWindows(windows, source: source, configuration: configuration)
        (rotation, rotationReference) = Self.rotationWindows(windows, source: source)
    }

    /// Samples `[first at or after window.lowerBound, first at or after window.upperBound)` of `stream` (the range
    /// the plots have always shown), found by binary search over the source's timestamps.
    static func sampleRange(_ window: ClosedRange<Double>, of stream: SensorStream, in source: RecordingSource)
        -> Range<Int>
    {
        let all = 0..<source.sampleCount(stream)
        let lower = BinarySearch.firstIndex(in: all) { source.timestamp(stream, at: $0) >= window.lowerBound }
        let upper = BinarySearch.firstIndex(in: all) { source.timestamp(stream, at: $0) >= window.upperBound }
        return lower..<max(lower, upper)
    }

    private static func accelerometerWindows(
        _ windows: [ClosedRange<Double>], source: RecordingSource, configuration: SwingAnalyzerConfiguration
    ) -> [AccelerometerWindow] {
        guard source.sampleCount(.accelerometer) > 0 else { return [] }
        let ranges = windows.map { sampleRange($0, of: .accelerometer, in: source) }
        var buffer = AccelerometerData()
        var traces = ranges.map { range in
            source.copyAccelerometer(range, into: &buffer)
            return AccelerometerWindow(times: buffer.timestamps, rawZ: buffer.z)
        }
        let highPassed = AnalysisSignals.impactHighPass(source, windows: ranges, configuration: configuration)
        for (index, range) in ranges.enumerated() where highPassed[index].magnitude.count == range.count {
            traces[index].highPassedZ = highPassed[index].highPassed.map(\.z)
            traces[index].statistic = highPassed[index].magnitude
        }
        return traces
    }

    private static func rotationWindows(_ windows: [ClosedRange<Double>], source: RecordingSource)
        -> ([RotationWindow], AnalysisSignals.RotationReference?)
    {
        guard source.sampleCount(.deviceMotion) > 0 else { return ([], nil) }
        var buffer = DeviceMotionData()
        source.copyDeviceMotion(0..<1, into: &buffer)
        guard let reference = AnalysisSignals.rotationAlongGravity(buffer)?.reference else {
            return (windows.map { _ in RotationWindow() }, nil)
        }
        let ranges = windows.map { sampleRange($0, of: .deviceMotion, in: source) }
        var traces = ranges.map { _ in RotationWindow() }
        // In time order, releasing everything read so far behind each window (a mapped file's pages).
        var released = 0
        for index in ranges.indices.sorted(by: { ranges[$0].lowerBound < ranges[$1].lowerBound }) {
            let range = ranges[index]
            guard !range.isEmpty else { continue }
            source.copyDeviceMotion(range, into: &buffer)
            traces[index] = RotationWindow(
                times: buffer.timestamps, values: AnalysisSignals.rotationAlongGravity(buffer)?.values ?? [])
            if range.upperBound > released {
                source.didDeliver(BatchRange(stream: .deviceMotion, range: released..<range.upperBound))
                released = range.upperBound
            }
        }
        return (traces, reference)
    }
}
