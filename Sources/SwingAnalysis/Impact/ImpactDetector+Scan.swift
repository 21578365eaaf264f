import Foundation
import MotionDSP
import MotionRecording

/// The per-run scan: the high-passed statistic of each sample against the threshold, quiet stretches in bulk,
/// the per-sample loop near candidates and clipping, and the flat-top (saturation) mask.
extension ImpactDetector {
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
    mutating func scan(_ indices: Range<Int>) {
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
    static func unmaskedStatistic(
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
    static func largest(_ values: UnsafeBufferPointer<Float>) -> Float {
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
    static func largest(_ values: UnsafeBufferPointer<Double>) -> Double {
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
    mutating func scanSamples(_ indices: Range<Int>) {
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
    mutating func clipMask(time: Double, value: SIMD4<Float>, previous: SIMD4<Float>) -> SIMD4<Float> {
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
}
