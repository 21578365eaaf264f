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
        let cutA = imu.accelerometer.count / 2, cutG = imu.gyroscope.count / 2
        filter.append(accelerometer: imu.accelerometer[0..<cutA], into: &motion)
        filter.append(gyroscope: imu.gyroscope[0..<cutG], into: &motion)
        var copy = filter
        var other = DeviceMotionData()
        copy.append(accelerometer: imu.accelerometer[cutA..<imu.accelerometer.count], into: &other)
        copy.append(gyroscope: imu.gyroscope[0..<cutG], into: &other)  // wrong data into the copy only
        filter.append(accelerometer: imu.accelerometer[cutA..<imu.accelerometer.count], into: &motion)
        filter.append(gyroscope: imu.gyroscope[cutG..<imu.gyroscope.count], into: &motion)
        filter.finish(into: &motion)
        #expect(motion == reference)
    }
}
