import Testing
@testable import MotionRecording

@Suite struct AccelerometerRowBufferTests {
    @Test func growsPastItsCapacityAndKeepsEveryRowInOrder() {
        var rows = AccelerometerRowBuffer(capacity: 1)
        for index in 0..<1000 {
            rows.append(
                timestamp: 100 + Double(index) / 800, x: Float(index), y: -Float(index), z: Float(index) / 2,
                line: UInt32(index + 2))
        }
        #expect(rows.count == 1000)
        let (samples, lines) = rows.finish()
        #expect(samples.count == 1000 && lines.count == 1000)
        #expect(samples.timestamps[999] == 100 + 999.0 / 800)
        #expect(samples.x[513] == 513 && samples.y[513] == -513 && samples.z[513] == 256.5)
        #expect(lines.first == 2 && lines.last == 1001)
    }

    @Test func anEmptyBufferFinishesEmpty() {
        var rows = AccelerometerRowBuffer(capacity: 0)
        let (samples, lines) = rows.finish()
        #expect(samples.isEmpty && lines.isEmpty)
    }
}
