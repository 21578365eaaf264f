import LiveServer
import MotionRecording

/// Writes a batch as a JSON batch frame (numbers in Swift's shortest round-trip text, so they parse back exactly).
enum JSONFrame {
    static func encode(_ batch: LiveBatch) -> String {
        func list<T>(_ values: [T]) -> String { "[" + values.map { "\($0)" }.joined(separator: ",") + "]" }
        var fields = ["\"type\":\"batch\"", "\"sequence\":\(batch.sequence)"]
        switch batch.samples {
        case .accelerometer(let a):
            fields += ["\"stream\":\"accelerometer\"", "\"timestamps\":\(list(a.timestamps))", "\"x\":\(list(a.x))",
                "\"y\":\(list(a.y))", "\"z\":\(list(a.z))"]
        case .deviceMotion(let d):
            fields += ["\"stream\":\"deviceMotion\"", "\"timestamps\":\(list(d.timestamps))"]
            let columns: [(String, [Float])] = [
                ("attitudeW", d.attitudeW), ("attitudeX", d.attitudeX), ("attitudeY", d.attitudeY),
                ("attitudeZ", d.attitudeZ), ("gravityX", d.gravityX), ("gravityY", d.gravityY), ("gravityZ", d.gravityZ),
                ("userAccelerationX", d.userAccelerationX), ("userAccelerationY", d.userAccelerationY),
                ("userAccelerationZ", d.userAccelerationZ), ("rotationRateX", d.rotationRateX),
                ("rotationRateY", d.rotationRateY), ("rotationRateZ", d.rotationRateZ),
            ]
            for (name, values) in columns where !values.isEmpty { fields.append("\"\(name)\":\(list(values))") }
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
