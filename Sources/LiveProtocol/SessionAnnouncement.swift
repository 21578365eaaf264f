import Foundation
import MotionRecording
import SwingAnalysis

/// The first message of every connection (JSON text):
///
/// ```json
/// {"type": "announce", "version": 1, "sport": "baseball", "streams": ["accelerometer", "deviceMotion"],
///  "device": "Watch7,3", "session": null, "swingsReceived": 0, "record": false}
/// ```
///
/// - `sport` picks an analyzer preset (baseball, softball, golf, tennis; default baseball); `configuration`, an
///   object with any ``SwingAnalyzerConfiguration`` keys over the preset named by its `"preset"` key (else `sport`),
///   the same rules as `swing-metrics analyze --config FILE`.
/// - `streams`: the streams the client will send; a stream left out is not waited for.
/// - `session`: to resume, the id the server gave in its `session` message, with `swingsReceived`, the number of
///   swing messages the client has; the server re-sends the later ones and tells which batch to send next.
/// - `record`: store the session as a native `.npz` recording (only when the server has a `--record-dir`).
public struct SessionAnnouncement: Sendable, Equatable {
    public var configuration: SwingAnalyzerConfiguration
    public var streams: Set<SensorStream>
    public var device: String?
    public var sport: String?
    public var resumeSession: String?
    public var swingsReceived: Int
    public var record: Bool

    public init(
        configuration: SwingAnalyzerConfiguration = .baseball, streams: Set<SensorStream> = [.accelerometer, .deviceMotion],
        device: String? = nil, sport: String? = nil, resumeSession: String? = nil, swingsReceived: Int = 0,
        record: Bool = false
    ) {
        self.configuration = configuration
        self.streams = streams
        self.device = device
        self.sport = sport
        self.resumeSession = resumeSession
        self.swingsReceived = swingsReceived
        self.record = record
    }

    /// Parses the `announce` object (already known to have `"type": "announce"`).
    init(json object: [String: Any]) throws(LiveFrameError) {
        func bad(_ field: String, _ problem: String) -> LiveFrameError { .malformedJSON(field: field, problem: problem) }
        if let version = object["version"] {
            guard let number = version as? NSNumber, number.intValue == 1 else {
                throw bad("version", "this server speaks version 1")
            }
        }
        guard let streamNames = object["streams"] as? [String], !streamNames.isEmpty else {
            throw bad("streams", "expected a non-empty array of \"accelerometer\" and \"deviceMotion\"")
        }
        var streams: Set<SensorStream> = []
        for name in streamNames {
            guard let stream = SensorStream(rawValue: name) else { throw bad("streams", "unknown stream \"\(name)\"") }
            streams.insert(stream)
        }
        let sport = try Self.optionalString(object, "sport")
        var presetName = sport ?? "baseball"
        var overrides: [String: Any] = [:]
        if let configuration = object["configuration"], !(configuration is NSNull) {
            guard let dictionary = configuration as? [String: Any] else { throw bad("configuration", "expected an object") }
            if let preset = dictionary["preset"] {
                guard let name = preset as? String else { throw bad("configuration.preset", "expected a string") }
                presetName = name
            }
            overrides = dictionary.filter { $0.key != "preset" }
        }
        guard let preset = SwingAnalyzerConfiguration.preset(named: presetName) else {
            throw bad(
                sport == presetName ? "sport" : "configuration.preset",
                "unknown preset \"\(presetName)\" (expected one of \(SwingAnalyzerConfiguration.presetNames.joined(separator: ", ")))")
        }
        self.configuration = try Self.overlay(overrides, on: preset)
        self.streams = streams
        self.sport = sport
        self.device = try Self.optionalString(object, "device")
        self.resumeSession = try Self.optionalString(object, "session")
        if let received = object["swingsReceived"], !(received is NSNull) {
            guard let number = received as? NSNumber, let count = Int(exactly: number.doubleValue), count >= 0 else {
                throw bad("swingsReceived", "expected a whole number ≥ 0")
            }
            self.swingsReceived = count
        } else {
            self.swingsReceived = 0
        }
        if let record = object["record"], !(record is NSNull) {
            guard let flag = record as? Bool else { throw bad("record", "expected true or false") }
            self.record = flag
        } else {
            self.record = false
        }
    }

    private static func optionalString(_ object: [String: Any], _ key: String) throws(LiveFrameError) -> String? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let string = value as? String else { throw .malformedJSON(field: key, problem: "expected a string") }
        return string
    }

    /// `overrides` over the preset's encoding, decoded and validated (unknown keys are refused by name) — the rules
    /// of ``SwingAnalyzerConfiguration/init(contentsOf:)``.
    private static func overlay(
        _ overrides: [String: Any], on preset: SwingAnalyzerConfiguration
    ) throws(LiveFrameError) -> SwingAnalyzerConfiguration {
        guard !overrides.isEmpty else { return preset }
        do {
            guard var merged = try JSONSerialization.jsonObject(with: JSONEncoder().encode(preset)) as? [String: Any]
            else { throw LiveFrameError.malformedJSON(field: "configuration", problem: "internal encoding failed") }
            for (key, value) in overrides {
                guard merged[key] != nil else {
                    throw LiveFrameError.malformedJSON(field: "configuration.\(key)", problem: "unknown key")
                }
                merged[key] = value
            }
            let configuration = try JSONDecoder().decode(
                SwingAnalyzerConfiguration.self, from: JSONSerialization.data(withJSONObject: merged))
            try configuration.validate()
            return configuration
        } catch let error as LiveFrameError {
            throw error
        } catch let error as SwingAnalyzerConfigurationError {
            throw .malformedJSON(field: "configuration", problem: error.description)
        } catch {
            throw .malformedJSON(field: "configuration", problem: "\(error)")
        }
    }
}
