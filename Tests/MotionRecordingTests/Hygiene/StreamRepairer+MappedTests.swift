import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

/// A stream repaired where it is mapped (``StreamRepairer/checkMapped(_:batchEnds:chunkRows:sortWindow:findings:)``) must come
/// out exactly as the same stream repaired in memory (``StreamRepairer/run(_:batchEnds:findings:)``): samples,
/// findings (kinds, counts, lines, values), summary and batch ends — per repair kind and for chunk sizes that put a
/// chunk boundary inside every run of damaged rows (3, 7 and 64 rows against runs of 20–45).
@Suite struct StreamRepairerMappedTests {
    enum Damage: String, CaseIterable {
        case clean, nanRun, outOfRange, milliseconds, microsecondsWithNaN, backwards, duplicates, metresPerSecondSquared,
            gapAndNaN, everything, deviceMotionBackwardsInMetresPerSecondSquared, gyroscopeInDegreesPerSecond,
            deviceMotionInDegreesPerSecond, gyroscopeSampleAndHold
    }

    /// 4,000 rows of a wrist at 800 Hz (|a| ≈ 1 g; device motion and gyroscope alike) with `damage` done to them,
    /// and each row's source line (the header is line 1).
    static func stream(_ damage: Damage) -> (columns: StreamColumns, lines: [UInt32], kind: HygieneStream) {
        var rng = SplitMix64(seed: 24)
        let count = 4000
        var t = (0..<count).map { 10 + Double($0) / 800 }
        var x = (0..<count).map { Float(0.3 * sin(Double($0) / 50)) + Float.random(in: -0.01...0.01, using: &rng) }
        var y = (0..<count).map { Float(0.3 * cos(Double($0) / 70)) + Float.random(in: -0.01...0.01, using: &rng) }
        var z = (0..<count).map { _ in -0.95 + Float.random(in: -0.01...0.01, using: &rng) }
        var lines = (0..<count).map { UInt32($0 + 2) }
        /// Moves rows `block` to after row `after` (a batch delivered late).
        func deliverLate(_ block: Range<Int>, after: Int) {
            func move<T>(_ array: inout [T]) {
                let moved = Array(array[block])
                array.removeSubrange(block)
                array.insert(contentsOf: moved, at: after - block.count + 1)
            }
            move(&t); move(&x); move(&y); move(&z); move(&lines)
        }
        /// Repeats rows `rows` `times` times each (identical rows).
        func repeatRows(_ rows: Range<Int>, times: Int) {
            func expand<T>(_ array: inout [T]) {
                array.replaceSubrange(rows, with: rows.flatMap { Array(repeating: array[$0], count: times) })
            }
            expand(&t); expand(&x); expand(&y); expand(&z); expand(&lines)
        }
        switch damage {
        case .clean: break
        case .nanRun:
            for row in 95..<140 { x[row] = .nan }
            t[500] = .nan
            z[501] = .infinity
        case .outOfRange:
            for row in 300..<320 { y[row] = 1e30 }
            z[321] = -5000
        case .milliseconds:
            t = t.map { $0 * 1000 }
        case .microsecondsWithNaN:
            t = t.map { $0 * 1e6 }
            for row in 60..<90 { y[row] = .nan }
        case .backwards:
            deliverLate(1000..<1040, after: 1100)
            t.swapAt(2000, 2001)
        case .duplicates:
            y[2500] += 0.5
            t[2500] = t[2499]
            repeatRows(2000..<2010, times: 3)
        case .metresPerSecondSquared:
            x = x.map { $0 * 9.80665 }
            y = y.map { $0 * 9.80665 }
            z = z.map { $0 * 9.80665 }
            for row in 700..<706 { x[row] = 78.4532 }  // 8 g, clipped
        case .gapAndNaN:
            t = t.enumerated().map { $1 + ($0 >= 3000 ? 0.5 : 0) }
            for row in 2990..<3010 { z[row] = .nan }
        case .everything:
            for row in 95..<140 { x[row] = .nan }
            for row in 300..<320 { y[row] = 2000 }
            deliverLate(1000..<1040, after: 1100)
            y[2500] += 0.5
            t[2500] = t[2499]
            repeatRows(2000..<2010, times: 3)
            t = t.map { $0 * 1000 }
            x = x.map { $0 * 9.80665 }
            y = y.map { $0 * 9.80665 }
            z = z.map { $0 * 9.80665 }
        case .deviceMotionBackwardsInMetresPerSecondSquared:
            deliverLate(1000..<1040, after: 1100)
            var motion = DeviceMotionData()
            motion.timestamps = t
            (motion.gravityX, motion.gravityY, motion.gravityZ) = (x.map { $0 * 9.80665 }, y.map { $0 * 9.80665 }, z.map { $0 * 9.80665 })
            (motion.rotationRateX, motion.rotationRateY, motion.rotationRateZ) = (z, x, y)
            (motion.userAccelerationX, motion.userAccelerationY, motion.userAccelerationZ) = (y, z, x)
            return (motion.hygieneColumns, lines, .deviceMotion)
        case .deviceMotionInDegreesPerSecond:
            // Rotation rate in °/s (up to 330 °/s: beyond 70 "rad/s" on thousands of rows), gravity in g; a NaN run.
            let degrees = Float(180 / Double.pi) * 20
            for row in 40..<60 { y[row] = .nan }
            var motion = DeviceMotionData()
            motion.timestamps = t
            (motion.gravityX, motion.gravityY, motion.gravityZ) = (x, y, z)
            (motion.rotationRateX, motion.rotationRateY, motion.rotationRateZ) =
                (z.map { $0 * degrees }, x.map { $0 * degrees }, y.map { $0 * degrees })
            (motion.userAccelerationX, motion.userAccelerationY, motion.userAccelerationZ) = (y, z, x)
            return (motion.hygieneColumns, lines, .deviceMotion)
        case .gyroscopeSampleAndHold:
            // A 200 Hz gyroscope (rad/s, up to ±6) held on the 800 Hz rows: each reading repeated 4 times. Its peak
            // reading at rows 2000–2003 is one reading, not a flat top; rows 3000–3019 (5 readings) clipped at −9.
            let held = { (column: [Float]) in column.indices.map { column[$0 - $0 % 4] * 20 } }
            (x, y, z) = (held(x), held(y), held(z))
            for row in 2000..<2004 { x[row] = 8.5 }
            for row in 3000..<3020 { y[row] = -9 }
            return (GyroscopeData(timestamps: t, x: x, y: y, z: z).hygieneColumns, lines, .gyroscope)
        case .gyroscopeInDegreesPerSecond:
            let degrees = Float(180 / Double.pi) * 20
            (x, y, z) = (x.map { $0 * degrees }, y.map { $0 * degrees }, z.map { $0 * degrees })
            x[1500] = 1e6  // still beyond 1000 rad/s once converted: dropped
            for row in 40..<60 { y[row] = .nan }
            return (GyroscopeData(timestamps: t, x: x, y: y, z: z).hygieneColumns, lines, .gyroscope)
        }
        return (AccelerometerData(timestamps: t, x: x, y: y, z: z).hygieneColumns, lines, .accelerometer)
    }

