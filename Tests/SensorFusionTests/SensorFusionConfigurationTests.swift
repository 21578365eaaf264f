import Testing

@testable import SensorFusion

@Suite("SensorFusionConfiguration")
struct SensorFusionConfigurationTests {
    @Test("Defaults validate; an out-of-range value is a typed error naming the parameter")
    func validation() throws {
        try SensorFusionConfiguration().validate()
        var configuration = SensorFusionConfiguration()
        configuration.accelerometerTimeConstant = -1
        #expect(throws: SensorFusionConfigurationError.invalid(
            parameter: "accelerometerTimeConstant", value: -1, requirement: "> 0 and finite")) {
            try SensorFusionFilter(configuration: configuration)
        }
        configuration = SensorFusionConfiguration()
        configuration.gyroscopeRange = 0
        do {
            _ = try SensorFusionFilter(configuration: configuration)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "sensor fusion: gyroscopeRange = 0.0 must be > 0 and finite")
        }
    }
}
