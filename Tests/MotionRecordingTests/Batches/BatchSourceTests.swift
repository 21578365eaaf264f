import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

/// Device-motion batches copied by column group: from a recording in memory and from a mapped native file, the groups
/// asked for (and held) arrive with the samples of `range`, the others stay empty; without a selection, every group.
@Suite struct BatchSourceTests {
    @Test func deviceMotionCopiesOnlyTheComponentsAskedFor() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let deviceMotion = try #require(recording.deviceMotion)
        #expect(deviceMotion.components == .full)
        let file = try FixtureFiles.openedNativeFile(recording)
        let range = 1..<(deviceMotion.count - 1)
        let whole = deviceMotion[range]

        func check<Source: BatchSource>(_ source: Source) {
            #expect(source.deviceMotionComponents == .full)
            var buffer = DeviceMotionData()
            source.copyDeviceMotion(range, into: &buffer)
            #expect(buffer == whole)
            source.copyDeviceMotion(range, components: [.rotationRate, .gravity, .heading], into: &buffer)
            #expect(buffer.components == [.rotationRate, .gravity], "heading is not held")
            #expect(buffer.timestamps == whole.timestamps)
            #expect(buffer.rotationRateY == whole.rotationRateY)
            #expect(buffer.gravityZ == whole.gravityZ)
            #expect(buffer.attitudeW.isEmpty && buffer.userAccelerationX.isEmpty)
            // Reusing the buffer for every group again restores them all.
            source.copyDeviceMotion(range, components: .everyGroup, into: &buffer)
            #expect(buffer == whole)
        }
        check(recording)
        check(file)
    }
}
