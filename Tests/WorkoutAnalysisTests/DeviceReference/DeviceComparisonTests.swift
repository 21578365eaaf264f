import MotionRecording
import Testing

@testable import WorkoutAnalysis

@Suite struct DeviceComparisonTests {
    static let segments = [
        ActivitySegment(start: 0, end: 60, activity: .walking, confidence: 1, steps: 110, cadence: 1.8),
        ActivitySegment(start: 60, end: 100, activity: .stationary, confidence: 1),
        ActivitySegment(start: 100, end: 160, activity: .swingSport, confidence: 1),
        ActivitySegment(start: 160, end: 200, activity: .swimming, confidence: 1),
    ]

    @Test func countsAndDifferences() throws {
        let pedometer = PedometerData(
            timestamps: [10, 60, 120], steps: [20, 100, 125], distanceMeters: [15, 80, .nan], floorsAscended: [0, 2, 3],
            floorsDescended: [0, 0, 1])
        let device = try #require(
            DeviceComparison(
                pedometer: pedometer, activity: nil, steps: 120, distance: 90, floors: (3, 2),
                segments: Self.segments))
        #expect(device.steps == 125 && device.stepsDifference == -5)
        #expect(device.stepsDifferencePercent == -4)
        #expect(device.distance == 80 && device.distanceDifference == 10 && device.distanceDifferencePercent == 12.5)
        #expect(device.floorsAscended == 3 && device.floorsAscendedDifference == 0)
        #expect(device.floorsDescended == 1 && device.floorsDescendedDifference == 1)
        #expect(device.activityAgreement == nil && device.activityComparedTime == nil)
    }

    @Test func withoutOurDistanceOrFloorsTheDifferencesAreNull() throws {
        let pedometer = PedometerData(timestamps: [5], steps: [0], distanceMeters: [.nan])
        let device = try #require(
            DeviceComparison(pedometer: pedometer, activity: nil, steps: 12, distance: nil, floors: nil, segments: []))
        #expect(device.steps == 0 && device.stepsDifference == 12 && device.stepsDifferencePercent == nil)
        #expect(device.distance == nil && device.distanceDifference == nil)
        #expect(device.floorsAscended == nil && device.floorsAscendedDifference == nil)
    }

    @Test func activityAgreementFollowsTheMapping() throws {
        // Apple: walking 0–50, stationary 50–130, automotive 130–150, walking 150–200 (to the segments' end).
        let activity = MotionActivityData(
            timestamps: [0, 50, 130, 150], activity: [.walking, .stationary, .automotive, .walking],
            confidence: [.high, .high, .low, .medium])
        let device = try #require(
            DeviceComparison(pedometer: nil, activity: activity, steps: 0, distance: nil, floors: nil, segments: Self.segments))
        // Compared: 0–130 (walking/stationary against walking, stationary, swing sport) and 150–160 (walking against
        // swing sport); 130–150 automotive and 160–200 swimming are not. Agreed: 0–50, 60–130, 150–160; not: 50–60.
        #expect(device.activityComparedTime == 140)
        #expect(device.activityAgreement == 130.0 / 140)
        #expect(device.steps == nil)
    }

    @Test func nothingToCompareIsNil() {
        #expect(
            DeviceComparison(
                pedometer: PedometerData(), activity: nil, steps: 1, distance: nil, floors: nil, segments: []) == nil)
    }
}
