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
}
