/// Parameters of the barometric analyses (``BarometricAnalyzer``, ``ElevationProfile``). Each is a physical quantity
/// chosen from the physics it separates; `docs/workout-analysis.md` ("Altitude, floors and water depth") gives the
/// reasoning.
///
/// Pressure is put on a 1 Hz grid first (the mean of each whole second of the recording clock: Core Motion's
/// altimeter reports about 1 Hz, a phone barometer up to 25 Hz, the water-submersion manager 3 Hz under water).
public struct BarometryConfiguration: Sendable, Equatable {
    /// Length of the running median over the per-second pressures, s (odd). A door slam (+30…300 Pa for under a
    /// second) or a wind gust (±20…100 Pa for 1–2 s) changes 1–3 seconds; the median of 7 removes up to 3, so also
    /// a slam during a gust; a real change of level lasts longer.
    public var spikeMedianSeconds: Int = 7
    /// Length of the centred mean that smooths the altitude before it is differenced, s (odd): barometer noise of
    /// 1–3 Pa (10–25 cm) drops to about 5 cm; a stair climb's corners are rounded over 4 s, its height kept.
    public var smoothingSeconds: Int = 9
    /// Length of the centred least-squares window for the vertical rate, s (odd): over 31 s, noise of 0.15 m per
    /// second gives a rate error of about 0.003 m/s.
    public var rateWindowSeconds: Int = 31
    /// Vertical rate from which a change of altitude is the wearer's, m/s. Weather moves the pressure by up to
    /// about 0.1 kPa/h (≈ 8 m/h, 0.0023 m/s; a fast front ≈ 0.3 kPa/h, 0.007 m/s); walking up a hill is
    /// 0.02–0.2 m/s and stairs 0.1–0.5 m/s. Slower changes are weather drift and are left out of the altitude.
    public var verticalRate: Double = 0.015
    /// Time constant over which the weather's rate is remembered, s: the mean rate of the drift seconds, each
    /// weighted by exp(−age / this), is taken out of the wearer's changes (weather trends hold for hours).
    public var weatherMemory: Double = 1800
    /// Vertical rate from which a change of altitude is the wearer's while the motion analysis says the wearer is
    /// stationary, m/s: a lift (elevator, 1–10 m/s) still counts; anything slower while still is weather.
    public var stationaryVerticalRate: Double = 0.25
    /// Dead band of the elevation gain and loss, m: a climb (or a descent) counts once the altitude has moved this
    /// far from the last turning point, and then in full; smaller undulations and the remaining noise do not.
    public var elevationDeadBand: Double = 1.0
    /// Height of one floor, m (`CMPedometer` counts "approximately 3 meters" a floor). A floor is counted each time
    /// the altitude climbed (or descended) while walking or running reaches one more floor height since the last
    /// floor counted: a turn back needs a whole floor height before it counts the other way (hysteresis of one floor).
    public var floorHeight: Double = 3.0
    /// Air temperature, °C, when known: relative altitudes are scaled by T / T_standard (warm air is less dense,
    /// and the standard atmosphere reads a climb in it short). `nil`: the standard atmosphere's temperature.
    public var airTemperatureCelsius: Double?

    /// The water submersions happen in (depth = Δp / (ρ·g₀)).
    public var waterDensity: WaterDensity = .fresh
    /// Depth below the surface from which the device is submerged, m (0.2 m of water = 1.96 kPa, the air pressure
    /// change of a 165 m descent: no lift or walk does that within ``surfaceWindowSeconds``).
    public var submersionEntryDepth: Double = 0.2
    /// Depth above which a submerged device has surfaced, m (hysteresis below ``submersionEntryDepth``).
    public var submersionExitDepth: Double = 0.1
    /// Seconds of air pressure before a submersion from which the surface pressure is estimated (their minimum).
    public var surfaceWindowSeconds: Int = 10
    /// The maximum depth of the depth zones, m (``WaterDepthZone``; 6 m: Apple's Shallow Depth and Pressure
    /// entitlement, 40 m: the full one).
    public var maximumDepth: Double = 6

    public init() {}
}
