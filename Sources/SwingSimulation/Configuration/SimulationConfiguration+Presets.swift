/// Sport presets. Sources and assumptions:
/// - Baseball/softball time to contact 0.12–0.25 s: Apple, WWDC23 "What's new in Core Motion" (swing example).
/// - Wrist rotation rates: bat-swing lead-arm/hand angular velocities of roughly 10–25 rad/s (Fortenbaugh 2011,
///   "The Biomechanics of the Baseball Swing"; Escamilla et al. 2009); a real Apple Watch tennis forehand rally
///   (800 Hz, CMBatchedSensorManager) peaks at 7–10 rad/s |ω| at the wrist.
/// - Impact at the wrist: the real tennis recording shows 19.5–47.4 g peaks, ringing ≈ 120 Hz decaying over
///   20–40 ms, contact rising over 3–5 samples (tennis ball dwell ≈ 4–5 ms). Bat first bending mode ≈ 150–200 Hz
///   and ball–bat contact ≈ 0.7 ms; golf club–ball contact ≈ 0.45 ms and a downswing of ≈ 0.25–0.3 s. Modes
///   above 400 Hz are left out (the 800 Hz stream cannot represent them; the sensor's anti-alias filter removes
///   them).
/// - Wrist speed about the swing axis ≤ 10 m/s (baseball/softball hand speed ≈ 7–10 m/s), 8 m/s golf, 6 m/s tennis,
///   which bounds the centripetal acceleration; the real forehands show 2–8 g at the wrist just before impact.
/// - Golf and tennis "time to contact" is measured from the onset of the forward swing (downswing), after the
///   backswing has come to rest; the backswing is modelled as the load.
extension SimulationConfiguration {
    /// Baseball: hits, foul tips, misses, practice swings, distractors; 800/200 Hz, unclipped.
    public static func baseball(seed: UInt64, mix: EventMix = EventMix()) -> SimulationConfiguration {
        SimulationConfiguration(
            sport: .baseball, seed: seed, mix: mix,
            kinematics: SwingKinematics(
                timeToContact: 0.12...0.25, practiceTimeToContact: 0.20...0.38, swingAngle: 2.5...4.0,
                peakRate: 8...26, practiceAngleFraction: 0.7...1.0, planeTilt: 0.1...0.5,
                peakTimeFraction: 0.85...1.05,
                onsetExponent: 1.5...3, decayExponent: 2.5...5, wristRadius: 0.25...0.4,
                wristRadiusGrowth: 0.03...0.15, loadRate: 0.5...2.0, loadDuration: 0.15...0.45,
                loadPause: 0.04...0.2, strideAcceleration: 0.1...0.4, contactSlowdown: 0.03...0.12,
                forearmRollFraction: 0.2...0.6),
            impacts: ImpactModel(
                hitPeak: 15...50, foulTipPeak: 2...6, contactDuration: 0.0006...0.0012,
                primaryFrequency: 140...230, primaryDecay: 0.008...0.03, secondaryFrequency: 280...380,
                secondaryDecay: 0.003...0.01, secondaryWeight: 0.2...0.6, foulTipDecay: 0.002...0.006))
    }

    /// Fast-pitch softball: like baseball, slightly slower wrist and longer contact.
    public static func softball(seed: UInt64, mix: EventMix = EventMix()) -> SimulationConfiguration {
        var c = baseball(seed: seed, mix: mix)
        c.sport = .softball
        c.kinematics.swingAngle = 2.3...3.8
        c.impacts.contactDuration = 0.0008...0.0015
        c.impacts.primaryFrequency = 120...220
        c.impacts.hitPeak = 12...45
        return c
    }

    /// Golf: steep swing plane, backswing as the load, downswing 0.22–0.32 s.
    public static func golf(seed: UInt64, mix: EventMix = EventMix()) -> SimulationConfiguration {
        SimulationConfiguration(
            sport: .golf, seed: seed, mix: mix,
            kinematics: SwingKinematics(
                timeToContact: 0.22...0.32, practiceTimeToContact: 0.30...0.45, swingAngle: 3.0...4.5,
                peakRate: 8...24, practiceAngleFraction: 0.7...1.0, planeTilt: 0.6...1.0,
                peakTimeFraction: 0.8...1.0,
                onsetExponent: 1.5...3, decayExponent: 2...4, wristRadius: 0.3...0.5,
                wristRadiusGrowth: 0.05...0.2, loadRate: 2.0...4.5, loadDuration: 0.6...1.0,
                loadPause: 0.03...0.1, strideAcceleration: 0.02...0.1, contactSlowdown: 0.02...0.08,
                forearmRollFraction: 0.2...0.5, maximumWristSpeed: 8),
            impacts: ImpactModel(
                hitPeak: 8...30, foulTipPeak: 2...6, contactDuration: 0.0004...0.0006,
                primaryFrequency: 100...250, primaryDecay: 0.006...0.025, secondaryFrequency: 250...390,
                secondaryDecay: 0.003...0.008, secondaryWeight: 0.2...0.7, foulTipDecay: 0.002...0.005))
    }

