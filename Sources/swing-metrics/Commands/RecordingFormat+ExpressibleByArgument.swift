import ArgumentParser
import MotionRecording

/// `--from`, `--to` and `--format` take the importer's format names ("interchange-csv", "raw-accelerometer",
/// "npz", …; see `RecordingFormat.init(name:)`); an unknown name is a usage error (exit 64).
extension RecordingFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }

    public static var allValueStrings: [String] {
        [
            "interchange-csv", "raw-batched-dump", "raw-accelerometer", "raw-device-motion", "raw-gyroscope",
            "raw-magnetometer", "sensor-logger", "sensorlog", "native-npz", "column-mapped",
        ]
    }
}

/// The formats `convert --to` and `simulate --format` can write: the interchange CSV layout and the native `.npz`.
/// Accepts the same names as ``RecordingFormat`` ("interchange-csv", "csv", "native-npz", "npz", …).
enum WritableRecordingFormat: ExpressibleByArgument, Sendable {
    case interchangeCSV
    case native

    init?(argument: String) {
        switch RecordingFormat(name: argument) {
        case .interchangeCSV: self = .interchangeCSV
        case .native: self = .native
        default: return nil
        }
    }

    static var allValueStrings: [String] { ["interchange-csv", "native-npz"] }

    var defaultValueDescription: String { recordingFormat.name }

    var recordingFormat: RecordingFormat {
        switch self {
        case .interchangeCSV: .interchangeCSV
        case .native: .native
        }
    }
}
