/// Which columns of a generic delimited text file (one row per sample time) are the time and the raw IMU axes, in
/// which units and conventions: what ``ColumnMappedCSV`` needs to read a logger's CSV that no other importer knows.
///
/// Written on a command line as `--columns 'time=t_ms:ms,accel=ax,ay,az:m/s2,gyro=gx,gy,gz:deg/s'` (syntax:
/// ``init(parsing:)``) or as a small JSON file (``init(json:)``); `nil` in a ``RecordingFormat/columnMapped(_:)``
/// asks for the map to be detected from the header (``ColumnMappedCSV/detect(header:firstRows:)``).
///
/// The recording gets the package's conventions: time in s, acceleration in g with Core Motion's sign (a device
/// lying face up reads (0, 0, −1)), rotation rate in rad/s, magnetic field in µT, all in the device frame.
public struct ColumnMap: Sendable, Hashable {
    /// A column by header name (exact, else ignoring case and surrounding blanks) or by 1-based position.
    public enum Column: Sendable, Hashable, CustomStringConvertible {
        case name(String)
        case index(Int)

        public var description: String {
            switch self {
            case .name(let name): name
            case .index(let index): String(index)
            }
        }
    }

    /// One axis of a vector sensor: its column, and whether its sign is flipped (`-ay`).
    public struct Axis: Sendable, Hashable, CustomStringConvertible {
        public var column: Column
        public var negated: Bool

        public init(_ column: Column, negated: Bool = false) {
            self.column = column
            self.negated = negated
        }

        public var description: String { (negated ? "-" : "") + column.description }
    }

    /// How the time column is written.
    public enum TimeUnit: String, Sendable, Hashable, CaseIterable {
        /// Seconds (any clock: since boot, since the start, or since the Unix epoch).
        case seconds = "s"
        case milliseconds = "ms"
        case microseconds = "us"
        /// Nanoseconds (Android's `SensorEvent.timestamp`, Sensor Logger's `time`); integers are read exactly.
        case nanoseconds = "ns"
        /// ISO 8601 / RFC 3339 date and time, e.g. `2026-04-11T17:02:12.250Z` or `2026-04-11 19:02:12.25+02:00`
        /// (no zone: UTC).
        case iso8601
        /// Time of day `HH:MM:SS[.fff]`; a step back of more than 12 h is a midnight roll-over (+24 h).
        case timeOfDay = "time-of-day"

        /// Seconds per unit of a numeric time (`nil` for text).
        var secondsPerUnit: Double? {
            switch self {
            case .seconds: 1
            case .milliseconds: 1e-3
            case .microseconds: 1e-6
            case .nanoseconds: 1e-9
            case .iso8601, .timeOfDay: nil
            }
        }
    }

    /// Accelerometer units.
    public enum AccelerationUnit: String, Sendable, Hashable, CaseIterable {
        case g
        /// m/s², divided by 9.80665 m/s² per g.
        case metersPerSecondSquared = "m/s2"
    }

    /// Which way gravity reads on the accelerometer.
    public enum AccelerationSign: String, Sendable, Hashable, CaseIterable {
        /// Specific force: +1 g up, a device lying face up reads (0, 0, +1 g) — Android, Phyphox, most IMU chips
        /// (MPU-6050, BMI160) and research datasets. Flipped on import. The default.
        case specificForce = "specific-force"
        /// Core Motion's sign: a device lying face up reads (0, 0, −1 g). Kept.
        case coreMotion = "core-motion"
    }

    /// Gyroscope units.
    public enum RotationUnit: String, Sendable, Hashable, CaseIterable {
        case radiansPerSecond = "rad/s"
        case degreesPerSecond = "deg/s"
    }

    /// Magnetometer units.
    public enum MagneticUnit: String, Sendable, Hashable, CaseIterable {
        case microtesla = "uT"
        case millitesla = "mT"
        /// Gauss: 1 G = 100 µT.
        case gauss
    }

    /// The three axes of one vector sensor, in device x, y, z order, and their unit.
    public struct Vector<Unit: Sendable & Hashable>: Sendable, Hashable {
        public var axes: [Axis]
        public var unit: Unit

        public init(_ axes: [Axis], unit: Unit) {
            precondition(axes.count == 3, "ColumnMap.Vector needs three axes")
            self.axes = axes
            self.unit = unit
        }
    }

    /// The time column and how it is written.
    public var time: Column
    public var timeUnit: TimeUnit
    public var accelerometer: Vector<AccelerationUnit>?
    public var accelerometerSign: AccelerationSign = .specificForce
    public var gyroscope: Vector<RotationUnit>?
    public var magnetometer: Vector<MagneticUnit>?
    /// A mounting remap applied to every vector sensor after its own axes: device axis i = sign · sensor axis
    /// `axes[i]` (0 = x, 1 = y, 2 = z); `-y,x,z` is `[(1, true), (0, false), (2, false)]`. `nil`: none.
    public var axes: [SignedAxis]?
    /// Field separator; `nil`: detected from the header line (tab, `;`, `,`, else whitespace).
    public var separator: FieldSeparator?
    /// Numbers written with a decimal comma (`0,123`, only with a `;`, tab or whitespace separator); `nil`: detected
    /// from the first data row.
    public var decimalComma: Bool?
    /// The 1-based line of the header; `0`: the file has no header (columns by index only); `nil`: the first line
    /// that holds every named column (lines before it are annotations, skipped and reported).
    public var headerLine: Int?

    /// An axis of the sensor frame with a sign, for ``axes``.
    public struct SignedAxis: Sendable, Hashable, CustomStringConvertible {
        /// 0 = x, 1 = y, 2 = z.
        public var axis: Int
        public var negated: Bool

        public init(axis: Int, negated: Bool) {
            precondition((0..<3).contains(axis), "SignedAxis: axis must be 0, 1 or 2")
            self.axis = axis
            self.negated = negated
        }

        public var description: String { (negated ? "-" : "") + ["x", "y", "z"][axis] }
    }

    public init(time: Column, timeUnit: TimeUnit) {
        self.time = time
        self.timeUnit = timeUnit
    }

    /// Every column the map names, for resolving against a header.
    var namedColumns: [String] {
        var columns = [time]
        for vector in [accelerometer?.axes, gyroscope?.axes, magnetometer?.axes] { columns += (vector ?? []).map(\.column) }
        return columns.compactMap { if case .name(let name) = $0 { name } else { nil } }
    }
}
