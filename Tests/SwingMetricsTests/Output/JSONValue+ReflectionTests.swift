import Foundation
import MotionRecording
import Testing

@testable import swing_metrics

/// `JSONValue(reflecting:)` lists a value's stored properties in declaration order, `null` for `nil`.
@Suite struct JSONValueReflectionTests {
    private struct Probe {
        var start: Double
        var impact: Double?
        var contact: Bool
        var peak: Float
        var axis: SIMD3<Double>
        var tags: [String]
    }

    @Test func reflectionFollowsDeclarationOrder() {
        let probe = Probe(start: 1.25, impact: nil, contact: false, peak: 0.1, axis: [0, 0, 1], tags: ["x"])
        #expect(
            JSONValue(reflecting: probe).serialized
                == #"{"start":1.25,"impact":null,"contact":false,"peak":0.1,"axis":[0,0,1],"tags":["x"]}"#)
    }

    /// A date (a recording's `startDate` in `inspect --json`) is ISO 8601 text in UTC, not a mirrored
    /// `{"timeIntervalSinceReferenceDate": …}`.
    @Test func datesAreISO8601() {
        struct Dated { var startDate: Date? }
        // SensorLog's loggingTime 2026-05-05T16:37:36.5+02:00.
        let date = Date(timeIntervalSinceReferenceDate: 799_684_656.5)
        #expect(JSONValue(reflecting: Dated(startDate: date)).serialized == #"{"startDate":"2026-05-05T14:37:36.500Z"}"#)
        #expect(JSONValue(reflecting: Dated(startDate: nil)).serialized == #"{"startDate":null}"#)
    }
}
