import Foundation
import Testing

@testable import SwingSimulation

@Suite struct GroundTruthTests {
    @Test func jsonRoundTripsThroughAFileAndADirectory() throws {
        let truth = SwingSimulator.simulate(.tennis(seed: 4, mix: smallMix)).truth
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("truth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try truth.write(to: directory)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("truth.json").path))
        #expect(try GroundTruth.read(from: directory) == truth)
        #expect(try GroundTruth.read(from: directory.appendingPathComponent("truth.json")) == truth)
        // Stable bytes: sorted keys, so the same truth always writes the same file.
        #expect(truth.jsonData() == (try Data(contentsOf: directory.appendingPathComponent("truth.json"))))
        #expect(truth.configuration == .tennis(seed: 4, mix: smallMix))
    }

    @Test func unreadableAndInvalidFilesGiveOneLineErrors() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/truth.json")
        #expect(throws: GroundTruthError.self) { try GroundTruth.read(from: missing) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        try Data("{\"sport\": 3}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try GroundTruth.read(from: file)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix(file.path))
            #expect(!error.description.contains("\n"))
            #expect(!error.description.contains("DecodingError"), "\(error)")
        }
    }

    /// What `score` prints for a missing or cut-short truth.json: the file and the problem, not "The operation could
    /// not be completed" or a DecodingError's debug dump.
    @Test func missingAndCutShortFilesSayWhatIsWrong() throws {
        #expect {
            try GroundTruth.read(from: URL(fileURLWithPath: "/nonexistent/truth.json"))
        } throws: { error in
            "\(error)" == "/nonexistent/truth.json: cannot read ground truth: no such file"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).json")
        try Data("{\"swings\": [".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect {
            try GroundTruth.read(from: file)
        } throws: { error in
            "\(error)".hasPrefix("\(file.path): not a valid ground-truth file: ") && "\(error)".contains("not valid JSON")
                && !"\(error)".contains("DecodingError")
        }
    }

    @Test func timeToContactIsImpactMinusStart() {
        let swing = TrueSwing(
            kind: .hit, start: 100, impact: 100.18, peakRotationRate: 12, peakTime: 100.17,
            accumulatedRotation: -3, end: 100.6, handedness: .right, impactPeak: 30, impactFrequency: 180,
            onsetShape: "gamma(p=2.00)", peakSwingAxisRate: 13, planeTilt: 0.3)
        #expect(abs(swing.timeToContact! - 0.18) < 1e-9)
        #expect(swing.contact)
        let miss = TrueSwing(
            kind: .miss, start: 100, impact: nil, peakRotationRate: 12, peakTime: 100.17, accumulatedRotation: -3,
            end: 100.6, handedness: .left, impactPeak: nil, impactFrequency: nil, onsetShape: "gamma(p=2.00)",
            peakSwingAxisRate: 13, planeTilt: 0.3)
        #expect(miss.timeToContact == nil && !miss.contact)
    }
}
