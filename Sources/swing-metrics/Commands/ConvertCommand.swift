import ArgumentParser
import Foundation
import MotionRecording

extension SwingMetrics {
    /// `swing-metrics convert IN OUT`
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Convert a recording to the interchange CSV layout or the native .npz format.",
            discussion: """
                The input may be any supported format (detected from its contents unless --from is given). The \
                output format follows OUT: a name ending in .npz writes the native format, anything else a \
                directory in the interchange CSV layout (accelerometer.csv, device_motion.csv, metadata.json). \
                Hygiene repairs made while reading are printed on standard error.

                Examples:
                  swing-metrics convert ~/Downloads/SensorLogger-export.zip session.npz
                  swing-metrics convert session.npz session-csv/
                  swing-metrics convert --from raw-accelerometer dump.csv session.npz
                """)

        @Argument(help: "The recording to read.")
        var input: String

        @Argument(help: "Where to write: a .npz file or an interchange CSV directory.")
        var output: String

        @Option(help: "Input format (default: detected from the contents).")
        var from: RecordingFormat?

        @Option(help: "Output format (default: from OUT's name).")
        var to: WritableRecordingFormat?

        mutating func run() throws {
            let outputFormat = to?.recordingFormat ?? (output.lowercased().hasSuffix(".npz") ? .native : .interchangeCSV)
            let recording = try RecordingSource.loadForCommand(input, format: from)
            for finding in recording.hygiene.findings { StandardError.writeLine("note: \(finding)") }
            do {
                if outputFormat == .native {
                    try NativeFormat.write(recording, to: URL(fileURLWithPath: output))
                } else {
                    try InterchangeCSVWriter.write(recording, to: URL(fileURLWithPath: output, isDirectory: true))
                }
            } catch {
                StandardError.writeLine("swing-metrics: error: \(error)")
                throw ExitCode.failure
            }
            StandardError.writeLine("wrote \(output) (\(outputFormat.name))")
        }
    }
}
