import Foundation
import MotionRecording

/// Lays out a configuration's events on the timeline (in random order, never overlapping, with gaps long enough
/// for the wrist to settle) and draws every event's parameters from its own random sub-stream.
struct EventPlanner {
    let configuration: SimulationConfiguration
    /// Device-frame forearm axis (toward the hand): +x with the crown toward the hand, −x otherwise.
    let forearmInDevice: Vector3
    /// Device → forearm-frame mounting rotation.
    let mount: Quaternion

    init(configuration: SimulationConfiguration) {
        self.configuration = configuration
        // Crown toward the hand: left wrist & crown right, or right wrist & crown left.
        let crownTowardHand = (configuration.wrist == .left) == (configuration.crownSide == .right)
        forearmInDevice = crownTowardHand ? .unitX : -Vector3.unitX
        mount = crownTowardHand ? .identity : Quaternion(axis: .unitZ, angle: Double.pi)
    }

    struct Plan {
        var events: [PlannedEvent]
        var transients: [ContactTransient]
        /// Event-time origin: the recording clock's first timestamp, s.
        var startTime: Double
        var duration: Double
        /// Attitude at the start of the recording.
        var initialAttitude: Quaternion
    }

    private enum Slot { case swing(TrueSwing.Kind), walking, armRaise, claps, taps }

    /// The events drawn, before they are placed on the timeline.
    struct Drafts {
        var drafts: [(event: PlannedEvent, transients: [ContactTransient])]
        var startTime: Double
        var leadIn: Double
        var tail: Double
        var gaps: [Double]
        var spans: [Double]
        static let minimumGap = 1.8
        /// The generator, where placing continues drawing.
        var random: SimulationRandom

        /// The shortest recording that holds these events with the minimum gaps, s.
        var minimumDuration: Double {
            leadIn + tail + spans.reduce(0, +) + Double(drafts.count) * Self.minimumGap
        }
    }

    /// The shortest ``SimulationConfiguration/duration`` this configuration's events fit in, s.
    func minimumDuration() -> Double { draft().minimumDuration }

    func draft() -> Drafts {
        var random = SimulationRandom(seed: configuration.seed)
        let startTime = configuration.startTime ?? (random.uniform(1000...90000) * 1000).rounded() / 1000
        let mix = configuration.mix
        var slots: [Slot] = []
        slots += Array(repeating: .swing(.hit), count: mix.hits)
        slots += Array(repeating: .swing(.foulTip), count: mix.foulTips)
        slots += Array(repeating: .swing(.miss), count: mix.misses)
        slots += Array(repeating: .swing(.practice), count: mix.practiceSwings)
        slots += Array(repeating: .walking, count: mix.walkingBouts)
        slots += Array(repeating: .armRaise, count: mix.armRaises)
        slots += Array(repeating: .claps, count: mix.clapBursts)
        slots += Array(repeating: .taps, count: mix.tapBursts)
        // Fisher–Yates with the simulator's own generator (stable across standard-library versions).
        if slots.count > 1 {
            for i in stride(from: slots.count - 1, to: 0, by: -1) {
                let j = Int(random.next() % UInt64(i + 1))
                slots.swapAt(i, j)
            }
        }
        // Draw each event relative to its own origin, then place them.
        var drafts: [(event: PlannedEvent, transients: [ContactTransient])] = []
        for (index, slot) in slots.enumerated() {
            var r = random.derived(UInt64(index) + 1)
            switch slot {
            case .swing(let kind): drafts.append(swing(kind, random: &r))
            case .walking: drafts.append(walking(random: &r))
            case .armRaise: drafts.append(armRaise(random: &r))
            case .claps: drafts.append(burst(.clap, random: &r))
            case .taps: drafts.append(burst(.tap, random: &r))
            }
        }
        let leadIn = random.uniform(1.5...3.0)
        let tail = random.uniform(1.5...2.5)
        let gaps = drafts.map { _ in random.uniform(Drafts.minimumGap...4.0) }
        let spans = drafts.map { $0.event.end - $0.event.begin }
        return Drafts(
            drafts: drafts, startTime: startTime, leadIn: leadIn, tail: tail, gaps: gaps, spans: spans, random: random)
    }

