import Testing

@Suite struct SwingMetricsPlaceholderTests {
    @Test func builds() { #expect(1 + 1 == 2) }
}
