import Foundation
import SwingAnalysis
import Testing

@Suite struct SwingAnalyzerConfigurationTests {
    static func write(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swing-config-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test(arguments: SwingAnalyzerConfiguration.presetNames)
    func presetsAreValidAndRoundTrip(name: String) throws {
        let preset = try #require(SwingAnalyzerConfiguration.preset(named: name))
        try preset.validate()
        let data = try JSONEncoder().encode(preset)
        #expect(try JSONDecoder().decode(SwingAnalyzerConfiguration.self, from: data) == preset)
    }

    @Test func fileOverlaysPreset() throws {
        let url = try Self.write(#"{"preset": "tennis", "impactMinimumThreshold": 2.5}"#)
        let configuration = try SwingAnalyzerConfiguration(contentsOf: url)
        var expected = SwingAnalyzerConfiguration.tennis
        expected.impactMinimumThreshold = 2.5
        #expect(configuration == expected)
    }

    @Test func outOfRangeValueNamesTheParameter() throws {
        let url = try Self.write(#"{"maximumSwingDuration": -1}"#)
        #expect {
            try SwingAnalyzerConfiguration(contentsOf: url)
        } throws: { error in
            let text = (error as? SwingAnalyzerConfigurationError)?.description ?? ""
            return text.contains("maximumSwingDuration") && text.contains("-1") && text.contains(url.path)
        }
    }

    @Test func unknownKeyAndPresetAreReported() throws {
        let typo = try Self.write(#"{"impactMinimumThreshhold": 2}"#)
        #expect(throws: SwingAnalyzerConfigurationError.invalidJSON(path: typo.path, reason: "unknown key \"impactMinimumThreshhold\"")) {
            try SwingAnalyzerConfiguration(contentsOf: typo)
        }
        let preset = try Self.write(#"{"preset": "cricket"}"#)
        #expect(throws: SwingAnalyzerConfigurationError.unknownPreset(path: preset.path, name: "cricket")) {
            try SwingAnalyzerConfiguration(contentsOf: preset)
        }
        let missing = URL(fileURLWithPath: "/nonexistent/config.json")
        #expect(throws: SwingAnalyzerConfigurationError.self) { try SwingAnalyzerConfiguration(contentsOf: missing) }
    }

    @Test func validationRejectsEachBadRange() {
        var configuration = SwingAnalyzerConfiguration.baseball
        configuration.impactHighPassOrder = 3
        #expect(throws: SwingAnalyzerConfigurationError.self) { try configuration.validate() }
        configuration = .baseball
        configuration.minimumPeakRotationRate = 1
        #expect(throws: SwingAnalyzerConfigurationError.self) { try configuration.validate() }
        configuration = .baseball
        configuration.impactHighPassCutoff = 500
        #expect(throws: SwingAnalyzerConfigurationError.self) { try configuration.validate() }
        configuration = .baseball
        configuration.fallbackOnsetWalkThreshold = 0.5  // below onsetWalkThreshold (1 rad/s)
        #expect(throws: SwingAnalyzerConfigurationError.self) { try configuration.validate() }
    }

    @Test(arguments: SwingAnalyzerConfiguration.presetNames)
    func fallbackOnsetWalkThresholdHasADefaultAndLoads(name: String) throws {
        let preset = try #require(SwingAnalyzerConfiguration.preset(named: name))
        #expect(preset.fallbackOnsetWalkThreshold == 2.0)
        let url = try Self.write(#"{"preset": "\#(name)", "fallbackOnsetWalkThreshold": 2.5}"#)
        let configuration = try SwingAnalyzerConfiguration(contentsOf: url)
        var expected = preset
        expected.fallbackOnsetWalkThreshold = 2.5
        #expect(configuration == expected)
    }
}
