import ArgumentParser
import Foundation
import MotionRecording

/// `--columns MAP` and `--column-map FILE`: read the inputs as generic IMU CSV through a column map, on every
/// command that opens recordings (through ``AnalysisOptions`` for `analyze`, `workout`, `report` and `score`; on
/// its own in `convert`, `fuse` and `inspect`). Without either, a generic CSV's columns are detected from its header.
struct ColumnMapOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Read the input as a generic IMU CSV with these columns, e.g. 'time=t_ms:ms,accel=ax,ay,az:m/s2,gyro=gx,gy,gz:deg/s'.",
            discussion: """
                Entries key=value, comma-separated. A sensor's value is three columns (x, y, z: header names or \
                1-based positions; -name flips that axis) then :unit. time=COL:s|ms|us|ns|iso8601|time-of-day; \
                accel=X,Y,Z:g|m/s2[:specific-force|:core-motion] (default specific-force: +1 g up, as Android and \
                most IMUs; core-motion: Apple's -1 g); gyro=X,Y,Z:rad/s|deg/s; mag=X,Y,Z:uT|mT|gauss; \
                axes=-y,x,z (sensor mounted differently: device x = -sensor y, …); sep=,|;|tab|whitespace; \
                decimal=comma|point; header=LINE|none. Separator, decimal comma and header line are detected \
                when not given; lines before the header are skipped and reported; other columns are ignored. \
                Example: --columns 'time=Time (s):s,accel=2,3,4:m/s2,sep=;,decimal=comma'.
                """,
            valueName: "map"))
    var columns: String?

    @Option(
        name: .customLong("column-map"),
        help: ArgumentHelp(
            "The same column map as a JSON file.",
            discussion: """
                {"time": {"column": "t_ms", "unit": "ms"}, "accelerometer": {"columns": ["ax", "ay", "az"], \
                "unit": "m/s2", "sign": "specific-force"}, "gyroscope": {"columns": [5, 6, 7], "unit": "deg/s"}, \
                "axes": ["-y", "x", "z"], "separator": ";", "decimal": "comma", "header": 3}
                """,
            valueName: "file"))
    var columnMap: String?

    func validate() throws { _ = try map() }

    /// The map given, or `nil`; a map that cannot be read is a usage error (exit 64) naming the entry or file.
    func map() throws -> ColumnMap? {
        if columns != nil && columnMap != nil { throw ValidationError("give --columns or --column-map, not both") }
        do {
            if let columns { return try ColumnMap(parsing: columns) }
            if let columnMap { return try ColumnMap(contentsOf: URL(fileURLWithPath: columnMap)) }
        } catch {
            throw ValidationError(error.description)
        }
        return nil
    }

    /// The format to open inputs as: column-mapped with the map when one is given, else `format` (a command's
    /// `--from`/`--format`, `nil`: detected). Both a map and a different forced format are a usage error.
    func format(overriding format: RecordingFormat?) throws -> RecordingFormat? {
        guard let map = try map() else { return format }
        if let format, format != .columnMapped(nil) {
            throw ValidationError("--columns/--column-map read a generic CSV: they cannot be combined with the format \(format.name)")
        }
        return .columnMapped(map)
    }
}
