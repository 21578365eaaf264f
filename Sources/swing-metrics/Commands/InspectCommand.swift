import ArgumentParser
import Foundation
import MotionRecording

extension SwingMetrics {
    /// `swing-metrics inspect PATH`
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inspect",
            abstract: "Describe a recording: streams, rates, duration, batches and the data-hygiene report.",
            discussion: """
                Reads the recording as `analyze` would (a long one memory-mapped, never loaded whole) and prints what \
                it holds and what the hygiene checks found (gaps, duplicate or backwards timestamps, NaN, saturation, \
                units) and repaired. Exits 1, naming the file and line, when the recording cannot be read.

                Examples:
                  swing-metrics inspect Datasets/sample
                  swing-metrics inspect watch-dump.csv --json
                """)

        @Argument(help: "The recording to inspect.")
        var path: String

        @Option(help: "Input format (default: detected).")
        var format: RecordingFormat?

        @OptionGroup(title: "Generic CSV input") var columnMap: ColumnMapOptions

        @Flag(help: "Print the description as JSON.")
        var json = false

        mutating func run() throws {
            let source = try RecordingSource.openForCommand(path, format: try columnMap.format(overriding: format))
            print(json ? Self.json(source, path: path).prettySerialized : Self.text(source, path: path))
        }

        /// Sample counts of each stream's batches, in delivery order (one pass over the batch schedule; a mapped
        /// recording reads only its timestamps, releasing their pages behind the reading).
        static func batchSizes(_ source: RecordingSource) -> [SensorStream: [Int]] {
            Dictionary(grouping: source.batchRanges(), by: \.stream).mapValues { $0.map(\.range.count) }
        }

        /// The description of `recording` as text: from what opening it found (formats, summaries, findings) and its
        /// batch schedule, without reading its samples.
        static func text(_ recording: RecordingSource, path: String) -> String {
            let batchSizesByStream = batchSizes(recording)
            var out = "\(path)\n"
            out += "  format: \(recording.metadata.sourceFormat ?? "unknown")\n"
            out += String(format: "  duration: %.3f s\n", recording.duration)
            func describe(_ name: String, _ summary: StreamSummary?, _ stream: SensorStream) {
                guard let summary else {
                    out += "  \(name): absent\n"
                    return
                }
                let sizes = batchSizesByStream[stream] ?? []
                out += String(
                    format: "  %@: %d samples, %.3f–%.3f s, %.1f Hz (median spacing %.3f ms), %d batch%@",
                    name, summary.sampleCount, summary.start, summary.end, summary.estimatedRate,
                    summary.medianSpacing * 1000, sizes.count, sizes.count == 1 ? "" : "es")
                if let low = sizes.min(), let high = sizes.max() {
                    out += low == high ? " of \(low) samples" : " of \(low)–\(high) samples"
                }
                out += summary.gaps.isEmpty ? "\n" : ", \(summary.gaps.count) gaps\n"
            }
            describe("accelerometer", recording.hygiene.accelerometer, .accelerometer)
            describe("device motion", recording.hygiene.deviceMotion, .deviceMotion)
            // Raw IMU and the slower streams: listed only when present, never batched.
            for (name, _, summary) in unbatchedStreams(recording.hygiene) {
                guard let summary else { continue }
                let rate = String(format: summary.estimatedRate < 10 ? "%.3f" : "%.1f", summary.estimatedRate)
                out += String(
                    format: "  %@: %d samples, %.3f–%.3f s, %@ Hz%@\n", name, summary.sampleCount, summary.start,
                    summary.end, rate, summary.gaps.isEmpty ? "" : ", \(summary.gaps.count) gaps")
            }
            if Self.hasDeviceMotion(recording) {
                let components = recording.deviceMotionComponents
                let names: [(DeviceMotionComponents, String)] = [
                    (.attitude, "attitude"), (.gravity, "gravity"), (.userAcceleration, "user acceleration"),
                    (.rotationRate, "rotation rate"), (.magneticField, "magnetic field"), (.heading, "heading"),
                ]
                out += "  device-motion columns: "
                    + names.filter { components.contains($0.0) }.map(\.1).joined(separator: ", ") + "\n"
            }
            let m = recording.metadata
            let known = [
                m.device.map { "device \($0)" }, m.wrist.map { "\($0.rawValue) wrist" },
                m.crownSide.map { "crown \($0.rawValue)" }, m.sport, m.sensorLocation,
                m.deviceMotionSource.map { "device motion \($0)" },
            ].compactMap { $0 }
            if !known.isEmpty { out += "  metadata: \(known.joined(separator: ", "))\n" }
            if recording.hygiene.findings.isEmpty {
                out += "  data hygiene: clean\n"
            } else {
                out += "  data hygiene:\n"
                for finding in recording.hygiene.findings { out += "    - \(finding)\n" }
            }
            return out
        }

        /// Whether the recording holds a device-motion stream, even an empty one.
        static func hasDeviceMotion(_ source: RecordingSource) -> Bool {
            switch source.storage {
            case .inMemory(let recording): recording.deviceMotion != nil
            case .mapped(let file): file.hasDeviceMotion
            }
        }

        /// The streams that are not batched: their names in the text description and in the JSON, and their figures.
        static func unbatchedStreams(_ hygiene: HygieneReport) -> [(text: String, key: String, summary: StreamSummary?)] {
            [
                ("gyroscope (raw)", "gyroscope", hygiene.gyroscope), ("magnetometer (raw)", "magnetometer", hygiene.magnetometer),
                ("pressure", "pressure", hygiene.pressure), ("location", "location", hygiene.location),
                ("headphone motion", "headphoneMotion", hygiene.headphoneMotion),
                ("pedometer (device's counts)", "pedometer", hygiene.pedometer),
                ("activity (device's classification)", "activity", hygiene.motionActivity),
            ]
        }

        static func json(_ recording: RecordingSource, path: String) -> JSONValue {
            let batchSizesByStream = batchSizes(recording)
            func stream(_ summary: StreamSummary?, _ stream: SensorStream) -> JSONValue {
                guard let summary else { return .null }
                var members = JSONValue(reflecting: summary).objectMembers
                members.append(("batchSizes", .array((batchSizesByStream[stream] ?? []).map(JSONValue.integer))))
                return .object(members)
            }
            return .object([
                ("recording", .string(path)),
                ("format", recording.metadata.sourceFormat.map(JSONValue.string) ?? .null),
                ("duration", .finite(recording.duration)),
                ("accelerometer", stream(recording.hygiene.accelerometer, .accelerometer)),
                ("deviceMotion", stream(recording.hygiene.deviceMotion, .deviceMotion)),
                ("otherStreams", .object(
                    unbatchedStreams(recording.hygiene).compactMap { _, key, summary in
                        summary.map { (key, JSONValue(reflecting: $0)) }
                    })),
                ("metadata", JSONValue(reflecting: recording.metadata)),
                ("issues", .array(recording.hygiene.findings.map(\.json))),
            ])
        }
    }
}