    /// - Precondition: ``SimulationConfiguration/duration``, when set, is at least ``minimumDuration()``.
    func plan() -> Plan {
        let drafted = draft()
        var random = drafted.random
        let (drafts, startTime, leadIn, tail, spans) = (
            drafted.drafts, drafted.startTime, drafted.leadIn, drafted.tail, drafted.spans)
        let minimumGap = Drafts.minimumGap
        var gaps = drafted.gaps
        var needed = leadIn + tail + spans.reduce(0, +) + gaps.reduce(0, +)
        if let duration = configuration.duration {
            let minimum = drafted.minimumDuration
            precondition(
                duration >= minimum,
                "SimulationConfiguration.duration \(duration) s is too short for its events (needs \(minimum) s)")
            // Spread the slack over the gaps in random proportions.
            let slack = duration - minimum
            let weights = gaps.map { _ in random.uniform(0.05...1) }
            let total = max(weights.reduce(0, +), 1e-9)
            gaps = weights.map { minimumGap + slack * $0 / total }
            needed = duration
        }
        var events: [PlannedEvent] = []
        var transients: [ContactTransient] = []
        var cursor = startTime + leadIn
        for (index, draft) in drafts.enumerated() {
            let shift = cursor - draft.event.begin
            events.append(draft.event.shifted(by: shift))
            transients += draft.transients.map { $0.shifted(by: shift) }
            cursor += spans[index] + gaps[index]
        }
        transients.sort { $0.time < $1.time }
        let initial = events.first?.stance ?? stance(random: &random)
        return Plan(
            events: events, transients: transients, startTime: startTime, duration: needed,
            initialAttitude: initial)
    }

    // MARK: - Stances

    /// A random ready stance: forearm azimuth anywhere (the reference frame's yaw is arbitrary), elevation
    /// within ±0.5 rad, roll about the forearm within ±1.3 rad (mirrored on the right wrist).
    private func stance(random: inout SimulationRandom, elevation: ClosedRange<Double> = -0.5...0.5) -> Quaternion {
        let yaw = random.uniform(0...(2 * Double.pi))
        let pitch = random.uniform(elevation)
        var roll = random.uniform(-1.3...1.3)
        if configuration.wrist == .right { roll = -roll }
        let forearm = Quaternion(axis: .unitZ, angle: yaw) * Quaternion(axis: .unitY, angle: -pitch)
            * Quaternion(axis: .unitX, angle: roll)
        return (forearm * mount).normalized
    }

    private func forearmWorld(_ attitude: Quaternion) -> Vector3 { attitude.rotate(forearmInDevice) }

    private func horizontal(_ random: inout SimulationRandom) -> Vector3 {
        let a = random.uniform(0...(2 * Double.pi))
        return Vector3(cos(a), sin(a), 0)
    }

    // MARK: - Swings

