import Foundation
import MotionRecording

/// A message from a client: the session announcement, a batch (binary or JSON frame), or the end of the session.
public enum ClientMessage: Sendable, Equatable {
    case announce(SessionAnnouncement)
    case batch(LiveBatch)
    /// `{"type": "end"}`: no more batches; the server pushes the remaining swings and the summary, then closes.
    case end

    /// Decodes a binary message (a ``BinaryBatchFrame``).
    public static func decode(binary bytes: UnsafeRawBufferPointer, maximumSamples: Int) throws(LiveFrameError) -> ClientMessage {
        .batch(try BinaryBatchFrame.decode(bytes, maximumSamples: maximumSamples))
    }

    /// Decodes a text message: `announce`, `batch` (a JSON batch frame) or `end`.
    ///
    /// JSON batch frame: `{"type": "batch", "stream": "accelerometer", "sequence": 0, "timestamps": […], "x": […],
    /// "y": […], "z": […]}`; for `"stream": "deviceMotion"` the columns are named as ``DeviceMotionData``'s
    /// properties (`attitudeW` … `attitudeZ`, `gravityX` …, `userAccelerationX` …, `rotationRateX` …,
    /// `magneticFieldX` …, `heading`), each group all or none. Same units as the binary frame.
    public static func decode(text: String, maximumSamples: Int) throws(LiveFrameError) -> ClientMessage {
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw LiveFrameError.malformedJSON(field: "", problem: "top level is not an object")
            }
            object = parsed
        } catch let error as LiveFrameError {
            throw error
        } catch {
            throw .malformedJSON(field: "", problem: "not JSON")
        }
        guard let type = object["type"] as? String else {
            throw .malformedJSON(field: "type", problem: "missing (expected \"announce\", \"batch\" or \"end\")")
        }
        switch type {
        case "announce": return .announce(try SessionAnnouncement(json: object))
        case "end": return .end
        case "batch": return .batch(try JSONBatchFrame.decode(Data(text.utf8), maximumSamples: maximumSamples))
        default: throw .malformedJSON(field: "type", problem: "unknown message type \"\(type)\"")
        }
    }
}

/// The JSON batch frame's decoding (numbers parsed by `JSONDecoder`: timestamps as `Double`, samples as `Float`,
/// each the value nearest the decimal text, so the shortest round-trip text of a sample gives back its bits).
enum JSONBatchFrame {
    private struct Frame: Decodable {
        var stream: String
        var sequence: UInt64
        var timestamps: [Double]
        var x, y, z: [Float]?
        var attitudeW, attitudeX, attitudeY, attitudeZ: [Float]?
        var gravityX, gravityY, gravityZ: [Float]?
        var userAccelerationX, userAccelerationY, userAccelerationZ: [Float]?
        var rotationRateX, rotationRateY, rotationRateZ: [Float]?
        var magneticFieldX, magneticFieldY, magneticFieldZ: [Float]?
        var heading: [Float]?
    }

    static func decode(_ data: Data, maximumSamples: Int) throws(LiveFrameError) -> LiveBatch {
        let frame: Frame
        do { frame = try JSONDecoder().decode(Frame.self, from: data) } catch let DecodingError.keyNotFound(key, _) {
            throw .malformedJSON(field: key.stringValue, problem: "missing")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .malformedJSON(
                field: context.codingPath.map(\.stringValue).joined(separator: "."), problem: "wrong type")
        } catch let DecodingError.dataCorrupted(context) {
            throw .malformedJSON(
                field: context.codingPath.map(\.stringValue).joined(separator: "."), problem: "not a valid value")
        } catch {
            throw .malformedJSON(field: "", problem: "cannot decode the batch")
        }
        let n = frame.timestamps.count
        guard n >= 1 else { throw .malformedJSON(field: "timestamps", problem: "empty") }
        guard n <= maximumSamples else {
            throw .malformedJSON(field: "timestamps", problem: "\(n) samples is above this server's limit of \(maximumSamples)")
        }
        func column(_ values: [Float]?, _ name: String) throws(LiveFrameError) -> [Float] {
            guard let values else { throw .malformedJSON(field: name, problem: "missing") }
            guard values.count == n else {
                throw .malformedJSON(field: name, problem: "\(values.count) values for \(n) timestamps")
            }
            return values
        }
        switch frame.stream {
        case SensorStream.accelerometer.rawValue:
            let data = AccelerometerData(
                timestamps: frame.timestamps, x: try column(frame.x, "x"), y: try column(frame.y, "y"),
                z: try column(frame.z, "z"))
            return LiveBatch(sequence: frame.sequence, samples: .accelerometer(data))
        case SensorStream.deviceMotion.rawValue:
            var data = DeviceMotionData(timestamps: frame.timestamps)
            let groups: [[(String, [Float]?, WritableKeyPath<DeviceMotionData, [Float]>)]] = [
                [("attitudeW", frame.attitudeW, \.attitudeW), ("attitudeX", frame.attitudeX, \.attitudeX),
                 ("attitudeY", frame.attitudeY, \.attitudeY), ("attitudeZ", frame.attitudeZ, \.attitudeZ)],
                [("gravityX", frame.gravityX, \.gravityX), ("gravityY", frame.gravityY, \.gravityY),
                 ("gravityZ", frame.gravityZ, \.gravityZ)],
                [("userAccelerationX", frame.userAccelerationX, \.userAccelerationX),
                 ("userAccelerationY", frame.userAccelerationY, \.userAccelerationY),
                 ("userAccelerationZ", frame.userAccelerationZ, \.userAccelerationZ)],
                [("rotationRateX", frame.rotationRateX, \.rotationRateX),
                 ("rotationRateY", frame.rotationRateY, \.rotationRateY),
                 ("rotationRateZ", frame.rotationRateZ, \.rotationRateZ)],
                [("magneticFieldX", frame.magneticFieldX, \.magneticFieldX),
                 ("magneticFieldY", frame.magneticFieldY, \.magneticFieldY),
                 ("magneticFieldZ", frame.magneticFieldZ, \.magneticFieldZ)],
                [("heading", frame.heading, \.heading)],
            ]
            for group in groups {
                let present = group.filter { $0.1 != nil }
                if present.isEmpty { continue }
                guard present.count == group.count else {
                    let missing = group.first { $0.1 == nil }!.0
                    throw .malformedJSON(field: missing, problem: "missing while the rest of its group is given")
                }
                for (name, values, path) in group { data[keyPath: path] = try column(values, name) }
            }
            return LiveBatch(sequence: frame.sequence, samples: .deviceMotion(data))
        default:
            throw .malformedJSON(field: "stream", problem: "unknown stream \"\(frame.stream)\"")
        }
    }
}
