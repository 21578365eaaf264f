import Foundation
import LiveServer
import MotionRecording
import Testing
import _TestSupport

@Suite("Binary batch frame")
struct BinaryBatchFrameTests {
    static func decode(_ bytes: [UInt8], maximumSamples: Int = 16_384) throws(LiveFrameError) -> LiveBatch {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(LiveFrameError) in try BinaryBatchFrame.decode(raw, maximumSamples: maximumSamples) }
        }
        return try result.get()
    }

    @Test("the layout byte by byte: a 2-sample accelerometer batch")
    func layout() throws {
        let batch = LiveBatch(
            sequence: 258, samples: .accelerometer(AccelerometerData(timestamps: [1, 2], x: [0.5, -1], y: [0, 0], z: [-1, 2])))
        let bytes = BinaryBatchFrame.encode(batch)
        #expect(bytes.count == 24 + 2 * 8 + 2 * 3 * 4)
        #expect(Array(bytes[0..<24]) == [0x42, 0x4D, 1, 0, 2, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(bytes[24..<32]) == [0, 0, 0, 0, 0, 0, 0xF0, 0x3F])  // 1.0 as little-endian Float64
        #expect(Array(bytes[40..<44]) == [0, 0, 0, 0x3F])  // x[0] = 0.5 as little-endian Float32
        #expect(try Self.decode(bytes) == batch)
    }

    @Test("device motion round-trips with its column groups; bits 1|2|4|8 = 15 for Core Motion's four")
    func deviceMotionRoundTrip() throws {
        let batch = Fixtures.sampleBatches.first { $0.stream == .deviceMotion }!
        let bytes = BinaryBatchFrame.encode(batch)
        #expect(bytes[16] == 15)
        #expect(bytes.count == 24 + batch.count * 8 + batch.count * 13 * 4)
        #expect(try Self.decode(bytes) == batch)
        for batch in Fixtures.sampleBatches { #expect(try Self.decode(BinaryBatchFrame.encode(batch)) == batch) }
    }

    @Test("each header fault is named with its byte offset")
    func headerFaults() {
        let batch = Fixtures.sampleBatches.first { $0.stream == .accelerometer && $0.count > 700 }!
        let n = batch.count
        let good = BinaryBatchFrame.encode(batch)
        func fault(_ edit: (inout [UInt8]) -> Void) -> String {
            var bytes = good
            edit(&bytes)
            do {
                _ = try Self.decode(bytes)
                return "decoded"
            } catch { return error.description }
        }
        #expect(fault { $0 = Array($0[..<10]) } == "binary batch frame, byte 10: frame of 10 bytes is shorter than the 24-byte header")
        #expect(fault { $0[0] = 0 } == "binary batch frame, byte 0: magic is not \"BM\"")
        #expect(fault { $0[3] = 7 } == "binary batch frame, byte 3: stream 7 (expected 0 accelerometer or 1 device motion)")
        #expect(fault { $0[12] = 0; $0[13] = 0 } == "binary batch frame, byte 12: sample count is 0")
        #expect(fault { $0[14] = 1 } == "binary batch frame, byte 12: sample count \(n + 65536) is above this server's limit of 16384")
        #expect(fault { $0[16] = 1 } == "binary batch frame, byte 16: column groups must be 0 for the accelerometer")
        #expect(fault { $0[20] = 1 } == "binary batch frame, byte 20: reserved byte is not zero")
        #expect(fault { $0.append(0) } == "binary batch frame, byte \(good.count): frame is \(good.count + 1) bytes; \(n) samples of 3 columns need \(good.count)")
    }

    /// Deterministic mutation fuzzing: valid frames with random bytes flipped, bytes inserted or removed, and
    /// truncations, decoded and — when they decode — applied to a session's validation. Nothing may crash, and
    /// every refusal must be a `LiveFrameError` (typed throws guarantee the type; the run guarantees no trap).
    @Test("200 000 mutated frames decode or are refused, never crash")
    func mutationFuzz() {
        var random = SplitMix64(seed: 29)
        let seeds = Fixtures.sampleBatches.prefix(6).map(BinaryBatchFrame.encode)
        var decoded = 0
        var refused = 0
        for _ in 0..<200_000 {
            var bytes = seeds[Int(random.next() % UInt64(seeds.count))]
            for _ in 0..<Int(1 + random.next() % 4) {
                let position = Int(random.next() % UInt64(max(bytes.count, 1)))
                switch random.next() % 5 {
                case 0, 1: if !bytes.isEmpty { bytes[position] = UInt8(truncatingIfNeeded: random.next()) }
                case 2: if !bytes.isEmpty { bytes[min(position, 23)] ^= UInt8(1 << (random.next() % 8)) }
                case 3: bytes = Array(bytes.prefix(position))
                default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
                }
            }
            do {
                _ = try Self.decode(bytes, maximumSamples: 4096)
                decoded += 1
            } catch {
                refused += 1
            }
        }
        #expect(decoded + refused == 200_000)
        #expect(decoded > 1000)  // payload-only mutations still decode (sample values are not checked here)
        #expect(refused > 100_000)
    }
}
