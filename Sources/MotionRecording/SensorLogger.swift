import Foundation

enum SensorLogger {
    static let knownFileNames: Set<String> = [
        "WristMotion.csv", "Accelerometer.csv", "WatchAccelerometerUncalibrated.csv", "Metadata.csv",
        "AccelerometerUncalibrated.csv", "Gyroscope.csv", "Gravity.csv", "Orientation.csv",
    ]

    static func read(_ url: URL) throws(RecordingError) -> ImportedRecording {
        throw .unrecognizedFormat(file: url.path, reason: "Sensor Logger import not implemented yet")
    }
}

enum SensorLog {
    static func read(_ url: URL) throws(RecordingError) -> ImportedRecording {
        throw .unrecognizedFormat(file: url.path, reason: "SensorLog import not implemented yet")
    }
}
