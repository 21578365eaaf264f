import MotionRecording
import Testing

@testable import SensorFusion

@Suite("DeviceMotionStaging")
struct DeviceMotionStagingTests {
    @Test("Rows past the capacity flush in order; each column gets its own Float value")
    func flushesInOrder() {
        var staging = DeviceMotionStaging()
        var output = DeviceMotionData()
        let n = DeviceMotionStaging.capacity + 44
        staging.prepare()
        for i in 0..<n {
            if staging.isFull { staging.flush(into: &output) }
            let v = Double(i)
            staging.append(
                timestamp: v / 200, attitude: SIMD4(v, v + 0.25, v + 0.5, v + 0.75),
                gravity: SIMD3(-v, -v - 1, -v - 2), userAcceleration: SIMD3(v + 10, v + 11, v + 12),
                rotationRate: SIMD3(v + 20, v + 21, v + 22))
        }
        staging.flush(into: &output)
        #expect(staging.count == 0 && output.count == n)
        for i in [0, 1, DeviceMotionStaging.capacity - 1, DeviceMotionStaging.capacity, n - 1] {
            let v = Float(i)
            #expect(output.timestamps[i] == Double(i) / 200)
            let attitude = [output.attitudeW[i], output.attitudeX[i], output.attitudeY[i], output.attitudeZ[i]]
            let gravity = [output.gravityX[i], output.gravityY[i], output.gravityZ[i]]
            let user = [output.userAccelerationX[i], output.userAccelerationY[i], output.userAccelerationZ[i]]
            let rate = [output.rotationRateX[i], output.rotationRateY[i], output.rotationRateZ[i]]
            #expect(attitude == [v, v + 0.25, v + 0.5, v + 0.75])
            #expect(gravity == [-v, -v - 1, -v - 2])
            #expect(user == [v + 10, v + 11, v + 12])
            #expect(rate == [v + 20, v + 21, v + 22])
        }
    }

    @Test("A copied filter writes through storage of its own: the original's output is unchanged")
    func copiedFilterIsIndependent() throws {
        var simulation = SimulatedIMU(duration: 4)
        simulation.rotationRate = wristRotation
        let imu = simulation.generate()
        let reference = try fuse(imu).motion
        var filter = try SensorFusionFilter()
        var motion = DeviceMotionData()
        // Quarter-second batches of both streams (within the stream skew); halfway, a copy takes other data.
        for quarter in 0..<16 {
            let a = (quarter * 200)..<min((quarter + 1) * 200, imu.accelerometer.count)
            let g = (quarter * 50)..<min((quarter + 1) * 50, imu.gyroscope.count)
            filter.append(accelerometer: imu.accelerometer[a], into: &motion)
            filter.append(gyroscope: imu.gyroscope[g], into: &motion)
            if quarter == 7 {
                var copy = filter
                var other = DeviceMotionData()
                // Stale data into the copy only, enough to wrap its accelerometer ring (4,096 samples) over the
                // slots of the samples the original still holds: shared storage would corrupt them.
                copy.append(accelerometer: imu.accelerometer[0..<3200], into: &other)
                copy.append(accelerometer: imu.accelerometer[0..<1000], into: &other)
                copy.append(gyroscope: imu.gyroscope[0..<100], into: &other)
                copy.finish(into: &other)
            }
        }
        filter.finish(into: &motion)
        #expect(imu.accelerometer.count == 3200 && imu.gyroscope.count == 800)
        #expect(motion == reference)
    }
}
