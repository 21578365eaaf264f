import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

/// Borrowed device-motion rotation columns: from arrays, from a mapped native file written by us (no copy), and from
/// a file with `<f8` values (copied into the scratch) — always the samples `copyDeviceMotion` gives, only the groups
/// asked for, and a group with a missing column lent empty.
@Suite struct DeviceMotionRotationColumnsTests {
    /// The lent columns as a ``DeviceMotionData`` (groups not lent stay empty).
    static func values(_ columns: DeviceMotionRotationColumns) -> DeviceMotionData {
        var data = DeviceMotionData()
        data.timestamps = Array(columns.timestamps)
        (data.rotationRateX, data.rotationRateY, data.rotationRateZ) =
            (Array(columns.rotationRateX), Array(columns.rotationRateY), Array(columns.rotationRateZ))
        (data.gravityX, data.gravityY, data.gravityZ) =
            (Array(columns.gravityX), Array(columns.gravityY), Array(columns.gravityZ))
        (data.attitudeW, data.attitudeX, data.attitudeY, data.attitudeZ) =
            (Array(columns.attitudeW), Array(columns.attitudeX), Array(columns.attitudeY), Array(columns.attitudeZ))
        return data
    }

    /// Device motion whose every column holds its own values (column c, sample i: 10·c + i/64), 40 samples, as a
    /// recording — a column lent in another's place cannot go unnoticed.
    static func distinctColumns() -> Recording {
        let count = 40
        var data = DeviceMotionData(timestamps: (0..<count).map { 100 + Double($0) / 200 })
        for (index, column) in DeviceMotionColumn.all.enumerated() {
            data[keyPath: column.keyPath] = (0..<count).map { Float(10 * index) + Float($0) / 64 }
        }
        return Recording(deviceMotion: data)
    }

    @Test(arguments: [
        DeviceMotionComponents.everyGroup, [.rotationRate, .gravity], [.rotationRate, .attitude, .heading],
    ])
    func arraysAndMappedFilesLendTheSamplesTheyWouldCopy(components: DeviceMotionComponents) throws {
        let recording = Self.distinctColumns()
        let deviceMotion = try #require(recording.deviceMotion)
        #expect(deviceMotion.components.isSuperset(of: .full))
        let file = try FixtureFiles.openedNativeFile(recording)
        let range = 1..<(deviceMotion.count - 1)
        let rotationGroups = components.intersection([.rotationRate, .gravity, .attitude])
        var expected = DeviceMotionData()
        recording.copyDeviceMotion(range, components: rotationGroups, into: &expected)
        #expect(expected.count == range.count && expected.components == rotationGroups)

        var scratch = DeviceMotionData()
        let lent = file.withDeviceMotionRotationColumns(range, components: components, scratch: &scratch) { columns in
            #expect(columns.components == rotationGroups)
            return Self.values(columns)
        }
        #expect(lent == expected)
        #expect(scratch.count == 0, "a file written by NativeFormat is lent, not copied")
        let fromRecording = recording.withDeviceMotionRotationColumns(range, components: components, scratch: &scratch) {
            Self.values($0)
        }
        #expect(fromRecording == expected)
        #expect(deviceMotion.withRotationColumns(range, components: components) { Self.values($0) } == expected)
        #expect(deviceMotion.withRotationColumns(3..<3) { $0.count } == 0)
    }

    @Test func aGroupWithAMissingColumnIsLentEmpty() throws {
        var data = try #require(Self.distinctColumns().deviceMotion)
        data.gravityY = []
        let lent = data.withRotationColumns(0..<data.count) { $0.components }
        #expect(lent == [.rotationRate, .attitude])

        // The same from a native file lacking device_motion_gravity_y: lent without gravity, not copied.
        let file = try FixtureFiles.openedNpz([
            ("device_motion_timestamp", .float64(data.timestamps)),
            ("device_motion_rotation_rate_x", .float32(data.rotationRateX)),
            ("device_motion_rotation_rate_y", .float32(data.rotationRateY)),
            ("device_motion_rotation_rate_z", .float32(data.rotationRateZ)),
            ("device_motion_gravity_x", .float32(data.gravityX)),
            ("device_motion_gravity_z", .float32(data.gravityZ)),
        ])
        var scratch = DeviceMotionData()
        let components = file.withDeviceMotionRotationColumns(
            0..<file.deviceMotionCount, components: .everyGroup, scratch: &scratch
        ) { $0.components }
        #expect(components == [.rotationRate])
        #expect(scratch.count == 0)
    }

    @Test func otherDtypesAreCopiedIntoTheScratch() throws {
        let data = try #require(Self.distinctColumns().deviceMotion)
        let file = try FixtureFiles.openedNpz([
            ("device_motion_timestamp", .float64(data.timestamps)),
            ("device_motion_rotation_rate_x", .float64(data.rotationRateX.map(Double.init))),
            ("device_motion_rotation_rate_y", .float32(data.rotationRateY)),
            ("device_motion_rotation_rate_z", .float32(data.rotationRateZ)),
        ])
        var scratch = DeviceMotionData()
        let lent = file.withDeviceMotionRotationColumns(
            0..<file.deviceMotionCount, components: .everyGroup, scratch: &scratch
        ) { Self.values($0) }
        #expect(lent.count == data.count && lent.components == [.rotationRate])
        #expect(lent.rotationRateX == data.rotationRateX)
        #expect(lent.rotationRateZ == data.rotationRateZ)
        #expect(scratch.count == data.count, "a <f8 column is copied, converted to Float")
    }
}
