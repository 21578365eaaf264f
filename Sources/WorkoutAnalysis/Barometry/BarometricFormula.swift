import Foundation

/// The international barometric formula: altitude in the ICAO standard atmosphere (ISO 2533) from pressure, valid in
/// the troposphere (below 11 km), with h the geopotential altitude (within 0.2 % of the geometric below 11 km):
///
///     h = (T₀ / L) · (1 − (p / p₀)^(R·L / (g₀·M)))
///
/// with T₀ = 288.15 K (15 °C at sea level), L = 0.0065 K/m (temperature lapse rate), p₀ = 101.325 kPa, g₀ = 9.80665
/// m/s², M = 0.0289644 kg/mol (dry air), R = 8.31432 J/(mol·K) (the standard's own value): T₀/L = 44 330.8 m and the exponent
/// R·L/(g₀·M) = 0.190263 (1/5.25588). Near sea level 1 hPa (0.1 kPa) is about 8.3 m.
///
/// **Relative altitude** (what `CMAltimeter` reports) is the difference of two standard altitudes. It does not depend
/// on p₀, so weather does not bias a difference taken over seconds; over hours the weather's own pressure change
/// (≈ 0.1 kPa/h) reads as ≈ 8 m/h of altitude, which ``ElevationProfile`` separates by rate. Air warmer than the
/// standard atmosphere is less dense: a real climb then reads short by the ratio of the absolute temperatures
/// (≈ 5 % at 30 °C), which ``BarometryConfiguration/airTemperatureCelsius`` corrects when the temperature is known.
public enum BarometricFormula {
    /// Standard sea-level pressure p₀, kPa.
    public static let seaLevelPressureKilopascals = 101.325
    /// Standard sea-level temperature T₀, K.
    public static let seaLevelTemperatureKelvin = 288.15
    /// Temperature lapse rate L of the troposphere, K/m.
    public static let lapseRateKelvinPerMeter = 0.0065
    /// R·L / (g₀·M), dimensionless.
    public static let exponent = 8.31432 * 0.0065 / (9.80665 * 0.0289644)

    /// Standard-atmosphere altitude of pressure `kilopascals` (> 0), m above the level where the pressure is
    /// `reference` kPa (default: the standard sea level).
    @inlinable
    public static func altitude(pressure kilopascals: Double, reference: Double = seaLevelPressureKilopascals) -> Double {
        (seaLevelTemperatureKelvin / lapseRateKelvinPerMeter) * (1 - pow(kilopascals / reference, exponent))
    }

    /// Pressure at standard-atmosphere altitude `meters` above the level where it is `reference` kPa, kPa (the
    /// inverse of ``altitude(pressure:reference:)``).
    @inlinable
    public static func pressure(altitude meters: Double, reference: Double = seaLevelPressureKilopascals) -> Double {
        reference * pow(1 - meters * lapseRateKelvinPerMeter / seaLevelTemperatureKelvin, 1 / exponent)
    }

    /// Standard-atmosphere temperature at `meters` above sea level, K.
    @inlinable
    public static func standardTemperature(altitude meters: Double) -> Double {
        seaLevelTemperatureKelvin - lapseRateKelvinPerMeter * meters
    }
}
