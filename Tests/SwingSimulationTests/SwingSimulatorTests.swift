import Foundation
import MotionRecording
import Testing

@testable import SwingSimulation

@Suite struct SwingSimulatorTests {
    static let session = SwingSimulator.simulate(.baseball(seed: 7))

    @Test func sameSeedSameRecording() {
        let again = SwingSimulator.simulate(.baseball(seed: 7))
        #expect(again.recording.accelerometer == Self.session.recording.accelerometer)
        #expect(again.recording.deviceMotion == Self.session.recording.deviceMotion)
        #expect(again.truth == Self.session.truth)
        let other = SwingSimulator.simulate(.baseball(seed: 8))
        #expect(other.recording.accelerometer != Self.session.recording.accelerometer)
    }

    @Test func truthListsTheConfiguredMix() {
        let truth = Self.session.truth
        let mix = EventMix()
        #expect(truth.swings.filter { $0.kind == .hit }.count == mix.hits)
        #expect(truth.swings.filter { $0.kind == .foulTip }.count == mix.foulTips)
        #expect(truth.swings.filter { $0.kind == .miss }.count == mix.misses)
        #expect(truth.swings.filter { $0.kind == .practice }.count == mix.practiceSwings)
        #expect(truth.distractors.contains { $0.kind == .walking })
        #expect(truth.distractors.contains { $0.kind == .clap })
        for swing in truth.swings {
            #expect(swing.start > truth.recordingStart && swing.end < truth.recordingEnd)
            if let ttc = swing.timeToContact { #expect((0.12...0.25).contains(ttc)) }
            #expect(swing.contact == (swing.impact != nil))
        }
        let starts = truth.swings.map(\.start)
        #expect(starts == starts.sorted())
    }
}
