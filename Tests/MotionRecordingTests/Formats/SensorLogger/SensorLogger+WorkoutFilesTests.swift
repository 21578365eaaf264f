import Foundation
import Testing
@testable import MotionRecording

/// Sensor Logger's Barometer, WatchBarometer, Pedometer, Activity, Location, WatchLocation and Headphone files,
/// written here in the app's layout (columns and units from its UNITS.md) beside the watch export in
/// `Fixtures/sensor-logger/plain` (motion from 1777991856.123 s since the epoch: origin 1777991856 s).
@Suite struct SensorLoggerWorkoutFilesTests {
    static let barometer = """
        time,seconds_elapsed,relativeAltitude,pressure
        1777991856500000000,0.377,0,1013.25
        1777991857500000000,1.377,0.125,1013.2356
        """
    static let watchBarometer = """
        time,seconds_elapsed,relativeAltitude,pressure
        1777991856250000000,0.127,0,101.3125
        1777991857250000000,1.127,-0.0625,101.3203
        """
    static let pedometer = """
        time,seconds_elapsed,steps,distance,floorsAscended,floorsDescended,averageActivePace
        1777991856750000000,0.627,3,2.25,0,0,0.61
        1777991857750000000,1.627,7,5.0625,1,0,0.6
        """
    static let activity = """
        time,seconds_elapsed,activity,confidence
        1777991856100000000,-0.023,stationary,high
        1777991856900000000,0.777,walking,medium
        1777991857200000000,1.077,tilting,unknown
        """
    /// Android's layout (no altitudeAboveMeanSeaLevel), an invalid speed (−1) on the second fix.
    static let location = """
        time,seconds_elapsed,bearingAccuracy,speedAccuracy,verticalAccuracy,horizontalAccuracy,speed,bearing,altitude,longitude,latitude
        1777991856400000000,0.277,0,0.5,1.77,15.125,1.5,90,214.25,13.404954,52.520008
        1777991857400000000,1.277,0,0.5,1.77,12.5,-1,90,214.5,13.404975,52.520011
        """
    static let watchLocation = """
        time,seconds_elapsed,horizontalAccuracy,verticalAccuracy,speed,speedAccuracy,course,courseAccuracy,altitude,ellipsoidalAltitude,longitude,latitude
        1777991856600000000,0.477,4.5,3,0.75,0.25,180,5,34.5,79.25,13.404954,52.520008
        """
    /// A still head: identity attitude, gravity −9.80665 m/s² along z (Core Motion's sign), 0.5 g forward jolt.
    static let headphone = """
        time,seconds_elapsed,quaternionW,quaternionX,quaternionY,quaternionZ,pitch,roll,yaw,rotationRateX,rotationRateY,rotationRateZ,gravityX,gravityY,gravityZ,accelerationX,accelerationY,accelerationZ,devicelocation
        1777991856200000000,0.077,1,0,0,0,0,0,0,0.5,0,0,0,0,-9.80665,0.5,0,0,left
        1777991856240000000,0.117,1,0,0,0,0,0,0,0.25,0,0,0,0,-9.80665,0,0,0,right
        """

