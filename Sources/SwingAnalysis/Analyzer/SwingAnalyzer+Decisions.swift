import MotionRecording

/// Combining the streams and deciding: impacts meet rotation events, each event is decided once its look-ahead
/// has passed, and impacts no swing can still claim are released.
extension SwingAnalyzer {
    mutating func receiveDecidedImpacts(into output: inout SwingAnalysisResult) {
        guard !impactDetector.decided.isEmpty else { return }
        for impact in impactDetector.decided { receive(impact, into: &output) }
        impactDetector.decided.removeAll(keepingCapacity: true)
    }

    mutating func receive(_ impact: DetectedImpact, into output: inout SwingAnalysisResult) {
        if !expectsDeviceMotion {
            output.swings.append(Self.impactOnlySwing(impact))
            return
        }
        if heldImpacts.isFull {
            let oldest = heldImpacts.removeFirst()
            if !oldest.claimed { output.unmatchedImpacts.append(oldest.impact.time) }
        }
        heldImpacts.append(HeldImpact(impact: impact, claimed: false))
    }

    mutating func enqueue(_ event: RotationEvent, into output: inout SwingAnalysisResult) {
        if pendingEvents.isFull {
            let oldest = pendingEvents.removeFirst()
            decide(oldest, into: &output)
        }
        pendingEvents.append(event)
    }

    /// The accelerometer time from which every impact `event` could claim has been decided, s: the end of its
    /// impact window plus the detector's decision latency and the longest onset extrapolation.
    func decisionPoint(_ event: RotationEvent) -> Double {
        event.lastTime + configuration.impactMatchAfter + impactDetector.decisionLatency
            + configuration.impactOnsetMaximumExtrapolation
    }

    func isReady(_ event: RotationEvent) -> Bool {
        if finished || !expectsAccelerometer { return true }
        return lastAccelerometerTime >= decisionPoint(event)
    }

    mutating func decidePending(into output: inout SwingAnalysisResult) {
        while let event = pendingEvents.first, isReady(event) {
            pendingEvents.removeFirst()
            decide(event, into: &output)
        }
    }

    /// Reports held impacts that no current or future rotation event can claim.
    mutating func releaseImpacts(into output: inout SwingAnalysisResult) {
        while let held = heldImpacts.first {
            if held.claimed {
                heldImpacts.removeFirst()
                continue
            }
            if finished && rotationRing.count == 0 {
                // Device motion was declared but never came: impacts only.
                output.swings.append(Self.impactOnlySwing(held.impact))
                heldImpacts.removeFirst()
                continue
            }
            if !finished && couldStillBeClaimed(held.impact.time) { return }
            output.unmatchedImpacts.append(held.impact.time)
            heldImpacts.removeFirst()
        }
    }

    func couldStillBeClaimed(_ time: Double) -> Bool {
        let before = configuration.impactMatchBefore
        let after = configuration.impactMatchAfter
        if lastDeviceMotionTime < time + before { return true }
        if let active = eventDetector.active, active.firstTime - before <= time { return true }
        for offset in 0..<pendingEvents.count {
            let event = pendingEvents[offset]
            if event.firstTime - before <= time, time <= event.lastTime + after { return true }
        }
        return false
    }

    static func impactOnlySwing(_ impact: DetectedImpact) -> Swing {
        Swing(
            start: impact.time, impact: impact.time, timeToContact: nil, contact: true, peakRotationRate: 0,
            impactPeak: impact.peak, impactSaturated: impact.saturated,
            impactDominantFrequency: impact.dominantFrequency, impactBandEnergy: impact.bandEnergy)
    }

    /// Whether the accelerometer saw the whole impact window of `event` (from ``SwingAnalyzerConfiguration/
    /// impactMatchBefore`` before its first rotation sample to ``SwingAnalyzerConfiguration/impactMatchAfter``
    /// after its last), so that finding no impact there means a miss rather than "unknown". At the end of a
    /// recording, an accelerometer that ran until the device motion ended (within one 1 s batch) counts as covering.
    func accelerometerCovers(_ event: RotationEvent) -> Bool {
        guard expectsAccelerometer, sawAccelerometer else { return false }
        guard firstAccelerometerTime <= event.firstTime - configuration.impactMatchBefore else { return false }
        if lastAccelerometerTime >= event.lastTime + configuration.impactMatchAfter { return true }
        return finished && lastAccelerometerTime >= lastDeviceMotionTime - 1.0
    }

