import Testing
@testable import MotionRecording

/// Unit suffixes: spellings of a column's documented unit, the units converted to it, and the others.
@Suite struct ColumnUnitTests {
    @Test func spellingsConversionsAndOthers() {
        #expect(ColumnUnit.of(column: "acceleration_x")?.factor(stated: "G")?.factor == 1)
        #expect(ColumnUnit.of(column: "gravity_y")?.factor(stated: "m s^-2")?.factor == 1 / 9.80665)
        #expect(ColumnUnit.of(column: "user_acceleration_z")?.factor(stated: "m/s²")?.name == "m/s²")
        #expect(ColumnUnit.of(column: "rotation_rate_x")?.factor(stated: "rad/sec")?.factor == 1)
        #expect(ColumnUnit.of(column: "rotation_rate_x")?.factor(stated: "Degrees/s")?.factor == .pi / 180)
        #expect(ColumnUnit.of(column: "timestamp")?.factor(stated: "µs")?.factor == 1e-6)
        #expect(ColumnUnit.of(column: "timestamp")?.factor(stated: "seconds")?.factor == 1)
        #expect(ColumnUnit.of(column: "magnetic_field_x")?.factor(stated: "μT")?.factor == 1)
        #expect(ColumnUnit.of(column: "pressure")?.factor(stated: "hPa")?.factor == 0.1)
        #expect(ColumnUnit.of(column: "attitude_w")?.factor(stated: "")?.factor == 1)
        #expect(ColumnUnit.of(column: "acceleration_x")?.factor(stated: "deg/s") == nil)
        #expect(ColumnUnit.of(column: "latitude")?.factor(stated: "rad") == nil)
        #expect(ColumnUnit.of(column: "activity") == nil)
    }
}
