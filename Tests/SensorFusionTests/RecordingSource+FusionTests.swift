import Foundation
import MotionRecording
import Testing
@testable import SensorFusion

/// `RecordingSource.fusingDeviceMotion()`: a mapped source is fused streaming and stays mapped; when the temporary
/// file cannot be written it is loaded and fused in memory instead, with the same result.
@Suite struct RecordingSourceFusionTests {
    @Test func aMappedSourceThatCannotSpillIsFusedInMemory() throws {
        let (opened, directory) = try NativeRecordingFileFusionTests.opened(NativeRecordingFileFusionTests.rawIMU())
        defer { try? FileManager.default.removeItem(at: directory) }
        let streamed = try opened.fusingDeviceMotion()
        guard case .mapped = streamed.storage else { throw NativeRecordingFileFusionTests.Unexpected.storage }
        let unwritable = try opened.fusingDeviceMotion(directory: directory.appendingPathComponent("missing").path)
        guard case .inMemory = unwritable.storage else { throw NativeRecordingFileFusionTests.Unexpected.storage }
        try NativeRecordingFileFusionTests.expectSame(streamed, unwritable)
    }
}
