/// The density of the water a submersion happens in, which turns a pressure difference into a depth
/// (d = Δp / (ρ·g₀)). Fresh against sea water changes a depth by 2.8 %: 10 m in a pool reads 10.28 m with the
/// sea-water density.
public enum WaterDensity: Sendable, Equatable, Hashable {
    /// Fresh water at about 25 °C (a pool or a lake), 997 kg/m³.
    case fresh
    /// Sea water at about 35 ‰ salinity and 10–20 °C, 1025 kg/m³ (the value dive computers use for "salt").
    case sea
    /// Any other density, kg/m³.
    case custom(kilogramsPerCubicMeter: Double)

    /// ρ, kg/m³.
    public var kilogramsPerCubicMeter: Double {
        switch self {
        case .fresh: 997
        case .sea: 1025
        case .custom(let rho): rho
        }
    }

    /// Pressure of one metre of this water, kPa (ρ·g₀ / 1000; fresh: 9.777 kPa/m).
    public var kilopascalsPerMeter: Double { kilogramsPerCubicMeter * 9.80665 / 1000 }
}
