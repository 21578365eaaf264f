import Testing

@Suite struct SwingSimulationPlaceholderTests {
    @Test func builds() { #expect(1 + 1 == 2) }
}
