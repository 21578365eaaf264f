import Testing

@testable import SwingSimulation

@Suite struct TremorNoiseTests {
    @Test func hasTheRequestedRMS() {
        var random = SimulationRandom(seed: 9)
        var tremor = TremorNoise(rms: 0.025, sampleRate: 800, random: &random)
        var sum = 0.0
        let n = 80_000
        for _ in 0..<n {
            let v = tremor.next(&random)
            sum += v.z * v.z
        }
        let rms = (sum / Double(n)).squareRoot()
        #expect(abs(rms - 0.025) < 0.003)
    }
}
