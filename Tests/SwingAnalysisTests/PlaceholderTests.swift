import Testing

@Suite struct SwingAnalysisPlaceholderTests {
    @Test func builds() { #expect(1 + 1 == 2) }
}
