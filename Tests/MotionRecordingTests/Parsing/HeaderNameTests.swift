import Testing
@testable import MotionRecording

/// A header field's name and unit suffix without the decoration spreadsheets and scripts add.
@Suite struct HeaderNameTests {
    @Test(arguments: [
        ("timestamp", "timestamp", nil), ("Timestamp", "timestamp", nil), (" x ", "x", nil), ("\"X\"", "x", nil),
        ("\u{FEFF}timestamp", "timestamp", nil), ("\u{FEFF}\"Timestamp\"", "timestamp", nil),
        ("x (g)", "x", "g"), ("acceleration_x [m/s^2]", "acceleration_x", "m/s^2"), ("acceleration_x_(g)", "acceleration_x", "g"),
        ("\" rotation_rate_z (deg/s) \"", "rotation_rate_z", "deg/s"), ("(g)", "(g)", nil), ("Unnamed: 0", "unnamed: 0", nil),
    ] as [(String, String, String?)])
    func keyAndUnit(field: String, key: String, unit: String?) {
        let name = HeaderName(field)
        #expect(name.key == key && name.unit == unit, "\(field)")
    }

    @Test func firstFieldNamingPrefersExactThenUndecoratedAndNeverReadsPastAUnit() {
        #expect(HeaderName.firstField(naming: ["x"], in: ["X", "x"]) == 1)
        #expect(HeaderName.firstField(naming: ["x"], in: ["time", " \"X\""]) == 1)
        #expect(HeaderName.firstField(naming: ["seconds_elapsed", "time"], in: ["Time", "Seconds_Elapsed"]) == 1)
        #expect(HeaderName.firstField(naming: ["x"], in: ["x (m/s^2)"]) == nil)
    }
}
