/// Submersion state with hysteresis, fed the 1 Hz spike-free pressure (``BarometricAnalyzer``).
///
/// **Surface pressure.** Out of water, the lowest pressure of the last ``BarometryConfiguration/surfaceWindowSeconds``
/// seconds is the surface pressure: the device in air, at the highest point of a stroke. A dive starts when the
/// pressure exceeds it by ``BarometryConfiguration/submersionEntryDepth`` of water; that surface pressure is then
/// frozen for the dive (weather moves it by ≈ 1 cm of water an hour). The dive ends when the depth is back above
/// ``BarometryConfiguration/submersionExitDepth``; the window then restarts from the air seconds after surfacing, so
/// the surface is estimated again before the next dive. A recording that starts under water takes its first second
/// as the surface (pressure alone cannot tell).
struct SubmersionTracker: Sendable {
    private let entryKilopascals: Double
    private let exitKilopascals: Double
    private let kilopascalsPerMeter: Double
    private let maximumDepth: Double
    private let window: Int
    /// Recent air seconds and their pressures, kPa (at most `window` + 1; capacity reserved in `init`).
    private var airSeconds: [Int]
    private var airPressures: [Double]
    private var dive: Submersion?

    init(configuration: BarometryConfiguration) {
        kilopascalsPerMeter = configuration.waterDensity.kilopascalsPerMeter
        entryKilopascals = configuration.submersionEntryDepth * kilopascalsPerMeter
        exitKilopascals = configuration.submersionExitDepth * kilopascalsPerMeter
        maximumDepth = configuration.maximumDepth
        window = max(1, configuration.surfaceWindowSeconds)
        airSeconds = []
        airPressures = []
        airSeconds.reserveCapacity(window + 2)
        airPressures.reserveCapacity(window + 2)
    }

    /// Whether the last second fed was under water.
    var isSubmerged: Bool { dive != nil }

    /// Takes second `second`'s pressure, kPa; appends a dive that ends to `submersions`.
    mutating func add(second: Int, kilopascals p: Double, into submersions: inout [Submersion]) {
        if var current = dive {
            let depthPressure = p - current.surfacePressure
            if depthPressure < exitKilopascals {
                submersions.append(current)
                dive = nil
                airSeconds.removeAll(keepingCapacity: true)
                airPressures.removeAll(keepingCapacity: true)
                remember(second: second, kilopascals: p)
            } else {
                let depth = depthPressure / kilopascalsPerMeter
                if depth > current.maxDepth {
                    current.maxDepth = depth
                    current.maxDepthTime = Double(second)
                    current.deepestZone = WaterDepthZone(submergedAt: depth, maximumDepth: maximumDepth)
                }
                current.end = Double(second + 1)
                dive = current
            }
            return
        }
        while let first = airSeconds.first, first < second - window {
            airSeconds.removeFirst()
            airPressures.removeFirst()
        }
        if let surface = airPressures.min(), p - surface >= entryKilopascals {
            let depth = (p - surface) / kilopascalsPerMeter
            dive = Submersion(
                start: Double(second), end: Double(second + 1), surfacePressure: surface, maxDepth: depth,
                maxDepthTime: Double(second), deepestZone: WaterDepthZone(submergedAt: depth, maximumDepth: maximumDepth))
        } else {
            remember(second: second, kilopascals: p)
        }
    }

    private mutating func remember(second: Int, kilopascals p: Double) {
        airSeconds.append(second)
        airPressures.append(p)
    }

    /// Ends the data: a dive still open ends with it.
    mutating func finish(into submersions: inout [Submersion]) {
        if let dive { submersions.append(dive) }
        dive = nil
    }
}
