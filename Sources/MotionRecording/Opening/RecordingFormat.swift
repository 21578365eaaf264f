/// The file formats ``RecordingImporter`` reads. `nil` in the importer means "detect from the contents".
public enum RecordingFormat: Sendable, Hashable, CustomStringConvertible {
    /// Interchange CSV directory (docs/architecture.md, file layouts): `accelerometer.csv`, `device_motion.csv`, `metadata.json`.
    case interchangeCSV
    /// Raw `CMBatchedSensorManager` dump: headerless `timestamp,x,y,z` rows, an empty line after every delivered
    /// batch. A file is one stream; a directory holds `*accel*` and `*rotation*`/`*motion*`/`*gyro*` files.
    /// `stream` forces what a single file holds (`nil`: decided from the file name, then from the values).
    case rawBatchedDump(stream: SensorStream?)
    /// Sensor Logger (Kelvin Choi) export, directory or `.zip`: `WristMotion.csv`, `Accelerometer.csv` /
    /// `WatchAccelerometerUncalibrated.csv`, `Metadata.csv`.
    case sensorLogger
    /// SensorLog (Bernd Thomas) wide CSV export.
    case sensorLog
    /// The package's native `.npz` container (``NativeFormat``).
    case native
    /// A generic delimited text file of raw IMU samples read through a column map (``ColumnMap``): which columns
    /// are time, accelerometer, gyroscope and magnetometer, in which units. `nil`: detected from the header.
    case columnMapped(ColumnMap?)

    /// Short stable name, also stored as ``RecordingMetadata/sourceFormat``.
    public var name: String {
        switch self {
        case .interchangeCSV: "interchange-csv"
        case .rawBatchedDump: "raw-batched-dump"
        case .sensorLogger: "sensor-logger"
        case .sensorLog: "sensorlog"
        case .native: "native-npz"
        case .columnMapped: ColumnMappedCSV.formatName
        }
    }

    public var description: String {
        if case .rawBatchedDump(let stream?) = self { return "\(name) (\(stream.rawValue))" }
        if case .columnMapped(let map?) = self { return "\(name) (\(map))" }
        return name
    }

    /// Parses a name as given on a command line: "interchange-csv", "raw-batched-dump",
    /// "raw-accelerometer", "raw-device-motion" (or "raw-rotation"), "raw-gyroscope" (raw rad/s, bias not removed),
    /// "raw-magnetometer" (µT), "sensor-logger", "sensorlog", "native-npz" (or "npz"), "column-mapped" (or
    /// "generic-csv": a generic IMU CSV, its columns detected from the header).
    public init?(name: String) {
        switch name.lowercased() {
        case "interchange-csv", "interchange", "csv": self = .interchangeCSV
        case "raw-batched-dump", "raw": self = .rawBatchedDump(stream: nil)
        case "raw-accelerometer": self = .rawBatchedDump(stream: .accelerometer)
        case "raw-device-motion", "raw-rotation", "raw-motion": self = .rawBatchedDump(stream: .deviceMotion)
        case "raw-gyroscope": self = .rawBatchedDump(stream: .gyroscope)
        case "raw-magnetometer": self = .rawBatchedDump(stream: .magnetometer)
        case "sensor-logger", "sensorlogger": self = .sensorLogger
        case "sensorlog": self = .sensorLog
        case "native-npz", "native", "npz": self = .native
        case "column-mapped", "generic-csv", "generic": self = .columnMapped(nil)
        default: return nil
        }
    }
}
