import Foundation

/// What is known about how and where a recording was made. Every field is optional: importers fill what the
/// source states and leave the rest `nil`. Stored as `metadata.json` in the interchange layout (docs/architecture.md).
public struct RecordingMetadata: Sendable, Equatable, Codable {
    /// Which wrist wears the watch.
    public enum Wrist: String, Sendable, Codable, CaseIterable { case left, right }
    /// Which side of the case the Digital Crown is on, seen by the wearer.
    public enum CrownSide: String, Sendable, Codable, CaseIterable { case left, right }

    /// Device model, e.g. "Watch6,18" or "Apple Watch Ultra".
    public var device: String?
    public var wrist: Wrist?
    public var crownSide: CrownSide?
    /// Sport name as the source stored it, e.g. "baseball", "softball", "golf", "tennis" (see ``knownSport``).
    public var sport: String?
    /// Where the sensor was worn, e.g. "wrist", "bat knob".
    public var sensorLocation: String?
    /// Wall-clock start of the recording.
    public var startDate: Date?
    /// Importer that produced the recording, e.g. "interchange-csv", "raw-batched-dump", "sensor-logger",
    /// "sensorlog", "native-npz", "simulated".
    public var sourceFormat: String?
    /// Where the device-motion stream came from, when not straight from the device's own fusion: "fused" (this
    /// package's SensorFusion, from the raw accelerometer and gyroscope), "core-motion-gravity" (an export's
    /// gravity and rotation-rate streams, Core Motion's own fusion). `nil`: as recorded.
    public var deviceMotionSource: String?

    public init(
        device: String? = nil, wrist: Wrist? = nil, crownSide: CrownSide? = nil, sport: String? = nil,
        sensorLocation: String? = nil, startDate: Date? = nil, sourceFormat: String? = nil
    ) {
        self.device = device
        self.wrist = wrist
        self.crownSide = crownSide
        self.sport = sport
        self.sensorLocation = sensorLocation
        self.startDate = startDate
        self.sourceFormat = sourceFormat
    }
}
