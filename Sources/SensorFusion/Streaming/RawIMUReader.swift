public import MotionRecording

/// Where the offline fusion (``SensorFusionFilter/fuse(_:into:afterEachSecond:)``) reads a recording's raw
/// accelerometer (g, Core Motion sign) and gyroscope (rad/s) from, one stretch of samples at a time, each stream in
/// index order: two whole streams in memory, or a memory-mapped native file whose pages are released behind the
/// reading.
protocol RawIMUReader {
    var accelerometerCount: Int { get }
    var gyroscopeCount: Int { get }
    /// Timestamp of accelerometer sample `index`, s.
    func accelerometerTimestamp(at index: Int) -> Double
    /// Timestamp of gyroscope sample `index`, s.
    func gyroscopeTimestamp(at index: Int) -> Double
    /// Replaces `buffer`'s contents with accelerometer samples `range`, reusing its capacity.
    func copyAccelerometer(_ range: Range<Int>, into buffer: inout AccelerometerData)
    /// Replaces `buffer`'s contents with gyroscope samples `range`, reusing its capacity.
    func copyGyroscope(_ range: Range<Int>, into buffer: inout GyroscopeData)
    /// Samples `accelerometer` and `gyroscope` have been fed and will not be read again.
    func didRead(accelerometer: Range<Int>, gyroscope: Range<Int>)
    /// False once the samples can no longer be read (a mapped file shrank): the fusion stops there.
    var isIntact: Bool { get }
}

/// Two whole streams in memory.
struct InMemoryRawIMU: RawIMUReader {
    let accelerometer: AccelerometerData
    let gyroscope: GyroscopeData

    var accelerometerCount: Int { accelerometer.count }
    var gyroscopeCount: Int { gyroscope.count }
    func accelerometerTimestamp(at index: Int) -> Double { accelerometer.timestamps[index] }
    func gyroscopeTimestamp(at index: Int) -> Double { gyroscope.timestamps[index] }
    func copyAccelerometer(_ range: Range<Int>, into buffer: inout AccelerometerData) {
        buffer.replace(with: accelerometer, range)
    }
    func copyGyroscope(_ range: Range<Int>, into buffer: inout GyroscopeData) {
        buffer.removeAll(keepingCapacity: true)
        buffer.timestamps.append(contentsOf: gyroscope.timestamps[range])
        buffer.x.append(contentsOf: gyroscope.x[range])
        buffer.y.append(contentsOf: gyroscope.y[range])
        buffer.z.append(contentsOf: gyroscope.z[range])
    }
    func didRead(accelerometer: Range<Int>, gyroscope: Range<Int>) {}
    var isIntact: Bool { true }
}

/// The raw streams of a memory-mapped native file, its pages released as they are read.
struct MappedRawIMU: RawIMUReader {
    let file: NativeRecordingFile

    var accelerometerCount: Int { file.accelerometerCount }
    var gyroscopeCount: Int { file.gyroscopeCount }
    func accelerometerTimestamp(at index: Int) -> Double { file.timestamp(.accelerometer, at: index) }
    func gyroscopeTimestamp(at index: Int) -> Double { file.timestamp(.gyroscope, at: index) }
    func copyAccelerometer(_ range: Range<Int>, into buffer: inout AccelerometerData) {
        file.copyAccelerometer(range, into: &buffer)
    }
    func copyGyroscope(_ range: Range<Int>, into buffer: inout GyroscopeData) {
        file.copyGyroscope(range, into: &buffer)
    }
    func didRead(accelerometer: Range<Int>, gyroscope: Range<Int>) {
        file.didRead(.accelerometer, accelerometer)
        file.didRead(.gyroscope, gyroscope)
    }
    /// Asked once per second of samples (one `fstat`), before any timestamp of that second is read.
    var isIntact: Bool { file.isWhole }
}