    private func swing(
        _ kind: TrueSwing.Kind, random: inout SimulationRandom
    ) -> (event: PlannedEvent, transients: [ContactTransient]) {
        let k = configuration.kinematics
        let handedness = configuration.effectiveHandedness
        let isPractice = kind == .practice
        let contactTime = random.uniform(isPractice ? k.practiceTimeToContact : k.timeToContact)
        var angle = random.uniform(k.swingAngle)
        if isPractice { angle *= random.uniform(k.practiceAngleFraction) }
        let peakTime = contactTime * random.uniform(k.peakTimeFraction)
        let p = random.uniform(k.onsetExponent)
        let shape: OnsetShape
        switch Int(random.next() % 3) {
        case 0: shape = .powerLaw(p: p)
        case 1: shape = .gamma(p: p)
        default: shape = .raisedCosine(q: p / 2)
        }
        let decayExponent = random.uniform(k.decayExponent)
        // Area under the unit-peak shape in units of the peak time: rise on [0, 1], gamma decay after.
        var area = 0.0
        let dx = 0.002
        var x = dx / 2
        while x < 12 {
            area += (x < 1 ? shape.rise(x) : pow(x * exp(1 - x), decayExponent)) * dx
            x += dx
        }
        let peakRate = min(max(angle / (area * peakTime), k.peakRate.lowerBound), k.peakRate.upperBound)
        let slowdown: Double
        switch kind {
        case .hit: slowdown = random.uniform(k.contactSlowdown)
        case .foulTip: slowdown = random.uniform(0...(k.contactSlowdown.lowerBound / 2))
        case .miss, .practice: slowdown = 0
        }
        let rollFraction = random.uniform(k.forearmRollFraction) * (isPractice ? 0.6 : 1)
        let rollWidth = random.uniform(0.06...0.15)
        let rollCenter = max(contactTime + random.uniform(0...0.08), 0.6 * contactTime + rollWidth)
        let radius = random.uniform(k.wristRadius)
        let growth = random.uniform(k.wristRadiusGrowth)
        let radiusScale = min(1, k.maximumWristSpeed / (peakRate * (radius + growth)))
        let slowdownWidth = random.uniform(0.015...0.04)
        var loadRate = random.uniform(k.loadRate) * (isPractice ? 0.7 : 1)
        var loadDuration = random.uniform(k.loadDuration)
        let loadPause = random.uniform(k.loadPause)
        // A load reversing straight into the swing: drawn from a sub-stream, so that the draws above and below
        // stay those of a configuration without reversals.
        var reversesFromLoad = false
        var loadCarry = 0.0
        if let reversal = k.loadReversal {
            var r = random.derived(0x4C4F_4144)
            if r.chance(reversal.share) {
                reversesFromLoad = true
                loadRate = r.uniform(reversal.loadRate) * (isPractice ? 0.7 : 1)
                loadDuration = r.uniform(reversal.loadDuration)
                loadCarry = r.uniform(reversal.carry)
            }
        }
        let profile = SwingProfile(
            shape: shape, peakRate: peakRate, peakTime: peakTime, decayExponent: decayExponent,
            contactTime: contactTime, slowdown: slowdown, slowdownWidth: slowdownWidth,
            loadRate: loadRate, loadDuration: loadDuration, loadPause: loadPause,
            reversesFromLoad: reversesFromLoad, loadCarry: loadCarry,
            rollPeak: rollFraction * peakRate, rollCenter: rollCenter, rollWidth: rollWidth,
            radius: radius * radiusScale, radiusGrowth: growth * radiusScale)
        let stance = stance(random: &random)
        // Swing axis: up, tilted by the plane angle about a random horizontal axis; signed by handedness.
        let tilt = random.uniform(k.planeTilt)
        let tiltAxis = horizontal(&random)
        let direction: Double = handedness == .right ? 1 : -1
        let axis = direction * Quaternion(axis: tiltAxis, angle: tilt).rotate(.up)
        // Radial direction: the forearm projected onto the swing plane, turned by up to ±0.8 rad.
        let forearm = forearmWorld(stance)
        var radial = forearm - forearm.dot(axis) * axis
        if radial.length < 0.1 { radial = tiltAxis - tiltAxis.dot(axis) * axis }
        radial = Quaternion(axis: axis, angle: random.uniform(-0.8...0.8)).rotate(radial.normalized)
        let start = 0.0
        let strideDuration = random.uniform(0.25...0.45)
        let stride = random.uniform(k.strideAcceleration)
        let strideDirection = axis.cross(radial).normalized
        var transients: [ContactTransient] = []
        var impact: Double?
        if kind.contact {
            impact = start + contactTime
            transients.append(contactTransient(kind: kind, time: start + contactTime, random: &random))
        }
        var swing = PlannedSwing(
            kind: kind, start: start, impact: impact, profile: profile, axis: axis, planeTilt: tilt,
            radial: radial, rollSign: configuration.wrist == .left ? 1 : -1,
            strideDirection: Vector3(strideDirection.x, strideDirection.y, 0).normalized, stridePeak: stride,
            strideStart: profile.loadStart - 0.05, strideDuration: strideDuration, handedness: handedness)
        if random.chance(configuration.kinematics.waggleProbability) {
            swing.waggleAmplitude = random.uniform(0.5...2.0)
            swing.waggleFrequency = random.uniform(1.0...2.5)
            swing.waggleDuration = random.uniform(0.5...1.5)
            swing.waggleStart = min(profile.loadStart, swing.strideStart) - random.uniform(0.15...0.4)
                - swing.waggleDuration
        }
        let begin = min(profile.loadStart, swing.strideStart, swing.waggleStart) - 0.05
        let end = start + profile.endTime + 0.05
        return (PlannedEvent(begin: begin, end: end, stance: stance, motion: .swing(swing)), transients)
    }

    private func contactTransient(
        kind: TrueSwing.Kind, time: Double, random: inout SimulationRandom
    ) -> ContactTransient {
        let m = configuration.impacts
        let foul = kind == .foulTip
        let off = m.offAxisFraction
        func direction(_ random: inout SimulationRandom) -> Vector3 {
            Vector3(
                random.sign() * random.uniform(off), random.sign() * random.uniform(off),
                random.sign()).normalized
        }
        let primary = ContactTransient.Mode(
            frequency: random.uniform(m.primaryFrequency),
            decay: foul ? random.uniform(m.foulTipDecay) : random.uniform(m.primaryDecay),
            vector: direction(&random))
        let secondary = ContactTransient.Mode(
            frequency: random.uniform(m.secondaryFrequency),
            decay: foul ? random.uniform(m.foulTipDecay) : random.uniform(m.secondaryDecay),
            vector: random.uniform(m.secondaryWeight) * direction(&random))
        return ContactTransient(
            time: time, contactDuration: random.uniform(m.contactDuration), modes: [primary, secondary],
            peak: random.uniform(foul ? m.foulTipPeak : m.hitPeak))
    }

    // MARK: - Distractors

