import MotionRecording
import SwingAnalysis
import Testing

@testable import swing_metrics

/// `Swing.json` is written out by hand for speed; it must stay what reflection gives (every stored property, in
/// declaration order), so a metric added to `Swing` cannot silently miss the output.
@Suite struct SwingJSONTests {
    static let swings = [
        Swing(
            start: 10.25, impact: 10.4375, timeToContact: 0.1875, contact: true, peakRotationRate: 18.5,
            accumulatedRotation: 1.75, duration: 0.5, impactPeak: 12, impactSaturated: true,
            impactDominantFrequency: 220.5, impactBandEnergy: 0.03125, swingPlaneNormal: SIMD3(0.6, -0.8, 0)),
        Swing(start: 3, impact: nil, timeToContact: nil, contact: false, peakRotationRate: 9),
        Swing(start: .nan, impact: .infinity, timeToContact: nil, contact: false, peakRotationRate: 0),
    ]

    @Test(arguments: swings)
    func handWrittenJSONEqualsReflection(swing: Swing) {
        #expect(swing.json == JSONValue(reflecting: swing))
        #expect(swing.json.serialized == JSONValue(reflecting: swing).serialized)
    }
}
