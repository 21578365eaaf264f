import Foundation
import SwingAnalysis
import Testing

@Suite struct SwingAnalyzerConfigurationTests {
    /// Runs `body` on a temporary configuration file holding `text`, removed afterwards.
    static func withFile<Result>(_ text: String, _ body: (URL) throws -> Result) throws -> Result {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swing-config-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }

    @Test(arguments: SwingAnalyzerConfiguration.presetNames)
    func presetsAreValidAndRoundTrip(name: String) throws {
        let preset = try #require(SwingAnalyzerConfiguration.preset(named: name))
        try preset.validate()
        let data = try JSONEncoder().encode(preset)
        #expect(try JSONDecoder().decode(SwingAnalyzerConfiguration.self, from: data) == preset)
    }

    @Test func fileOverlaysPreset() throws {
        let configuration = try Self.withFile(#"{"preset": "tennis", "impactMinimumThreshold": 2.5}"#) {
            try SwingAnalyzerConfiguration(contentsOf: $0)
        }
        var expected = SwingAnalyzerConfiguration.tennis
        expected.impactMinimumThreshold = 2.5
        #expect(configuration == expected)
    }

    @Test func outOfRangeValueNamesTheParameter() throws {
        try Self.withFile(#"{"maximumSwingDuration": -1}"#) { url in
            #expect {
                try SwingAnalyzerConfiguration(contentsOf: url)
            } throws: { error in
                let text = (error as? SwingAnalyzerConfigurationError)?.description ?? ""
                return text.contains("maximumSwingDuration") && text.contains("-1") && text.contains(url.path)
            }
        }
    }

    @Test func unknownKeyAndPresetAreReported() throws {
        try Self.withFile(#"{"impactMinimumThreshhold": 2}"#) { typo in
            #expect(throws: SwingAnalyzerConfigurationError.invalidJSON(path: typo.path, reason: "unknown key \"impactMinimumThreshhold\"")) {
                try SwingAnalyzerConfiguration(contentsOf: typo)
            }
        }
        try Self.withFile(#"{"preset": "cricket"}"#) { preset in
            #expect(throws: SwingAnalyzerConfigurationError.unknownPreset(path: preset.path, name: "cricket")) {
                try SwingAnalyzerConfiguration(contentsOf: preset)
            }
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
        let configuration = try Self.withFile(#"{"preset": "\#(name)", "fallbackOnsetWalkThreshold": 2.5}"#) {
            try SwingAnalyzerConfiguration(contentsOf: $0)
        }
        var expected = preset
        expected.fallbackOnsetWalkThreshold = 2.5
        #expect(configuration == expected)
    }
}