    /// The stream repaired in memory.
    static func repairedInMemory(_ columns: StreamColumns, lines: [UInt32], kind: HygieneStream)
        -> (columns: StreamColumns, summary: StreamSummary, batchEnds: [Int]?, findings: [HygieneFinding])
    {
        var repaired = columns
        var batchEnds: [Int]? = nil
        var findings: [HygieneFinding] = []
        let summary = StreamRepairer(stream: kind, file: "stream.csv", lines: lines, repair: true)
            .run(&repaired, batchEnds: &batchEnds, findings: &findings)
        return (repaired, summary, batchEnds, findings)
    }

    /// The stream repaired in buffers standing for a mapping; `nil` when it must be repaired in memory. The rows
    /// kept are returned as columns.
    static func repairedMapped(
        _ columns: StreamColumns, lines: [UInt32], kind: HygieneStream, chunkRows: Int,
        sortWindow: Int = StreamRepairer.mappedSortWindowRows
    ) -> (columns: StreamColumns, summary: StreamSummary, batchEnds: [Int]?, findings: [HygieneFinding])? {
        func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: array.count)
            _ = buffer.initialize(from: array)
            return buffer
        }
        let mapped = MappedStream(
            timestamps: copy(columns.timestamps), columns: columns.columns.map(copy), layout: columns,
            lines: copy(lines), release: { _ in })
        defer {
            mapped.timestamps.deallocate()
            mapped.columns.forEach { $0.deallocate() }
            mapped.lines.deallocate()
        }
        var findings: [HygieneFinding] = []
        guard
            let (summary, batchEnds) = StreamRepairer(stream: kind, file: "stream.csv", lines: [], repair: true)
                .checkMapped(mapped, chunkRows: chunkRows, sortWindow: sortWindow, findings: &findings)
        else { return nil }
        var kept = columns
        let count = summary.sampleCount
        kept.timestamps = Array(mapped.timestamps[..<count])
        kept.columns = mapped.columns.map { Array($0[..<count]) }
        return (kept, summary, batchEnds, findings)
    }

    @Test(arguments: Damage.allCases)
    func aMappedRepairIsTheInMemoryOne(_ damage: Damage) throws {
        let (columns, lines, kind) = Self.stream(damage)
        let expected = Self.repairedInMemory(columns, lines: lines, kind: kind)
        if damage != .clean { #expect(!expected.findings.isEmpty) }
        for chunkRows in [3, 7, 64, 1000, 1 << 18] {
            let mapped = try #require(Self.repairedMapped(columns, lines: lines, kind: kind, chunkRows: chunkRows))
            #expect(mapped.findings == expected.findings, "chunks of \(chunkRows)")
            #expect(mapped.summary == expected.summary, "chunks of \(chunkRows)")
            #expect(mapped.batchEnds == expected.batchEnds, "chunks of \(chunkRows)")
            // Bit patterns: NaN-free after the repair, and -0 told apart from 0.
            #expect(mapped.columns.timestamps.map(\.bitPattern) == expected.columns.timestamps.map(\.bitPattern))
            #expect(mapped.columns.columns.map { $0.map(\.bitPattern) } == expected.columns.columns.map { $0.map(\.bitPattern) })
        }
    }

    /// The repairs named with their real counts and first lines (the in-memory path is the reference above; this
    /// pins that both found the damage that was done).
    @Test func theFindingsNameWhatWasDone() throws {
        let (columns, lines, kind) = Self.stream(.everything)
        let mapped = try #require(Self.repairedMapped(columns, lines: lines, kind: kind, chunkRows: 7))
        let byKind = Dictionary(grouping: mapped.findings, by: \.kind)
        #expect(byKind[HygieneFinding.Kind.units.rawValue]?.count == 2)  // milliseconds, then m/s²
        #expect(byKind[HygieneFinding.Kind.nan.rawValue]?.first?.line == 95 + 2)
        #expect(byKind[HygieneFinding.Kind.nan.rawValue]?.first?.message.hasPrefix("45 accelerometer row(s)") == true)
        #expect(byKind[HygieneFinding.Kind.outOfRange.rawValue]?.first?.line == 300 + 2)
        // The 40 late rows each arrive after the 61 rows delivered before them: the first of them is the one reported.
        #expect(byKind[HygieneFinding.Kind.nonMonotonic.rawValue]?.first?.line == 1000 + 2)
        #expect(byKind[HygieneFinding.Kind.nonMonotonic.rawValue]?.first?.message.hasPrefix("1 accelerometer") == true)
        #expect(byKind[HygieneFinding.Kind.duplicateRows.rawValue]?.first?.message.hasPrefix("20 accelerometer") == true)
        #expect(byKind[HygieneFinding.Kind.duplicateTimestamps.rawValue]?.first?.line == 2500 + 2)
        #expect(mapped.summary.sampleCount == 4000 - 45 - 20)
    }

    /// Device motion's rotation rate in °/s is converted to rad/s (the gravity and user acceleration are not) with
    /// one `units` finding, where it is mapped as in memory (above), instead of its fastest rows being dropped as out
    /// of range.
    @Test func deviceMotionRotationRateInDegreesPerSecondIsConverted() throws {
        let (columns, lines, kind) = Self.stream(.deviceMotionInDegreesPerSecond)
        let repaired = try #require(Self.repairedMapped(columns, lines: lines, kind: kind, chunkRows: 64))
        #expect(repaired.findings.map(\.kind) == ["units", "nan", "gap"])  // the 20 NaN rows leave a 26 ms gap
        #expect(repaired.findings[0].message.contains("values are in °/s; converted to rad/s"))
        #expect(repaired.summary.sampleCount == 4000 - 20)
        let motion = DeviceMotionData(hygieneColumns: repaired.columns)
        let original = DeviceMotionData(hygieneColumns: columns)
        // Row 100 of the original is row 80 after the 20 NaN rows: gravity unchanged, rotation rate × π/180.
        #expect(motion.gravityX[80] == original.gravityX[100])
        #expect(motion.rotationRateY[80] == original.rotationRateY[100] * Float.pi / 180)
        #expect(abs(motion.rotationRateY[80] - original.gravityX[100] * 20) < 1e-4)
    }

    /// Timestamps rounded so far that most samples share the time before (a spreadsheet's `7.73E+04`) drop the
    /// stream in memory, reported with the count; where it is mapped, the stream is left to the in-memory check.
    @Test func timestampsTooCoarseDropTheStream() throws {
        let (columns, lines, kind) = Self.stream(.clean)
        var coarse = columns
        coarse.timestamps = (0..<4000).map { (row: Int) -> Double in 10 + Double(row / 8) / 100 }  // 800 Hz written to 10 ms: 8 rows per value
        let expected = Self.repairedInMemory(coarse, lines: lines, kind: kind)
        #expect(expected.summary.sampleCount == 0)
        #expect(expected.columns.count == 0)
        #expect(expected.findings.map(\.kind) == ["duplicate-timestamps", "empty"])
        #expect(expected.findings[0].message
            == "3500 of 4000 accelerometer samples share the timestamp of the one before with different values (first at line 3, t = 10.0 s): the timestamps are multiples of 0.01 s while the 4000 samples span 4.99 s (one every 0.00125 s, ≈ 801.4 Hz), which needs 0.0001 s or finer; the timestamps were rounded (too few digits, e.g. 5.63E+04 s or 1.70004E+12 ms from a spreadsheet) and no longer say when each sample was taken; stream dropped — save the time column with all its digits (a number format with enough decimals, not General or Scientific) or read the original file")
        #expect(Self.repairedMapped(coarse, lines: lines, kind: kind, chunkRows: 64) == nil)
        // 800 Hz written to 2 ms: 3 samples in 8 repeat their time, kept and reported as before.
        var fine = columns
        fine.timestamps = (0..<4000).map { (row: Int) -> Double in 10 + Double(row * 5 / 8 * 2) / 1000 }
        let kept = Self.repairedInMemory(fine, lines: lines, kind: kind)
        #expect(kept.summary.sampleCount == 4000)
        #expect(kept.findings.first?.message.hasPrefix("1500 accelerometer sample(s) share") == true)
        #expect(kept.findings.first?.message.hasSuffix("; kept") == true)
        let mapped = try #require(Self.repairedMapped(fine, lines: lines, kind: kind, chunkRows: 64))
        #expect(mapped.findings == kept.findings)
    }

    /// Rows delivered 61 rows late are sorted in place with a window of 61 rows, and left to the in-memory sort
    /// with 60.
    @Test func theSortWindowBoundsTheDisorderRepairedInPlace() throws {
        let (columns, lines, kind) = Self.stream(.backwards)
        let expected = Self.repairedInMemory(columns, lines: lines, kind: kind)
        for chunkRows in [7, 1000] {
            let wide = try #require(Self.repairedMapped(columns, lines: lines, kind: kind, chunkRows: chunkRows, sortWindow: 61))
            #expect(wide.findings == expected.findings)
            #expect(wide.columns.timestamps == expected.columns.timestamps)
            #expect(wide.columns.columns == expected.columns.columns)
            #expect(Self.repairedMapped(columns, lines: lines, kind: kind, chunkRows: chunkRows, sortWindow: 60) == nil)
        }
    }
}