    private func walking(random: inout SimulationRandom) -> (event: PlannedEvent, transients: [ContactTransient]) {
        let duration = random.uniform(3...8)
        let walkDirection = horizontal(&random)
        let walk = PlannedWalk(
            start: 0, end: duration, stepFrequency: random.uniform(1.7...2.2),
            armAmplitude: random.uniform(0.2...0.5), armAxis: Vector3.up.cross(walkDirection),
            walkDirection: walkDirection, swayAmplitude: random.uniform(0.1...0.4), bounce: random.uniform(0.1...0.3),
            heelStrike: random.uniform(0.3...1.2), heelStrikeDuration: random.uniform(0.02...0.04),
            armLength: random.uniform(0.5...0.7))
        let stance = stance(random: &random, elevation: -1.4 ... -1.0)
        return (PlannedEvent(begin: 0, end: duration, stance: stance, motion: .walking(walk)), [])
    }

    private func armRaise(random: inout SimulationRandom) -> (event: PlannedEvent, transients: [ContactTransient]) {
        let stance = stance(random: &random, elevation: -1.3 ... -0.8)
        let forearm = forearmWorld(stance)
        var axis = Vector3.up.cross(forearm)
        axis = axis.length > 0.1 ? axis.normalized : Vector3.unitX
        let raise = PlannedArmRaise(
            start: 0, raiseDuration: random.uniform(0.4...0.8), hold: random.uniform(0.8...2.5),
            lowerDuration: random.uniform(0.5...0.9), angle: random.uniform(1.0...1.6), axis: axis,
            forearmLength: random.uniform(0.25...0.35))
        return (PlannedEvent(begin: 0, end: raise.end, stance: stance, motion: .armRaise(raise)), [])
    }

    private func burst(
        _ kind: TrueDistractor.Kind, random: inout SimulationRandom
    ) -> (event: PlannedEvent, transients: [ContactTransient]) {
        let count = kind == .clap ? Int(random.next() % 4) + 1 : Int(random.next() % 3) + 1
        var hits: [PlannedBurst.Hit] = []
        var transients: [ContactTransient] = []
        var t = 0.3
        for _ in 0..<count {
            let halfWidth = random.uniform(0.1...0.2)
            hits.append(
                PlannedBurst.Hit(
                    time: t, rotationAxis: horizontal(&random), rotationPeak: random.uniform(0.5...2.0),
                    direction: horizontal(&random), accelerationPeak: random.uniform(0.2...0.8),
                    halfWidth: halfWidth))
            let transient: ContactTransient
            if kind == .clap {
                // Skin on skin: short, broadband, any direction.
                transient = ContactTransient(
                    time: t, contactDuration: random.uniform(0.0005...0.0015),
                    modes: [
                        .init(
                            frequency: random.uniform(150...380), decay: random.uniform(0.0015...0.004),
                            vector: random.unitVector()),
                        .init(
                            frequency: random.uniform(200...390), decay: random.uniform(0.001...0.003),
                            vector: random.uniform(0.2...0.6) * random.unitVector()),
                    ],
                    peak: random.uniform(2...10))
            } else {
                // Bat on plate or shoe: the bat's own ringing, weaker than a hit.
                let m = configuration.impacts
                transient = ContactTransient(
                    time: t, contactDuration: random.uniform(0.0005...0.0015),
                    modes: [
                        .init(
                            frequency: random.uniform(m.primaryFrequency), decay: random.uniform(0.004...0.015),
                            vector: Vector3(random.uniform(-0.7...0.7), random.uniform(-0.7...0.7), random.sign())
                                .normalized),
                        .init(
                            frequency: random.uniform(m.secondaryFrequency), decay: random.uniform(0.002...0.006),
                            vector: random.uniform(0.2...0.6) * random.unitVector()),
                    ],
                    peak: random.uniform(1.5...8))
            }
            transients.append(transient)
            t += random.uniform(kind == .clap ? 0.35...0.6 : 0.4...0.8)
        }
        let end = (hits.last?.time ?? 0) + 0.3
        let stance = stance(random: &random, elevation: kind == .clap ? -0.3...0.5 : -1.2 ... -0.6)
        return (
            PlannedEvent(begin: 0, end: end, stance: stance, motion: .burst(PlannedBurst(kind: kind, hits: hits))),
            transients
        )
    }
}

extension PlannedEvent {
    func shifted(by shift: Double) -> PlannedEvent {
        var e = self
        e.begin += shift
        e.end += shift
        switch motion {
        case .swing(var s):
            s.start += shift
            s.impact = s.impact.map { $0 + shift }
            s.strideStart += shift
            e.motion = .swing(s)
        case .walking(var w):
            w.start += shift
            w.end += shift
            e.motion = .walking(w)
        case .armRaise(var r):
            r.start += shift
            e.motion = .armRaise(r)
        case .burst(var b):
            for i in b.hits.indices { b.hits[i].time += shift }
            e.motion = .burst(b)
        }
        return e
    }
}
