import ArgumentParser
import Foundation
import MotionRecording
import SensorFusion

extension SwingMetrics {
    /// `swing-metrics fuse PATH -o OUT_DIR`
    struct Fuse: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fuse",
            abstract: "Fuse a raw accelerometer + gyroscope recording into device motion; write it as interchange CSV.",
            discussion: """
                Reads any supported recording that has a raw accelerometer and gyroscope (interchange CSV with \
                gyroscope.csv, native .npz, a Sensor Logger export), runs the streaming sensor fusion over it, and \
                writes an interchange CSV directory: accelerometer.csv, gyroscope.csv, device_motion.csv (the \
                fused attitude, gravity, user acceleration and bias-corrected rotation rate at the gyroscope's \
                timestamps), magnetometer.csv when present, and metadata.json with "deviceMotionSource": "fused". \
                A device motion the recording already has is replaced. Hygiene repairs and fusion events (gaps, \
                saturation) are printed on standard error.

                Example:
                  swing-metrics fuse imu-session/ -o imu-session-fused/
                """)

        @Argument(help: "The recording to read (must hold a raw accelerometer and gyroscope).")
        var input: String

        @Option(name: .shortAndLong, help: "Directory to write the interchange CSV recording to.")
        var output: String

        @Option(help: "Input format (default: detected from the contents).")
        var from: RecordingFormat?

        @OptionGroup(title: "Generic CSV input") var columnMap: ColumnMapOptions

        mutating func run() throws {
            let source = try RecordingSource.openForCommand(input, format: try columnMap.format(overriding: from))
            guard source.needsFusion(force: true) else {
                let has = source.streams.map(\.rawValue).sorted().joined(separator: ", ")
                StandardError.writeLine(
                    "swing-metrics: error: \(input): fusion needs a raw accelerometer and gyroscope; the recording has \(has.isEmpty ? "no streams" : has)")
                throw ExitCode.failure
            }
            do {
                // A mapped recording is fused streaming into a temporary native file and written from its mapping.
                let fused = try source.fusingDeviceMotion()
                for finding in fused.hygiene.findings { StandardError.writeLine("note: \(finding)") }
                try InterchangeCSVWriter.write(fused, to: URL(fileURLWithPath: output, isDirectory: true))
                StandardError.writeLine("wrote \(output) (\(fused.sampleCount(.deviceMotion)) fused device-motion samples)")
            } catch {
                StandardError.writeLine("swing-metrics: error: \(error)")
                throw ExitCode.failure
            }
        }
    }
}