    /// Tennis forehand: forward swing 0.10–0.22 s, calibrated on the real forehand recording.
    public static func tennis(seed: UInt64, mix: EventMix = EventMix()) -> SimulationConfiguration {
        SimulationConfiguration(
            sport: .tennis, seed: seed, mix: mix,
            kinematics: SwingKinematics(
                timeToContact: 0.10...0.22, practiceTimeToContact: 0.15...0.30, swingAngle: 1.5...2.6,
                peakRate: 5...12, practiceAngleFraction: 0.7...1.0, planeTilt: 0.15...0.6,
                peakTimeFraction: 0.85...1.05,
                onsetExponent: 1.5...3, decayExponent: 4...8, wristRadius: 0.25...0.4,
                wristRadiusGrowth: 0.03...0.12, loadRate: 1.5...4.0, loadDuration: 0.3...0.7,
                loadPause: 0.03...0.12, strideAcceleration: 0.05...0.3, contactSlowdown: 0.03...0.1,
                forearmRollFraction: 0.2...0.6, waggleProbability: 0.2,
                maximumWristSpeed: 6),
            impacts: ImpactModel(
                hitPeak: 19...48, foulTipPeak: 3...8, contactDuration: 0.0035...0.0055,
                primaryFrequency: 100...180, primaryDecay: 0.01...0.03, secondaryFrequency: 200...350,
                secondaryDecay: 0.004...0.012, secondaryWeight: 0.2...0.5, foulTipDecay: 0.003...0.007))
    }

    /// The preset for `sport`.
    public static func preset(_ sport: Sport, seed: UInt64, mix: EventMix = EventMix()) -> SimulationConfiguration {
        switch sport {
        case .baseball: baseball(seed: seed, mix: mix)
        case .softball: softball(seed: seed, mix: mix)
        case .golf: golf(seed: seed, mix: mix)
        case .tennis: tennis(seed: seed, mix: mix)
        }
    }
}

extension SimulationConfiguration {
    /// The preset of `sport` with `swings` swings (``EventMix/proportional(swings:)``) and everything about the
    /// watch drawn from `seed`: wrist, crown side, handedness (usually the lead-wrist convention, sometimes not),
    /// accelerometer range (unclipped, ±16, ±32 or ±64 g), gyroscope range (±34.9 rad/s or unclipped), white
    /// noise (accelerometer 0.002–0.02 g, gyroscope 0.003–0.02 rad/s), tremor (0.01–0.04 g), mean accelerometer
    /// rate 798–803 Hz with the real watch's spacing cycle or uniform spacing (device motion on the same clock at a
    /// quarter of it), drift (0–0.05 %) and jitter (0–40 µs). For robustness tests over many sessions.
    public static func varied(_ sport: Sport, seed: UInt64, swings: Int) -> SimulationConfiguration {
        var random = SimulationRandom(seed: seed).derived(0x5A21)
        var c = preset(sport, seed: seed, mix: .proportional(swings: swings))
        c.wrist = random.chance(0.5) ? .left : .right
        c.crownSide = random.chance(0.5) ? .left : .right
        if random.chance(0.2) { c.handedness = random.chance(0.5) ? .left : .right }
        let ranges: [Double?] = [nil, 16, 32, 64]
        c.sensors.accelerometerRange = ranges[Int(random.next() % 4)]
        c.sensors.gyroscopeRange = random.chance(0.5) ? 34.9 : nil
        c.sensors.accelerometerNoise = random.uniform(0.002...0.02)
        c.sensors.accelerometerTremor = random.uniform(0.01...0.04)
        c.sensors.gyroscopeNoise = random.uniform(0.003...0.02)
        let rate = random.uniform(798.0...803.0)
        c.sensors.accelerometerRate = rate
        c.sensors.deviceMotionRate = rate / 4
        if random.chance(0.5) { c.sensors.accelerometerSpacingPattern = [1] }
        c.sensors.rateDrift = random.uniform(0...5e-4)
        c.sensors.timestampJitter = random.uniform(0...40e-6)
        return c
    }
}
