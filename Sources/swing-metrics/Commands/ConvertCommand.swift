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
                directory in the interchange CSV layout (accelerometer.csv, device_motion.csv, metadata.json, and the \
                other streams the recording has: gyroscope, magnetometer, pressure, location, headphone motion, \
                pedometer, activity). \
                Hygiene repairs made while reading are printed on standard error. An OUT that already exists (a \
                file, or a directory that is not empty) is refused unless --force is given, which replaces it \
                whole: the new recording is written beside it first, then takes its place.

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

        @OptionGroup(title: "Generic CSV input") var columnMap: ColumnMapOptions

        @Option(help: "Output format (default: from OUT's name).")
        var to: WritableRecordingFormat?

        @Flag(help: "Replace OUT whole when it already exists.")
        var force = false

        mutating func run() throws {
            let outputFormat = to?.recordingFormat ?? (output.lowercased().hasSuffix(".npz") ? .native : .interchangeCSV)
            let destination = URL(fileURLWithPath: output)
            if !force, let existing = Self.existingContents(destination) {
                throw ValidationError("\(output) already exists (\(existing)): give --force to replace it whole")
            }
            // The staging copy is written beside OUT: a .npz needs its folder (a CSV directory is created with its
            // parents).
            if outputFormat == .native { try OutputLocation.requireWritableFolder(of: output) }
            let source = try RecordingSource.openForCommand(input, format: try columnMap.format(overriding: from))
            for finding in source.hygiene.findings { StandardError.writeLine("note: \(finding)") }
            // Written beside the destination, then moved into its place: an old recording's files never mix with
            // the new one's, and a failed write leaves the old one as it was.
            let staging = destination.deletingLastPathComponent()
                .appendingPathComponent(".\(destination.lastPathComponent).converting-\(ProcessInfo.processInfo.processIdentifier)")
            do {
                try? FileManager.default.removeItem(at: staging)
                if outputFormat == .native {
                    try NativeFormat.write(source, to: staging)
                } else {
                    try InterchangeCSVWriter.write(source, to: staging)
                }
                try Self.replace(destination, with: staging)
            } catch {
                try? FileManager.default.removeItem(at: staging)
                StandardError.writeLine("swing-metrics: error: \(error)")
                throw ExitCode.failure
            }
            StandardError.writeLine("wrote \(output) (\(outputFormat.name))")
        }

        /// What is at `url` that converting would replace ("a file", "a directory holding 3 entries"), or `nil` when
        /// nothing is, or an empty directory.
        static func existingContents(_ url: URL) -> String? {
            switch FileKind.of(url.path) {
            case .missing: return nil
            case .directory:
                let count = (try? FileManager.default.contentsOfDirectory(atPath: url.path).count) ?? 1
                return count == 0 ? nil : "a directory holding \(count) entr\(count == 1 ? "y" : "ies")"
            case .regularFile: return "a file"
            case .special(let what): return what
            }
        }

        /// Moves `staging` to `destination`, removing whatever was there.
        static func replace(_ destination: URL, with staging: URL) throws {
            if case .missing = FileKind.of(destination.path) {} else {
                do { try FileManager.default.removeItem(at: destination) } catch {
                    throw RecordingError.cannotWrite(file: destination.path, reason: "cannot remove the old contents: \(error.localizedDescription)")
                }
            }
            do { try FileManager.default.moveItem(at: staging, to: destination) } catch {
                throw RecordingError.cannotWrite(file: destination.path, reason: error.localizedDescription)
            }
        }
    }
}
