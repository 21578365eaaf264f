import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

/// Zip archives that plainly hold no recording (a zip of photos, a numpy archive of other arrays) are told from
/// recordings and from damaged archives; given explicitly, they are refused naming what they hold.
@Suite struct NonRecordingArchiveTests {
    static func archive(_ names: [String], named file: String) -> URL {
        let members = names.map { ZipBuilder.Member(name: $0, method: 0, data: [0xFF, 0xD8, 0xFF, 0xE0], declaredSize: 4) }
        let url = FixtureFiles.temporaryDirectory(file).appendingPathComponent(file)
        try! ZipBuilder.archive(members).write(to: url)
        return url
    }

    @Test func photosAndOtherArraysAreNoRecording() throws {
        let photos = Self.archive(["holiday/", "holiday/IMG_0001.jpg", "holiday/IMG_0002.jpg", "__MACOSX/holiday/._IMG_0001.jpg"], named: "photos.zip")
        #expect(NonRecordingArchive.reason(photos)
            == "not a recording: a zip archive of 2 files (IMG_0001.jpg, IMG_0002.jpg), none of them sensor data (a native recording's .npy arrays, a Sensor Logger export's .csv files)")
        let arrays = FixtureFiles.temporaryDirectory().appendingPathComponent("model.npz")
        try NpzWriter.write([("weights", .float32([1, 2, 3])), ("labels", .int64([0, 1, 2]))], to: arrays)
        #expect(NonRecordingArchive.reason(arrays)
            == "not a recording: a numpy archive of 2 arrays (weights, labels), none of them a recording's (accelerometer_timestamp, device_motion_timestamp)")
        #expect(NonRecordingArchive.reason(Self.archive([], named: "empty.zip")) == "not a recording: an empty zip archive")
        // Given explicitly: the same words, as the error.
        for url in [photos, arrays] {
            #expect(throws: RecordingError.unrecognizedFormat(file: url.path, reason: NonRecordingArchive.reason(url)!)) {
                _ = try RecordingImporter.load(url)
            }
        }
    }

    /// A recording's arrays, a Sensor Logger file, any CSV or text member (a layout the importer reads or names),
    /// and an archive that cannot be read (cut short, not a zip) may be recordings: they fail alone, if at all.
    @Test func possibleRecordingsAndDamagedArchivesAreLeftToTheImporter() throws {
        let native = FixtureFiles.temporaryDirectory().appendingPathComponent("session.npz")
        try NpzWriter.write([("accelerometer_timestamp", .float64([0, 1]))], to: native)
        #expect(NonRecordingArchive.reason(native) == nil)
        #expect(NonRecordingArchive.reason(Self.archive(["export/WristMotion.csv", "a.jpg"], named: "sl.zip")) == nil)
        #expect(NonRecordingArchive.reason(Self.archive(["session/accelerometer.CSV"], named: "ic.zip")) == nil)
        let cut = FixtureFiles.temporaryDirectory().appendingPathComponent("cut.zip")
        let photos = try Data(contentsOf: Self.archive(["IMG_0001.jpg"], named: "whole.zip"))
        try photos.prefix(photos.count / 2).write(to: cut)
        #expect(NonRecordingArchive.reason(cut) == nil)
        #expect(NonRecordingArchive.reason(FixtureFiles.write("not a zip\n", named: "text.zip")) == nil)
    }
}
