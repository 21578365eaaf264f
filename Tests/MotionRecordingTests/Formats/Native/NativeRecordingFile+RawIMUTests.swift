import Foundation
import Testing
@testable import MotionRecording

/// The raw gyroscope read from a mapped native file a stretch at a time, into a reused buffer, as the streaming
/// fusion reads it.
@Suite struct NativeRecordingFileRawIMUTests {
    @Test func copyGyroscopeGivesTheSamplesOfTheRangeAndReusesTheBuffer() throws {
        let t = (0..<5000).map { Double($0) / 200 }
        let gyroscope = GyroscopeData(
            timestamps: t, x: t.map { Float(sin($0)) }, y: t.map { Float(cos($0)) }, z: t.map { Float($0) })
        let recording = Recording(
            accelerometer: AccelerometerData(timestamps: [0, 1], x: [0, 0], y: [0, 0], z: [-1, -1]), gyroscope: gyroscope)
        var file = try FixtureFiles.openedNativeFile(recording)
        file.releaseChunkBytes = 4096
        #expect(file.isWhole)
        var buffer = GyroscopeData()
        for range in [0..<1, 1..<1500, 1500..<1501, 1501..<5000] {
            file.copyGyroscope(range, into: &buffer)
            #expect(buffer == gyroscope[range])
            file.didRead(.gyroscope, range)  // released behind: later reads come from the file again
        }
        file.copyGyroscope(0..<5000, into: &buffer)
        #expect(buffer == gyroscope)
        let capacity = buffer.timestamps.capacity
        file.copyGyroscope(10..<20, into: &buffer)
        #expect(buffer == gyroscope[10..<20] && buffer.timestamps.capacity == capacity)
    }
}
