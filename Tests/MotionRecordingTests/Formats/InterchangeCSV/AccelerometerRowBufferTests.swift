import Testing
@testable import MotionRecording

@Suite struct AccelerometerRowBufferTests {
    @Test func returnsExactlyTheAppendedRowsInOrder() throws {
        let (samples, lines) = try AccelerometerRowBuffer.collect(capacity: 1200) { rows throws(RecordingError) in
            #expect(rows.capacity == 1200)
            for index in 0..<1000 {
                rows.append(
                    timestamp: 100 + Double(index) / 800, x: Float(index), y: -Float(index), z: Float(index) / 2,
                    line: UInt32(index + 2))
            }
        }
        #expect(samples.count == 1000 && lines.count == 1000)
        #expect(samples.timestamps[999] == 100 + 999.0 / 800)
        #expect(samples.x[513] == 513 && samples.y[513] == -513 && samples.z[513] == 256.5)
        #expect(lines.first == 2 && lines.last == 1001)
    }

    @Test func anEmptyCollectionIsEmpty() throws {
        let (samples, lines) = try AccelerometerRowBuffer.collect(capacity: 0) { _ throws(RecordingError) in }
        #expect(samples.isEmpty && lines.isEmpty)
    }

    @Test func theBodysErrorIsRethrown() {
        #expect(throws: RecordingError.self) {
            _ = try AccelerometerRowBuffer.collect(capacity: 4) { rows throws(RecordingError) in
                rows.append(timestamp: 1, x: 0, y: 0, z: 0, line: 2)
                throw .malformed(file: "a.csv", line: 3, column: nil, columnName: nil, reason: "test")
            }
        }
    }
}
