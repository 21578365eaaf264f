import Foundation
import MotionDSP
import MotionRecording

/// Streaming impact detector for the 800 Hz accelerometer: fed runs of samples (its output does not depend on how
/// the stream is cut into runs), it reports each contact transient once the configured look-ahead has passed.
///
/// Per sample: a Butterworth high-pass (designed for the rate measured over the first samples) of x, y, z (lane 3
/// of the SIMD4 samples is held at 0) with carried `Double` state, run over contiguous runs of samples; the
/// statistic is the high-passed vector magnitude. The threshold adapts to the noise floor (median of the statistic
/// over trailing blocks), never below a fixed minimum; the block medians are taken only when a sample reaches that
/// minimum (see ``currentNoiseFloor()``). After a crossing the detector waits for the look-ahead, then walks back
/// from the crossing to where the statistic left the noise and extrapolates the rise to the pre-contact level
/// (sub-sample), flags clipping, and takes the spectrum of the transient.
///
/// Nothing is allocated per sample or per run once ``decided`` has grown to the largest number of impacts one run
/// decides: the samples live in an ``ImpactSampleRing`` (copy-on-write, so the detector is a value).
struct ImpactDetector: Sendable {
    struct Sample: Sendable {
        var time: Double
        var raw: SIMD4<Float>
        var highPassed: SIMD4<Float>
        var magnitude: Float
    }

    /// Read access to the ring by global index, for the rare per-impact work.
    struct RingView {
        let storage: ImpactSampleRing
        /// Samples ever appended.
        let count: Int
        /// Oldest global index still held.
        var firstIndex: Int { Swift.max(0, count - storage.capacity) }
        subscript(index: Int) -> Sample {
            let slot = index & storage.mask
            return Sample(
                time: storage.times[slot], raw: storage.raw[slot], highPassed: storage.highPassed[slot],
                magnitude: storage.magnitudes[slot])
        }
    }

    let configuration: SwingAnalyzerConfiguration
    /// Samples used to measure the rate before the filter is designed.
    static let rateMeasurementSamples = 32
    /// Longest run appended to the ring before it is filtered and scanned (the ring holds this much more than the
    /// look-back needs).
    static let runLength = 256
    var storage: ImpactSampleRing
    /// Samples ever appended (the next sample's global index).
    var count = 0
    var filter: SOSFilter?
    /// Global index of the next sample to filter and scan.
    var filteredCount = 0
    /// Impacts decided since the owner last emptied this list (in order).
    var decided: [DetectedImpact] = []
    /// Whether quiet stretches may bypass the per-sample loop (``scan(_:)``). Off, every sample takes the
    /// per-sample loop: the reference the tests hold the bulk path to, bit for bit.
    var scansQuietStretchesInBulk = true

    // Noise floor.
    /// Samples in the current noise-floor block.
    var blockFill = 0
    /// Noise-floor blocks closed so far.
    var closedBlockCount = 0
    /// The noise floor as of ``noiseFloorClosedBlocks`` closed blocks (see ``currentNoiseFloor()``); the blocks
    /// before that one that are still in the trailing window have their median in the ring.
    var noiseFloor: Double
    var noiseFloorClosedBlocks = 0
    /// Whether each block's median, and the noise floor, are taken as the block closes rather than when first
    /// needed. Either way every decision sees the same noise floor, bit for bit; on: the reference the tests hold
    /// the lazy path to.
    var computesNoiseFloorEagerly = false

    // Pending candidate.
    var candidateIndex: Int?
    var candidateTime = 0.0
    var candidateThreshold = 0.0
    var candidateNoise = 0.0
    /// When the pending candidate is decided (+∞ without one), s.
    var candidateDecisionTime = Double.infinity
    var refractoryUntil = -Double.infinity

    // Saturation awareness: per axis, whether the previous sample sat on a flat top, and until when the axis's
    // high-pass output is still ringing from entering or leaving one (excluded from the statistic until then).
    var previousFlat = SIMD4<Float>.zero
    var clipArtifactUntil = SIMD4<Double>(repeating: -.infinity)
    /// Summary of the two above for the common case: whether any axis sat on a flat top at the previous sample,
    /// and the latest end of clip ringing over the axes.
    var anyPreviousFlat = false
    var clipArtifactEnd = -Double.infinity
    /// Whether a sample appended but not yet scanned reaches the saturation level on some axis (noted as the
    /// samples are copied in); only then can a flat top be among them.
    var unscannedReachesSaturation = false

    // Spectrum: FFT length (zero-padded), plan and scratch, made once.
    static let spectrumLength = 128
    let fftPlan: RealFFTPlan
    var fftInput: [Float]
    var fftOutput: [ComplexFloat]
    var power: [Double]
    /// Hann weights for a window of ``hannLength`` samples (the first ``hannLength`` entries), kept between impacts:
    /// the window length rarely changes.
    var hannWeights: [Double]
    var hannLength = 0

