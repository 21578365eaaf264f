import Testing
import _TestSupport
@testable import MotionRecording

/// Sample-and-hold upsampling (a slower sensor repeated onto a faster table's rows) is told from a real sensor's
/// noise, for any split of the rows, and a held reading is not taken for saturation.
@Suite struct SampleAndHoldScannerTests {
    /// `count` rows of three noisy axes; with `hold` > 1, a new reading every `hold` rows on average, the readings'
    /// spacing drifting as a 200 Hz sensor's does against 798.7 Hz rows (runs of 4, now and then 3 or 5).
    static func rows(_ count: Int, hold: Double, seed: UInt64) -> [[Float]] {
        var rng = SplitMix64(seed: seed)
        let readings = (0..<(Int(Double(count) / hold) + 2)).map { _ in
            (0..<3).map { _ in Float.random(in: -2...2, using: &rng) }
        }
        let jitter = (0..<count).map { _ in Double.random(in: -0.3...0.3, using: &rng) }
        let rowsOfReading = (0..<count).map { min(readings.count - 1, Int((Double($0) + jitter[$0]) / hold)) }
        return (0..<3).map { axis in rowsOfReading.map { readings[$0][axis] } }
    }

    static func holdLength(_ columns: [[Float]], parts: Int) -> SampleAndHoldScanner {
        var scanner = SampleAndHoldScanner()
        let count = columns[0].count
        let cuts = (0...parts).map { $0 * count / parts }
        for (start, end) in zip(cuts, cuts.dropFirst()) {
            columns[0][start..<end].withUnsafeBufferPointer { x in
                columns[1][start..<end].withUnsafeBufferPointer { y in
                    columns[2][start..<end].withUnsafeBufferPointer { z in scanner.scan(x, y, z) }
                }
            }
        }
        return scanner
    }

    @Test func heldReadingsGiveTheirHoldLengthForAnySplit() {
        for (hold, expected) in [(798.7 / 200, 4), (2.0, 2), (1.0, 1)] {
            let columns = Self.rows(8000, hold: hold, seed: 5)
            let whole = Self.holdLength(columns, parts: 1)
            #expect(whole.holdLength == expected, "hold \(hold)")
            for parts in [3, 7, 101] {
                let split = Self.holdLength(columns, parts: parts)
                #expect(split.holdLength == whole.holdLength && split.repeats == whole.repeats)
                #expect(split.firstRepeat == whole.firstRepeat)
            }
        }
        // Too few rows to tell; a constant stream (a synthetic one, a still coarse sensor) holds no slower sensor.
        #expect(Self.holdLength(Self.rows(20, hold: 4, seed: 6), parts: 1).holdLength == 1)
        let constant = Self.holdLength([[Float](repeating: 0.01, count: 800), [Float](repeating: 0, count: 800), [Float](repeating: -1, count: 800)], parts: 3)
        #expect(constant.repeats == 799 && constant.holdLength == 1)
    }

    /// A 200 Hz gyroscope held on 800 Hz rows: one `sample-and-hold` finding naming the true rate and the readings
    /// kept; the stream reduced to its 1000 readings (every 4th row, with its own timestamp and source line), so its
    /// peak reading (held 4 rows) is one sample, and a top flat for 5 readings (20 rows) is saturation over 5
    /// samples — in memory and mapped (``StreamRepairerMappedTests`` checks that the two agree in every chunking).
    @Test func aHeldGyroscopeIsReducedToItsReadings() throws {
        let (columns, lines, kind) = StreamRepairerMappedTests.stream(.gyroscopeSampleAndHold)
        let repaired = StreamRepairerMappedTests.repairedInMemory(columns, lines: lines, kind: kind)
        #expect(repaired.findings.map(\.kind) == ["sample-and-hold", "saturation"], "\(repaired.findings)")
        #expect(repaired.findings[0].line == 3)  // row 1 repeats row 0; source line = row + 2
        #expect(repaired.findings[0].message == "gyroscope rotation_rate_x…z change only every 4 rows (75 % of rows repeat the one before): a 200.0 Hz sensor repeated onto 800.0 Hz rows (sample-and-hold); reduced to its 1000 readings of 4000 rows, each at the first row showing it (that row's timestamp), so the analysis sees the sensor's own rate")
        let every4th = stride(from: 0, to: 4000, by: 4).map { $0 }
        #expect(repaired.columns.timestamps == every4th.map { columns.timestamps[$0] })
        #expect(repaired.columns.columns[0] == every4th.map { columns.columns[0][$0] })
        #expect(repaired.summary.sampleCount == 1000 && abs(repaired.summary.estimatedRate - 200) < 1e-6)
        #expect(repaired.findings[1].line == 3002)
        #expect(repaired.findings[1].message.hasPrefix("gyroscope rotation_rate_y flat at -9.0 rad/s for 5 samples in runs of ≥ 3"))
        let mapped = try #require(StreamRepairerMappedTests.repairedMapped(columns, lines: lines, kind: kind, chunkRows: 64))
        #expect(mapped.findings == repaired.findings)
    }

    /// Device motion whose rotation rate is held while its other columns change on every row keeps its rows (a
    /// reading of one group cannot drop the others'): reported, its flat tops judged over 3 held readings.
    @Test func heldDeviceMotionRotationRateKeepsItsRows() {
        let (plain, lines, _) = StreamRepairerMappedTests.stream(.clean)
        let x = plain.columns[0], y = plain.columns[1], z = plain.columns[2]
        let held = { (column: [Float]) in column.indices.map { column[$0 - $0 % 4] * 20 } }
        var motion = DeviceMotionData()
        motion.timestamps = plain.timestamps
        (motion.gravityX, motion.gravityY, motion.gravityZ) = (x, y, z)
        (motion.rotationRateX, motion.rotationRateY, motion.rotationRateZ) = (held(x), held(y), held(z))
        let repaired = StreamRepairerMappedTests.repairedInMemory(motion.hygieneColumns, lines: lines, kind: .deviceMotion)
        #expect(repaired.findings.map(\.kind) == ["sample-and-hold"])
        #expect(repaired.findings.first?.message.hasSuffix("values kept, a flat top counts as saturation only over ≥ 3 readings (12 rows)") == true)
        #expect(repaired.summary.sampleCount == 4000)
    }
}