    // MARK: Deciding a swing

    mutating func decide(_ event: RotationEvent, into output: inout SwingAnalysisResult) {
        guard Double(event.peak) >= configuration.minimumPeakRotationRate else { return }
        // Unclaimed impacts within the event's window, strongest first: the first one that makes a valid swing
        // (rotating fast enough at contact, enough rotation before it) is the contact; otherwise a miss.
        let windowStart = event.firstTime - configuration.impactMatchBefore
        let windowEnd = event.lastTime + configuration.impactMatchAfter
        candidateScratch.removeAll(keepingCapacity: true)
        for offset in 0..<heldImpacts.count {
            let held = heldImpacts[offset]
            guard !held.claimed, held.impact.time >= windowStart, held.impact.time <= windowEnd else { continue }
            candidateScratch.append(offset)
        }
        candidateScratch.sort { heldImpacts[$0].impact.peak > heldImpacts[$1].impact.peak }
        for offset in candidateScratch {
            let impact = heldImpacts[offset].impact
            if let swing = makeSwing(event, impact: impact) {
                heldImpacts[offset].claimed = true
                output.swings.append(swing)
                return
            }
        }
        if let swing = makeSwing(event, impact: nil) { output.swings.append(swing) }
    }

    /// The swing of `event` with contact at `impact` (or a miss), or `nil` when it is not a valid swing.
    func makeSwing(_ event: RotationEvent, impact: DetectedImpact?) -> Swing? {
        // Anchor: the last rotation sample before the impact, or the rotation peak for a miss.
        var anchorIndex = event.peakIndex
        var anchorTime = event.peakTime
        if let impact {
            var j = rotationRing.count - 1
            while j >= rotationRing.firstIndex, rotationRing[j].time >= impact.time { j -= 1 }
            guard j >= rotationRing.firstIndex else { return nil }
            anchorIndex = j
            anchorTime = impact.time
            // Contact happens while the swing is fast.
            let rateAtImpact = Double(Swift.abs(rotationRing[j].alongGravity))
            guard rateAtImpact >= configuration.impactMinimumRotationFraction * Double(event.peak) else { return nil }
        }
        guard let onset = onsetEstimator.estimate(ring: rotationRing, anchorIndex: anchorIndex) else { return nil }

        // Accumulated rotation (trapezoid over samples from the onset to the anchor, plus the last partial step).
        var accumulated = 0.0
        var peakRate: Float = 0
        var previous: RotationSample?
        var axisSum = SIMD3<Double>.zero
        var plane = PrincipalAxis()
        var first = onset.crossingIndex
        while first - 1 >= rotationRing.firstIndex, rotationRing[first - 1].time >= onset.time { first -= 1 }
        for j in first...anchorIndex {
            let s = rotationRing[j]
            let magnitude = Swift.abs(s.alongGravity)
            peakRate = Swift.max(peakRate, magnitude)
            if let p = previous { accumulated += 0.5 * Double(Swift.abs(p.alongGravity) + magnitude) * (s.time - p.time) }
            previous = s
            let w = SIMD3<Double>(Double(s.rotationRate.x), Double(s.rotationRate.y), Double(s.rotationRate.z))
            axisSum += w
            plane.add(w)
        }
        if let p = previous, anchorTime > p.time { accumulated += Double(Swift.abs(p.alongGravity)) * (anchorTime - p.time) }
        guard accumulated >= configuration.minimumAccumulatedRotation else { return nil }

        let hasImpact = impact != nil
        return Swing(
            start: onset.time,
            impact: impact?.time,
            timeToContact: impact.map { $0.time - onset.time },
            contact: hasImpact ? true : accelerometerCovers(event) ? false : nil,
            peakRotationRate: Double(hasImpact ? peakRate : event.peak),
            accumulatedRotation: accumulated,
            duration: Swift.max(event.lastTime, anchorTime) - onset.time,
            impactPeak: impact?.peak,
            impactSaturated: impact?.saturated,
            impactDominantFrequency: impact?.dominantFrequency,
            impactBandEnergy: impact?.bandEnergy,
            // The first right singular vector of the stacked rotation rates (rad/s) from the onset to the anchor,
            // signed along Σ ω; none from fewer than two samples.
            swingPlaneNormal: anchorIndex > first ? plane.axis(signedAlong: axisSum) : nil)
    }
}