    /// The plain watch export with `extra` files (name → text) added, opened.
    static func open(_ extra: [String: String]) throws -> Recording {
        let directory = FixtureFiles.temporaryDirectory()
        let plain = FixtureFiles.url("sensor-logger/plain")
        for name in try FileManager.default.contentsOfDirectory(atPath: plain.path) {
            try FileManager.default.copyItem(at: plain.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        for (name, text) in extra { try Data((text + "\n").utf8).write(to: directory.appendingPathComponent(name)) }
        return try RecordingSource.open(directory).loaded()
    }

    @Test func phoneBarometerInHectopascalsIsConvertedToKilopascalsOnTheMotionClock() throws {
        let recording = try Self.open(["Barometer.csv": Self.barometer])
        let pressure = try #require(recording.pressure)
        #expect(pressure.timestamps == [0.5, 1.5])  // same origin as WristMotion (first whole second)
        #expect(pressure.pressureKilopascals == [Float(1013.25) / 10, Float(1013.2356) / 10])
        #expect(pressure.relativeAltitudeMeters == [0, 0.125])
        let units = recording.hygiene.findings(ofKind: .units).filter { $0.file?.hasSuffix("Barometer.csv") == true }
        #expect(units.count == 1 && units[0].message.hasPrefix("pressure is in hPa (mbar)"), "\(units)")
        #expect(recording.accelerometer?.timestamps.first == 0.126442141)
    }

    @Test func watchExportTakesTheWatchBarometerAndLocationAndReportsThePhones() throws {
        let recording = try Self.open([
            "Barometer.csv": Self.barometer, "WatchBarometer.csv": Self.watchBarometer,
            "Location.csv": Self.location, "WatchLocation.csv": Self.watchLocation,
        ])
        #expect(recording.pressure?.pressureKilopascals == [101.3125, 101.3203])
        #expect(recording.pressure?.timestamps == [0.25, 1.25])
        let location = try #require(recording.location)
        #expect(location.timestamps == [0.6] && location.altitudeMeters == [34.5])  // the watch's altitude is MSL
        #expect(location.latitudeDegrees == [52.520008] && location.speedMetersPerSecond == [0.75])
        let skipped = recording.hygiene.findings(ofKind: .other).filter { $0.message.hasPrefix("not imported") }
        #expect(skipped.compactMap { $0.file.map { URL(fileURLWithPath: $0).lastPathComponent } }.sorted() == ["Barometer.csv", "Location.csv"])
        #expect(recording.hygiene.findings(ofKind: .units).allSatisfy { $0.file?.hasSuffix("Barometer.csv") != true })
    }

    @Test func phoneLocationWithoutMeanSeaLevelAltitudeIsReportedAndInvalidSpeedIsUnknown() throws {
        let recording = try Self.open(["Location.csv": Self.location])
        let location = try #require(recording.location)
        #expect(location.latitudeDegrees == [52.520008, 52.520011] && location.longitudeDegrees == [13.404954, 13.404975])
        #expect(location.altitudeMeters == [214.25, 214.5] && location.horizontalAccuracyMeters == [15.125, 12.5])
        #expect(location.speedMetersPerSecond[0] == 1.5 && location.speedMetersPerSecond[1].isNaN)
        #expect(recording.hygiene.findings.contains { $0.message.hasPrefix("no altitudeAboveMeanSeaLevel column") })
    }

    @Test func pedometerActivityAndHeadphoneImport() throws {
        let recording = try Self.open(["Pedometer.csv": Self.pedometer, "Activity.csv": Self.activity, "Headphone.csv": Self.headphone])
        let pedometer = try #require(recording.pedometer)
        #expect(pedometer.timestamps == [0.75, 1.75] && pedometer.steps == [3, 7] && pedometer.distanceMeters == [2.25, 5.0625])
        #expect(pedometer.floorsAscended == [0, 1] && pedometer.floorsDescended == [0, 0])
        let activity = try #require(recording.motionActivity)
        #expect(activity.timestamps == [0.1, 0.9, 1.2])
        #expect(activity.activity == [.stationary, .walking, .unknown] && activity.confidence == [.high, .medium, .low])
        let mapped = recording.hygiene.findings.filter { $0.file?.hasSuffix("Activity.csv") == true }.map(\.message)
        #expect(mapped == [
            #"1 row(s) say "tilting", which Core Motion does not report: read as unknown"#,
            #"1 row(s) say "unknown", which Core Motion does not report: read as low"#,
        ])
        let headphones = try #require(recording.headphoneMotion)
        #expect(headphones.sensorLocation == [.left, .right])
        #expect(headphones.motion.gravityZ == [-1, -1] && headphones.motion.userAccelerationX == [0.5, 0])
        #expect(headphones.motion.rotationRateX == [0.5, 0.25] && headphones.motion.attitudeW == [1, 1])
        // The attitude agrees with gravity in Core Motion's convention: nothing reported about it.
        #expect(!recording.hygiene.findings.contains { $0.message.contains("attitude") })
    }

    @Test func missingRequiredColumnNamesTheFile() throws {
        let pedometer = "time,seconds_elapsed,distance\n1777991856750000000,0.627,2.25"
        do {
            _ = try Self.open(["Pedometer.csv": pedometer])
            Issue.record("accepted a Pedometer.csv without steps")
        } catch {
            #expect("\(error)".contains("Pedometer.csv:1: header lacks column \"steps\""), "\(error)")
        }
    }
}
