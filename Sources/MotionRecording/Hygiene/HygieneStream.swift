/// Every stream the hygiene checks look at: the batched motion streams (``SensorStream``) and the slower streams a
/// workout records beside them. The raw value names the stream in findings ("3 pressure row(s) with NaN …").
enum HygieneStream: String, Sendable, CaseIterable {
    case accelerometer, deviceMotion, gyroscope, magnetometer
    case pressure, location, headphoneMotion, pedometer, motionActivity

    /// Words for a label that names the stream ("device motion").
    var words: String {
        switch self {
        case .deviceMotion: "device motion"
        case .headphoneMotion: "headphone motion"
        case .motionActivity: "activity"
        default: rawValue
        }
    }

    /// The prefix of the stream's arrays in the native format (``NativeFormat``).
    var nativePrefix: String {
        switch self {
        case .deviceMotion: "device_motion_"
        case .headphoneMotion: "headphone_motion_"
        case .motionActivity: "activity_"
        default: rawValue + "_"
        }
    }
}
