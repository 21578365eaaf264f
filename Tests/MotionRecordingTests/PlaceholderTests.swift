import Testing

@Suite struct MotionRecordingPlaceholderTests {
    @Test func builds() { #expect(1 + 1 == 2) }
}
