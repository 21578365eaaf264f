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
    private var storage: ImpactSampleRing
    /// Samples ever appended (the next sample's global index).
    private var count = 0
    private var filter: SOSFilter?
    /// Global index of the next sample to filter and scan.
    private var filteredCount = 0
    /// Impacts decided since the owner last emptied this list (in order).
    var decided: [DetectedImpact] = []
    /// Whether quiet stretches may bypass the per-sample loop (``scan(_:)``). Off, every sample takes the
    /// per-sample loop: the reference the tests hold the bulk path to, bit for bit.
    var scansQuietStretchesInBulk = true

    // Noise floor.
    /// Samples in the current noise-floor block.
    private var blockFill = 0
    /// Noise-floor blocks closed so far.
    private var closedBlockCount = 0
    /// The noise floor as of ``noiseFloorClosedBlocks`` closed blocks (see ``currentNoiseFloor()``); the blocks
    /// before that one that are still in the trailing window have their median in the ring.
    private var noiseFloor: Double
    private var noiseFloorClosedBlocks = 0
    /// Whether each block's median, and the noise floor, are taken as the block closes rather than when first
    /// needed. Either way every decision sees the same noise floor, bit for bit; on: the reference the tests hold
    /// the lazy path to.
    var computesNoiseFloorEagerly = false

    // Pending candidate.
    private var candidateIndex: Int?
    private var candidateTime = 0.0
    private var candidateThreshold = 0.0
    private var candidateNoise = 0.0
    /// When the pending candidate is decided (+∞ without one), s.
    private var candidateDecisionTime = Double.infinity
    private var refractoryUntil = -Double.infinity

    // Saturation awareness: per axis, whether the previous sample sat on a flat top, and until when the axis's
    // high-pass output is still ringing from entering or leaving one (excluded from the statistic until then).
    private var previousFlat = SIMD4<Float>.zero
    private var clipArtifactUntil = SIMD4<Double>(repeating: -.infinity)
    /// Summary of the two above for the common case: whether any axis sat on a flat top at the previous sample,
    /// and the latest end of clip ringing over the axes.
    private var anyPreviousFlat = false
    private var clipArtifactEnd = -Double.infinity
    /// Whether a sample appended but not yet scanned reaches the saturation level on some axis (noted as the
    /// samples are copied in); only then can a flat top be among them.
    private var unscannedReachesSaturation = false

    // Spectrum: FFT length (zero-padded), plan and scratch, made once.
    static let spectrumLength = 128
    private let fftPlan: RealFFTPlan
    private var fftInput: [Float]
    private var fftOutput: [ComplexFloat]
    private var power: [Double]
    /// Hann weights for a window of ``hannLength`` samples (the first ``hannLength`` entries), kept between impacts:
    /// the window length rarely changes.
    private var hannWeights: [Double]
    private var hannLength = 0

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

    private var ring: RingView { RingView(storage: storage, count: count) }

    /// The detection threshold after the blocks closed so far, g: never below
    /// ``SwingAnalyzerConfiguration/impactMinimumThreshold`` (also for a NaN noise floor), so a sample below that
    /// minimum needs no noise floor to be told quiet.
    private mutating func currentThreshold() -> Double {
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
    private mutating func filterAndScan() {
        if filter == nil {
            guard count >= Self.rateMeasurementSamples else { return }
            let first = storage.times[0]
            let last = storage.times[Self.rateMeasurementSamples - 1]
            var rate = Double(Self.rateMeasurementSamples - 1) / (last - first)
            if !rate.isFinite || rate <= 2 * configuration.impactHighPassCutoff { rate = 800 }
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

    /// The statistic, decisions, candidates and noise floor for the filtered samples `indices` (contiguous in the
    /// ring), in order.
    ///
    /// Most of a recording is quiet: no axis near a flat top, no pending decision, the statistic below the
    /// threshold. So the statistic of the whole run is computed first, four samples at a time, together with
    /// whether any axis sits on a flat top (looked for only when a sample reached the saturation level). Without
    /// one (and with no clip ringing carried in), each stretch up to the next noise-block boundary that holds no
    /// decision time and where no candidate can start (the statistic stays below the threshold, or the stretch
    /// ends before candidates are allowed again) goes straight into the noise block; any other stretch, and any run
    /// near clipping, takes the per-sample loop (``scanSamples(_:)``). Both give the same values as the per-sample
    /// loop alone, bit for bit (``scansQuietStretchesInBulk`` off: the reference in the tests).
    private mutating func scan(_ indices: Range<Int>) {
        let ring = storage
        let firstSlot = indices.lowerBound & ring.mask
        let anyFlat = Self.unmaskedStatistic(
            ring, slots: firstSlot..<(firstSlot + indices.count), hasPrevious: indices.lowerBound > 0,
            saturation: unscannedReachesSaturation ? Float(configuration.saturationLevel) : nil)
        if anyFlat || anyPreviousFlat || ring.times[firstSlot] < clipArtifactEnd || !scansQuietStretchesInBulk {
            scanSamples(indices)
            return
        }
        let blockLength = ring.noiseBlockLength
        var start = indices.lowerBound
        while start < indices.upperBound {
            let end = Swift.min(indices.upperBound, start + blockLength - blockFill)
            let (startSlot, count) = (start & ring.mask, end - start)
            // The latest time, not the last: the loop's decisions must not depend on times being sorted.
            let latestTime = Self.largest(UnsafeBufferPointer(start: ring.times + startSlot, count: count))
            let candidateStart = candidateIndex == nil ? refractoryUntil : .infinity
            var quiet = latestTime < candidateDecisionTime
            if quiet, !(latestTime < candidateStart) {
                let loudest = Double(Self.largest(UnsafeBufferPointer(start: ring.magnitudes + startSlot, count: count)))
                quiet = loudest < configuration.impactMinimumThreshold || loudest < currentThreshold()
            }
            if quiet {
                (currentNoiseBlock + blockFill).update(from: ring.magnitudes + startSlot, count: count)
                blockFill += count
                if blockFill == blockLength { closeNoiseBlock() }
            } else {
                scanSamples(start..<end)
            }
            start = end
        }
    }

    /// Writes the statistic of ring `slots` as if no axis were clipped, sqrt((x² + y²) + z²) of the high-passed
    /// sample (the same operations, in the same order, as the per-sample loop's masked sum), and returns whether
    /// any axis of those samples sits on a flat top (|value| ≥ `saturation` and equal to the previous sample's;
    /// the first slot has no previous sample in the stream when `hasPrevious` is false). A `nil` saturation: no
    /// sample reaches the level, so none is on a flat top.
    private static func unmaskedStatistic(
        _ ring: ImpactSampleRing, slots: Range<Int>, hasPrevious: Bool, saturation: Float?
    ) -> Bool {
        let (raw, highPassed, magnitudes) = (ring.raw, ring.highPassed, ring.magnitudes)
        var flat = SIMDMask<SIMD4<Int32>>(repeating: false)
        var slot = slots.lowerBound
        if let saturation {
            let flatLevel = SIMD4<Float>(saturation, saturation, saturation, .infinity)
            if hasPrevious {
                let value = raw[slot]
                flat .|= (absolute(value) .>= flatLevel) .& (value .== raw[(slot - 1) & ring.mask])
            }
            for s in (slot + 1)..<slots.upperBound {
                let value = raw[s]
                flat .|= (absolute(value) .>= flatLevel) .& (value .== raw[s - 1])
            }
        }
        while slot + 4 <= slots.upperBound {
            let (a, b, c, d) = (highPassed[slot], highPassed[slot + 1], highPassed[slot + 2], highPassed[slot + 3])
            let x = SIMD4(a.x, b.x, c.x, d.x)
            let y = SIMD4(a.y, b.y, c.y, d.y)
            let z = SIMD4(a.z, b.z, c.z, d.z)
            let statistic = ((x * x + y * y) + z * z).squareRoot()
            UnsafeMutableRawPointer(magnitudes + slot).storeBytes(of: statistic, as: SIMD4<Float>.self)
            slot += 4
        }
        while slot < slots.upperBound {
            let h = highPassed[slot]
            magnitudes[slot] = ((h.x * h.x + h.y * h.y) + h.z * h.z).squareRoot()
            slot += 1
        }
        return any(flat)
    }

    /// The largest of `values`, ignoring NaN (−∞ when empty or all NaN).
    ///
    /// Concrete overloads rather than one generic function: in generic code the SIMD comparisons resolve to the
    /// element-by-element protocol implementations, which are many times slower.
    private static func largest(_ values: UnsafeBufferPointer<Float>) -> Float {
        var best = SIMD8<Float>(repeating: -.infinity)
        var i = 0
        while i + 8 <= values.count {
            let v = UnsafeRawPointer(values.baseAddress! + i).loadUnaligned(as: SIMD8<Float>.self)
            best.replace(with: v, where: v .> best)
            i += 8
        }
        var result = best.greatestLane()
        while i < values.count {
            if values[i] > result { result = values[i] }
            i += 1
        }
        return result
    }

    /// The largest of `values`, ignoring NaN (−∞ when empty or all NaN).
    private static func largest(_ values: UnsafeBufferPointer<Double>) -> Double {
        var best = SIMD4<Double>(repeating: -.infinity)
        var i = 0
        while i + 4 <= values.count {
            let v = UnsafeRawPointer(values.baseAddress! + i).loadUnaligned(as: SIMD4<Double>.self)
            best.replace(with: v, where: v .> best)
            i += 4
        }
        var result = best.greatestLane()
        while i < values.count {
            if values[i] > result { result = values[i] }
            i += 1
        }
        return result
    }

    /// The per-sample loop of ``scan(_:)``: clip masks, statistic, decisions, candidates and noise floor.
    ///
    /// The state that changes per sample is kept in locals (written back around the rare calls that change it), so
    /// the loop runs in registers: stores through the ring's pointers cannot alias it.
    private mutating func scanSamples(_ indices: Range<Int>) {
        let ring = storage
        let mask = ring.mask
        let (times, raw, highPassed, magnitudes) = (ring.times, ring.raw, ring.highPassed, ring.magnitudes)
        let blockLength = ring.noiseBlockLength
        let saturation = Float(configuration.saturationLevel)
        // Lane 3 (always 0) is never a flat top.
        let flatLevel = SIMD4<Float>(saturation, saturation, saturation, .infinity)
        // A sample below the minimum threshold cannot start a candidate: the threshold proper (and so the noise
        // floor) is only needed at one that reaches it. NaN: not known yet for the current block.
        let minimumLevel = configuration.impactMinimumThreshold
        var level = Double.nan
        var block = currentNoiseBlock
        var fill = blockFill
        // Time from which the pending candidate is decided, and from which a new one may start (+∞: not now).
        var decisionTime = candidateDecisionTime
        var candidateStart = candidateIndex == nil ? refractoryUntil : .infinity
        var nearClipping = anyPreviousFlat
        var clipEnd = clipArtifactEnd
        for index in indices {
            let slot = index & mask
            let time = times[slot]
            // A clipped axis (flat top) and the high-pass ringing from the kinks where it enters or leaves the flat
            // top are not contact: leave that axis out of the statistic while it lasts.
            var axisMask = SIMD4<Float>(1, 1, 1, 0)
            if index > 0 {
                let value = raw[slot]
                let previous = raw[(index - 1) & mask]
                let flatNow = (Self.absolute(value) .>= flatLevel) .& (value .== previous)
                if any(flatNow) || nearClipping || time < clipEnd {
                    axisMask = clipMask(time: time, value: value, previous: previous)
                    nearClipping = anyPreviousFlat
                    clipEnd = clipArtifactEnd
                }
            }
            let hm = highPassed[slot] * axisMask
            let magnitude = (hm * hm).sum().squareRoot()
            magnitudes[slot] = magnitude

            if time >= decisionTime {
                decided.append(decide(currentIndex: index))
                decisionTime = candidateDecisionTime
                candidateStart = refractoryUntil
            }
            if time >= candidateStart, Double(magnitude) >= minimumLevel {
                if level.isNaN { level = currentThreshold() }
                if Double(magnitude) >= level {
                    candidateIndex = index
                    candidateTime = time
                    candidateThreshold = level
                    candidateNoise = noiseFloor  // taken with `level`
                    candidateDecisionTime = time + decisionWait
                    refractoryUntil = time + configuration.impactRefractoryPeriod
                    decisionTime = candidateDecisionTime
                    candidateStart = .infinity
                }
            }
            block[fill] = magnitude
            fill += 1
            if fill == blockLength {
                closeNoiseBlock()
                fill = 0
                block = currentNoiseBlock
                level = .nan
            }
        }
        blockFill = fill
    }

    /// The statistic's axis mask at a sample near a flat top, updating the per-axis clip state.
    private mutating func clipMask(time: Double, value: SIMD4<Float>, previous: SIMD4<Float>) -> SIMD4<Float> {
        var axisMask = SIMD4<Float>(1, 1, 1, 0)
        for axis in 0..<3 {
            let flat: Float =
                Swift.abs(value[axis]) >= Float(configuration.saturationLevel) && value[axis] == previous[axis] ? 1 : 0
            if flat != previousFlat[axis] {
                clipArtifactUntil[axis] = time + configuration.saturationRecoveryTime
            }
            previousFlat[axis] = flat
            if flat == 1 || time < clipArtifactUntil[axis] { axisMask[axis] = 0 }
        }
        anyPreviousFlat = previousFlat != .zero
        clipArtifactEnd = Swift.max(clipArtifactUntil[0], clipArtifactUntil[1], clipArtifactUntil[2])
        return axisMask
    }

    private var decisionWait: Double { Swift.max(configuration.impactLookahead, configuration.impactSpectrumWindow) }

    /// Where the current noise-floor block's statistic goes.
    private var currentNoiseBlock: UnsafeMutablePointer<Float> { storage.noiseBlock(closedBlockCount) }

    /// Closes the full current block: it joins the trailing window (the oldest block leaves it).
    private mutating func closeNoiseBlock() {
        closedBlockCount += 1
        blockFill = 0
        if computesNoiseFloorEagerly { _ = currentNoiseFloor() }
    }

    /// The noise floor after the blocks closed so far: the median of the trailing block medians
    /// (``SwingAnalyzerConfiguration/noiseFloorBlockCount`` of them, fewer at the start;
    /// ``SwingAnalyzerConfiguration/initialNoiseFloor`` before the first block closes).
    ///
    /// Taken when first needed, not as each block closes: only a sample that reaches the minimum threshold needs it,
    /// so on a quiet stretch most blocks leave the window without their median ever being taken. It depends only on
    /// the blocks in the window, so the value is the same whenever it is taken.
    private mutating func currentNoiseFloor() -> Double {
        guard noiseFloorClosedBlocks != closedBlockCount else { return noiseFloor }
        let ring = storage
        let (length, window) = (ring.noiseBlockLength, ring.noiseBlockCount)
        // Radix select on the Float bit patterns: the same median as quickselect for NaN-free blocks (the statistic
        // is non-negative, so no ±0 question), about twice as fast; reads the block without reordering it.
        for block in Swift.max(noiseFloorClosedBlocks, closedBlockCount - window)..<closedBlockCount {
            ring.noiseBlockMedians[block % window] = OrderStatistic.radixSelect(
                UnsafeBufferPointer(start: ring.noiseBlock(block), count: length), rank: length / 2)
        }
        // The medians in IEEE total order (so that NaN has a place too), by insertion: at most 64 of them.
        let held = Swift.min(closedBlockCount, window)
        let sorted = ring.sortedNoiseBlockMedians
        for i in 0..<held {
            let median = ring.noiseBlockMedians[i]
            var position = i
            while position > 0, !sorted[position - 1].isTotallyOrdered(belowOrEqualTo: median) {
                sorted[position] = sorted[position - 1]
                position -= 1
            }
            sorted[position] = median
        }
        noiseFloor = Double(held % 2 == 1 ? sorted[held / 2] : (sorted[held / 2 - 1] + sorted[held / 2]) / 2)
        noiseFloorClosedBlocks = closedBlockCount
        return noiseFloor
    }

    private mutating func decide(currentIndex: Int) -> DetectedImpact {
        let crossing = candidateIndex!
        candidateIndex = nil
        candidateDecisionTime = .infinity
        var lookaheadPeak: Float = 0
        for i in crossing...currentIndex { lookaheadPeak = Swift.max(lookaheadPeak, ring[i].magnitude) }
        let onsetLevel = Swift.max(
            configuration.impactOnsetNoiseMultiple * candidateNoise,
            configuration.impactOnsetThresholdFraction * candidateThreshold,
            configuration.impactOnsetPeakFraction * Double(lookaheadPeak))
        // Walk back from the crossing while the previous sample is still above the onset level.
        let earliest = candidateTime - configuration.impactOnsetSearchWindow
        var k = crossing
        while k - 1 >= ring.firstIndex, ring[k - 1].time >= earliest, Double(ring[k - 1].magnitude) > onsetLevel {
            k -= 1
        }
        let onset = onsetTime(firstLoud: k, currentIndex: currentIndex, noise: candidateNoise)

        // Peak and saturation over the transient: an axis is clipped when its largest |value| reaches the
        // saturation level and repeats on consecutive samples (a flat top).
        var peak: Float = 0
        var axisMaximum = SIMD4<Float>.zero
        let end = currentIndex
        for i in k...end {
            peak = Swift.max(peak, ring[i].magnitude)
            axisMaximum = pointwiseMax(axisMaximum, Self.absolute(ring[i].raw))
        }
        var saturated = false
        let saturation = Float(configuration.saturationLevel)
        for i in Swift.max(k, ring.firstIndex + 1)...end {
            let (r, previous) = (Self.absolute(ring[i].raw), Self.absolute(ring[i - 1].raw))
            for axis in 0..<3 where axisMaximum[axis] >= saturation {
                if r[axis] == axisMaximum[axis] && previous[axis] == axisMaximum[axis] { saturated = true }
            }
        }
        let (frequency, energy) = spectrum(from: k, to: end, onset: onset)
        return DetectedImpact(
            time: onset, peak: Double(peak), saturated: saturated, dominantFrequency: frequency, bandEnergy: energy)
    }

    @inline(__always)
    static func absolute(_ v: SIMD4<Float>) -> SIMD4<Float> { v.replacing(with: -v, where: v .< 0) }

    /// Sub-sample onset. The transient grows like a power of the time since contact, m ∝ (t − t₀)^p
    /// (``SwingAnalyzerConfiguration/impactOnsetExponent``), from the pre-contact level (the noise floor): the p-th
    /// roots of the first two loud samples' excess over that level lie on a line through t₀. At most
    /// ``SwingAnalyzerConfiguration/impactOnsetMaximumExtrapolation`` before the first loud sample.
    private func onsetTime(firstLoud k: Int, currentIndex: Int, noise: Double) -> Double {
        let loud = ring[k]
        guard k + 1 <= currentIndex else { return loud.time }
        let next = ring[k + 1]
        let exponent = configuration.impactOnsetExponent
        let q0 = Foundation.pow(Swift.max(0, Double(loud.magnitude) - noise), 1 / exponent)
        let q1 = Foundation.pow(Swift.max(0, Double(next.magnitude) - noise), 1 / exponent)
        let dt = next.time - loud.time
        guard dt > 0, q1 > q0 else {
            let previous = k - 1 >= ring.firstIndex ? ring[k - 1].time : loud.time
            return loud.time - 0.5 * (loud.time - previous)
        }
        let back = q0 * dt / (q1 - q0)
        return loud.time - Swift.min(back, configuration.impactOnsetMaximumExtrapolation)
    }

    /// Dominant frequency (Hz, parabolic peak interpolation) and band energy (g²) of the high-passed x, y, z over
    /// the spectrum window from the first loud sample: Hann-windowed, zero-padded to ``spectrumLength``, FFTW real
    /// FFT (MotionDSP's plan, made once), power summed over the three axes.
    private mutating func spectrum(from k: Int, to end: Int, onset: Double) -> (Double, Double) {
        var n = 0
        let windowEnd = onset + configuration.impactSpectrumWindow
        while k + n <= end, ring[k + n].time <= windowEnd, n < Self.spectrumLength { n += 1 }
        guard n >= 8 else { return (0, 0) }
        let duration = ring[k + n - 1].time - ring[k].time
        guard duration > 0 else { return (0, 0) }
        let rate = Double(n - 1) / duration
        let length = Self.spectrumLength
        let bins = length / 2 + 1
        if hannLength != n {
            for i in 0..<n { hannWeights[i] = 0.5 - 0.5 * Foundation.cos(2 * Double.pi * Double(i) / Double(n - 1)) }
            hannLength = n
        }
        var windowPowerSum = 0.0
        for b in 0..<bins { power[b] = 0 }
        for i in 0..<n { windowPowerSum += hannWeights[i] * hannWeights[i] }
        for axis in 0..<3 {
            for i in 0..<length {
                if i < n {
                    fftInput[i] = Float(hannWeights[i]) * ring[k + i].highPassed[axis]
                } else {
                    fftInput[i] = 0
                }
            }
            fftInput.withUnsafeBufferPointer { input in
                fftOutput.withUnsafeMutableBufferPointer { output in
                    fftPlan.forward(input, into: output)
                }
            }
            for b in 0..<bins {
                let c = fftOutput[b]
                power[b] += Double(c.real) * Double(c.real) + Double(c.imaginary) * Double(c.imaginary)
            }
        }
        var best = 1
        for b in 1..<bins where power[b] > power[best] { best = b }
        var offset = 0.0
        if best < bins - 1 {
            let (l, c, r) = (power[best - 1], power[best], power[best + 1])
            let denominator = l - 2 * c + r
            if denominator < 0 { offset = Swift.max(-0.5, Swift.min(0.5, 0.5 * (l - r) / denominator)) }
        }
        let binWidth = rate / Double(length)
        let frequency = (Double(best) + offset) * binWidth
        // One-sided PSD (g²/Hz) = 2|X|² / (fs Σw²); energy = Σ PSD · Δf over the band.
        var energy = 0.0
        for b in 0..<bins {
            let f = Double(b) * binWidth
            guard f >= configuration.impactBandLower, f <= configuration.impactBandUpper else { continue }
            let scale = (b == 0 || b == bins - 1) ? 1.0 : 2.0
            energy += scale * power[b] / (rate * windowPowerSum) * binWidth
        }
        return (frequency, energy)
    }
}
