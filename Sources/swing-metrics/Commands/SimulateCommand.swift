import ArgumentParser
import Foundation
import MotionRecording
import SwingSimulation

extension SimulationConfiguration.Handedness: ExpressibleByArgument {}
extension RecordingMetadata.Wrist: ExpressibleByArgument {}
extension RecordingMetadata.CrownSide: ExpressibleByArgument {}

extension SwingMetrics {
    /// `swing-metrics simulate OUTPUT`
    struct Simulate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "simulate",
            abstract: "Generate a synthetic recording with ground truth (truth.json beside it).",
            discussion: """
                The simulator models the physics of a swing at the wrist: rotation about gravity with a gradual \
                onset, load and stride, centripetal acceleration, contact transients ringing at 100–400 Hz, foul \
                tips, misses and practice swings, and distractors (claps, taps, walking, arm raises), with sensor \
                noise, timestamp jitter, drifting rates around 800/200 Hz and watch-like one-second batches. The \
                same seed always gives the same recording.

                OUTPUT is a directory; it receives the recording (interchange CSV files, or recording.npz with \
                --format native-npz) and truth.json, which `swing-metrics score` compares analyses against.

                Examples:
                  swing-metrics simulate out/session1 --seed 7
                  swing-metrics simulate out/golf --sport golf --swings 40 --format native-npz
                  swing-metrics simulate out/clipped --clip 16 --wrist right --handedness left
                  swing-metrics simulate out/loads --sport tennis --load-reversals 0.5
                  swing-metrics simulate out/head --sport golf --headphones
                """)

        @Argument(help: "Output directory.")
        var output: String

        @Option(help: "Sport preset: baseball, softball, golf or tennis.")
        var sport: SimulationConfiguration.Sport = .baseball

        @Option(help: "Random seed (the same seed gives the same recording; default: the --config file's, else 1).")
        var seed: UInt64?

        @Option(help: "Number of swings, mixed 60 % hits, 10 % foul tips, 20 % misses, 10 % practice swings, with one distractor of each kind per ten swings (default: the preset's mix).")
        var swings: Int?

        @Option(help: "Recording length, s (default: long enough for the events).")
        var duration: Double?

        @Option(help: "Wrist wearing the watch: left or right.")
        var wrist: RecordingMetadata.Wrist?

        @Option(help: "Digital Crown side: left or right.")
        var crown: RecordingMetadata.CrownSide?

        @Option(help: "Batter handedness: left or right.")
        var handedness: SimulationConfiguration.Handedness?

        @Option(help: "Accelerometer range, ±g (e.g. 16, 32, 64); default unclipped.")
        var clip: Double?

        @Option(help: "Share of swings, 0–1, that start straight out of a load or backswing (the rotation reverses into the swing without a pause); also tilts swing planes up to 50°. Default: none, every swing starts from rest.")
        var loadReversals: Double?

        @Flag(help: "Add a headphone-motion stream (AirPods, 25 Hz) with the sport's head behaviour; truth.json then holds each swing's head measures.")
        var headphones = false

        @Option(help: "Recording format.")
        var format: WritableRecordingFormat = .interchangeCSV

        @Option(help: "A SimulationConfiguration JSON file (overrides the preset; other options still apply).")
        var config: String?

        func validate() throws {
            if let swings, swings < 0 { throw ValidationError("--swings must not be negative") }
            if let duration, !(duration > 0) { throw ValidationError("--duration must be positive") }
            if let clip, !(clip > 0) { throw ValidationError("--clip must be positive") }
            if let loadReversals, !(0...1).contains(loadReversals) {
                throw ValidationError("--load-reversals must be between 0 and 1")
            }
        }

        mutating func run() throws {
            var configuration = SimulationConfiguration.preset(sport, seed: seed ?? 1)
            if let config {
                do {
                    let data = try Data(contentsOf: URL(fileURLWithPath: config))
                    configuration = try JSONDecoder().decode(SimulationConfiguration.self, from: data)
                } catch {
                    throw ValidationError("--config \(config): \(error)")
                }
            }
            if let seed { configuration.seed = seed }
            if let swings { configuration.mix = .proportional(swings: swings) }
            if let duration { configuration.duration = duration }
            if let wrist { configuration.wrist = wrist }
            if let crown { configuration.crownSide = crown }
            if let handedness { configuration.handedness = handedness }
            if let clip { configuration.sensors.accelerometerRange = clip }
            if let loadReversals { configuration = configuration.withLoadReversals(share: loadReversals) }
            if headphones { configuration.headphones = .preset(for: configuration.sport) }

            if let duration = configuration.duration {
                let minimum = SwingSimulator.minimumDuration(for: configuration)
                guard duration >= minimum else {
                    throw ValidationError(
                        "--duration \(duration) s is too short for this session's events: with this seed and mix it "
                            + "needs at least \(Int(minimum.rounded(.up))) s (or fewer --swings)")
                }
            }
            let session = SwingSimulator.simulate(configuration)
            let directory = URL(fileURLWithPath: output, isDirectory: true)
            let location: URL
            do {
                location = try session.write(to: directory, format: format.recordingFormat)
            } catch {
                StandardError.writeLine("swing-metrics: error: \(error)")
                throw ExitCode.failure
            }
            let truth = session.truth
            let hits = truth.swings.filter(\.contact).count
            print(
                "wrote \(location.path) and \(GroundTruth.fileName): \(configuration.sport.rawValue), seed \(configuration.seed), "
                    + String(format: "%.1f s, ", truth.recordingEnd - truth.recordingStart)
                    + "\(truth.swings.count) swings (\(hits) with contact), \(truth.distractors.count) distractors")
        }
    }
}
