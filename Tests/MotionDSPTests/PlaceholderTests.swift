import Testing

@Suite struct MotionDSPPlaceholderTests {
    @Test func builds() { #expect(1 + 1 == 2) }
}
