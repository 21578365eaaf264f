import MotionDSP
import MotionRecording

extension AnalysisSignals {
    /// ``impactHighPass(_:configuration:)`` kept only over `windows` (accelerometer sample indices, in any order, may
    /// overlap): one value list per window, the same values bit for bit as the whole-recording call, from one causal
    /// pass over the source's accelerometer up to the last window's end, `chunkSamples` (16,384, about 20 s at
    /// 800 Hz) at a time. Memory is the windows and one chunk, whatever the recording's length; each chunk read is
    /// handed to ``BatchSource/didDeliver(_:)``, so a memory-mapped source releases the pages behind it.
    ///
    /// A window past the last sample is cut at it; a source whose reads come back short (a mapped file that shrank)
    /// leaves the windows not reached empty.
    public static func impactHighPass(
        _ source: RecordingSource, windows: [Range<Int>], configuration: SwingAnalyzerConfiguration,
        chunkSamples: Int = 1 << 14
    ) -> [(highPassed: [SIMD4<Float>], magnitude: [Float])] {
        precondition(chunkSamples > 0, "chunkSamples must be positive")
        var kept = windows.map { _ in (highPassed: [SIMD4<Float>](), magnitude: [Float]()) }
        let count = source.sampleCount(.accelerometer)
        let end = min(count, windows.map(\.upperBound).max() ?? 0)
        guard end > 0 else { return kept }
        let measured = ImpactDetector.rateMeasurementSamples
        let rate =
            count >= measured
            ? ImpactDetector.filterDesignRate(
                first: source.timestamp(.accelerometer, at: 0),
                last: source.timestamp(.accelerometer, at: measured - 1), configuration)
            : 800
        let order = windows.indices.filter { !windows[$0].isEmpty }.sorted { windows[$0].lowerBound < windows[$1].lowerBound }
        var buffer = AccelerometerData()
        var samples: [SIMD4<Float>] = []
        var filter: SOSFilter?
        var chunkStart = 0
        while chunkStart < end {
            let chunk = chunkStart..<min(end, chunkStart + chunkSamples)
            source.copyAccelerometer(chunk, into: &buffer)
            guard buffer.count == chunk.count else { break }
            samples.removeAll(keepingCapacity: true)
            for i in 0..<buffer.count { samples.append(SIMD4(buffer.x[i], buffer.y[i], buffer.z[i], 0)) }
            if filter == nil {
                filter = ImpactDetector.makeFilter(configuration, sampleRate: rate, firstSample: samples[0])
            }
            filter!.process(&samples)
            for window in order {
                let range = windows[window]
                if range.lowerBound >= chunk.upperBound { break }
                guard range.upperBound > chunk.lowerBound else { continue }
                let overlap = max(range.lowerBound, chunk.lowerBound)..<min(range.upperBound, chunk.upperBound)
                for index in overlap {
                    let h = samples[index - chunk.lowerBound]
                    kept[window].highPassed.append(h)
                    kept[window].magnitude.append(((h.x * h.x + h.y * h.y) + h.z * h.z).squareRoot())
                }
            }
            source.didDeliver(BatchRange(stream: .accelerometer, range: chunk))
            chunkStart = chunk.upperBound
        }
        return kept
    }
}