    init(configuration: SwingAnalyzerConfiguration) {
        self.configuration = configuration
        let span =
            configuration.impactOnsetSearchWindow + Swift.max(configuration.impactLookahead, configuration.impactSpectrumWindow)
            + 0.02
        let lookBack = Swift.max(
            Self.rateMeasurementSamples * 2, Int((span * configuration.maximumAccelerometerRate).rounded(.up)) * 2)
        storage = ImpactSampleRing(
            minimumCapacity: lookBack + Self.runLength,
            noiseBlockLength: configuration.noiseFloorBlockSamples, noiseBlockCount: configuration.noiseFloorBlockCount)
        noiseFloor = configuration.initialNoiseFloor
        fftPlan = RealFFTPlan.shared(count: Self.spectrumLength)
        fftInput = Array(repeating: 0, count: Self.spectrumLength)
        fftOutput = Array(repeating: .zero, count: Self.spectrumLength / 2 + 1)
        power = Array(repeating: 0, count: Self.spectrumLength / 2 + 1)
        hannWeights = Array(repeating: 0, count: Self.spectrumLength)
        decided.reserveCapacity(8)
        // One transform of the zeroed buffers makes the FFTW plan they need now (plans are made on first use), not
        // while a batch is being fed.
        let plan = fftPlan
        fftInput.withUnsafeBufferPointer { input in
            fftOutput.withUnsafeMutableBufferPointer { plan.forward(input, into: $0) }
        }
    }

    var ring: RingView { RingView(storage: storage, count: count) }

    /// The detection threshold after the blocks closed so far, g: never below
    /// ``SwingAnalyzerConfiguration/impactMinimumThreshold`` (also for a NaN noise floor), so a sample below that
    /// minimum needs no noise floor to be told quiet.
    mutating func currentThreshold() -> Double {
        Swift.max(configuration.impactMinimumThreshold, configuration.impactThresholdNoiseMultiple * currentNoiseFloor())
    }

    /// Delay from an impact's onset until it is certainly decided, s.
    var decisionLatency: Double {
        configuration.impactOnsetSearchWindow + Swift.max(configuration.impactLookahead, configuration.impactSpectrumWindow)
    }

    /// Feeds `samples` (time s, acceleration g, non-decreasing time); impacts they decide are appended to
    /// ``decided``.
    mutating func process(_ samples: AccelerometerColumns) {
        guard samples.count > 0 else { return }
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let saturation = Float(configuration.saturationLevel)
        var next = 0
        while next < samples.count {
            let slot = count & storage.mask
            let n = Swift.min(samples.count - next, Self.runLength, storage.capacity - slot)
            if storage.append(samples, from: next, count: n, toSlot: slot, saturation: saturation) {
                unscannedReachesSaturation = true
            }
            count += n
            next += n
            filterAndScan()
        }
    }

    /// Decides a pending candidate with whatever look-ahead is available (end of data).
    mutating func flush() {
        if filter == nil, count > 0 {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            // Too few samples to measure a rate: design at the nominal 800 Hz.
            filter = Self.makeFilter(configuration, sampleRate: 800, firstSample: storage.raw[0])
            filterAndScan()
        }
        guard candidateIndex != nil else { return }
        decided.append(decide(currentIndex: count - 1))
    }

    /// The sample rate the high-pass is designed for, Hz: measured over the first ``rateMeasurementSamples`` samples
    /// (times `first` and `last`, s); 800 when that gives no rate above twice the cutoff.
    static func filterDesignRate(first: Double, last: Double, _ configuration: SwingAnalyzerConfiguration) -> Double {
        let rate = Double(rateMeasurementSamples - 1) / (last - first)
        return !rate.isFinite || rate <= 2 * configuration.impactHighPassCutoff ? 800 : rate
    }

    /// The Butterworth high-pass (MotionDSP design, scipy-equal) at its steady state for the first sample, so the
    /// 1 g of gravity does not ring at the start.
    static func makeFilter(
        _ configuration: SwingAnalyzerConfiguration, sampleRate: Double, firstSample: SIMD4<Float>
    ) -> SOSFilter {
        let cutoff = Swift.min(configuration.impactHighPassCutoff, 0.45 * sampleRate)
        let sections: SecondOrderSections
        do {
            sections = try SecondOrderSections.butterworth(
                order: configuration.impactHighPassOrder, band: .highPass(cutoff: cutoff), sampleRate: sampleRate)
        } catch {
            preconditionFailure("impact high-pass design failed: \(error)")
        }
        var filter = SOSFilter(sections)
        filter.setSteadyState(for: firstSample)
        return filter
    }

    /// High-passes the samples appended since the last call (contiguous runs of the ring) and scans them.
    mutating func filterAndScan() {
        if filter == nil {
            guard count >= Self.rateMeasurementSamples else { return }
            let rate = Self.filterDesignRate(
                first: storage.times[0], last: storage.times[Self.rateMeasurementSamples - 1], configuration)
            filter = Self.makeFilter(configuration, sampleRate: rate, firstSample: storage.raw[0])
        }
        while filteredCount < count {
            let slot = filteredCount & storage.mask
            let n = Swift.min(count - filteredCount, storage.capacity - slot)
            filter!.process(
                UnsafeBufferPointer(start: storage.raw + slot, count: n),
                into: UnsafeMutableBufferPointer(start: storage.highPassed + slot, count: n))
            scan(filteredCount..<(filteredCount + n))
            filteredCount += n
        }
        unscannedReachesSaturation = false
    }
}
