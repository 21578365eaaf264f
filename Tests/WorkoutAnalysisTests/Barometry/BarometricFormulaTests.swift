import Testing

@testable import WorkoutAnalysis

@Suite struct BarometricFormulaTests {
    /// The U.S. Standard Atmosphere 1976 (= ICAO below 11 km): pressure, kPa, at geometric altitude, m, as published
    /// to five significant figures. The formula takes geopotential altitude H = r·z / (r + z), r = 6 356 766 m.
    static let standardAtmosphere: [(altitude: Double, kilopascals: Double)] = [
        (-500, 107.478), (0, 101.325), (500, 95.461), (1000, 89.876), (2000, 79.501), (3000, 70.121),
        (5000, 54.048), (8000, 35.651),
    ]

    @Test(arguments: standardAtmosphere)
    func pressureMatchesTheStandardAtmosphereTable(altitude: Double, kilopascals: Double) {
        let geopotential = 6_356_766 * altitude / (6_356_766 + altitude)
        // Within the table's rounding (0.5 Pa) and the gas constant's last digits (≤ 1 Pa at 8 km).
        #expect(abs(BarometricFormula.pressure(altitude: geopotential) - kilopascals) < 0.0015)
        #expect(abs(BarometricFormula.altitude(pressure: kilopascals) - geopotential) < 0.2)
    }

    @Test func onehectopascalIsAboutEightMetresNearSeaLevel() {
        let metres = BarometricFormula.altitude(pressure: 101.225) - BarometricFormula.altitude(pressure: 101.325)
        #expect(abs(metres - 8.32) < 0.02)
    }

    @Test func relativeAltitudeDoesNotDependOnTheReference() {
        // The same 0.12 kPa drop read at two weather pressures gives nearly the same climb (the formula's
        // curvature: 1 % over 5 kPa).
        let high = BarometricFormula.altitude(pressure: 102.88, reference: 103)
        let low = BarometricFormula.altitude(pressure: 97.88, reference: 98)
        #expect(abs(high - low) / high < 0.06)
        #expect(high > 9.5 && high < 10.5)
    }

    @Test func depthZonesFollowApplesBoundaries() {
        #expect(WaterDepthZone(submergedAt: 0.5, maximumDepth: 6) == .submergedShallow)
        #expect(WaterDepthZone(submergedAt: 1.0, maximumDepth: 6) == .submergedDeep)
        #expect(WaterDepthZone(submergedAt: 5.3, maximumDepth: 6) == .submergedDeep)
        #expect(WaterDepthZone(submergedAt: 5.5, maximumDepth: 6) == .approachingMaxDepth)
        #expect(WaterDepthZone(submergedAt: 6.2, maximumDepth: 6) == .pastMaxDepth)
        #expect(WaterDepthZone(submergedAt: 30, maximumDepth: 40) == .submergedDeep)
        #expect(WaterDensity.sea.kilopascalsPerMeter > WaterDensity.fresh.kilopascalsPerMeter)
        #expect(abs(WaterDensity.fresh.kilopascalsPerMeter - 9.777) < 0.001)
    }
}
