import Foundation

/// A DEFLATE (RFC 1951) decoder, after Mark Adler's `puff.c`: small and bounds-checked rather than fast. Used for
/// the DEFLATE members of Sensor Logger `.zip` exports. Output is capped at the size the zip directory declares,
/// so a corrupt or hostile stream can neither overrun memory nor loop, and the declared size itself is refused when
/// it exceeds ``ceiling(forCompressedBytes:)`` (a zip bomb: 2 MB declaring 2 GiB). The output is written once, into
/// the buffer the returned `Data` owns (no second copy).
enum Inflate {
    struct Failure: Error {
        var reason: String
    }

    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        /// Builds the canonical code from code lengths; incomplete codes are allowed (as puff does).
        init(lengths: ArraySlice<Int>) throws(Failure) {
            symbols = [Int](repeating: 0, count: lengths.count)
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1..<16 {
                left <<= 1
                left -= counts[length]
                if left < 0 { throw Failure(reason: "over-subscribed Huffman code") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    private struct State {
        let input: UnsafeBufferPointer<UInt8>
        var position = 0
        var bitBuffer: UInt32 = 0
        var bitCount = 0
        /// `limit` bytes, of which `count` are written.
        let output: UnsafeMutablePointer<UInt8>
        var count = 0
        let limit: Int

        mutating func bits(_ need: Int) throws(Failure) -> Int {
            var value = bitBuffer
            while bitCount < need {
                guard position < input.count else { throw Failure(reason: "compressed data ends early") }
                value |= UInt32(input[position]) << UInt32(bitCount)
                position += 1
                bitCount += 8
            }
            bitBuffer = value >> UInt32(need)
            bitCount -= need
            return Int(value & ((1 << UInt32(need)) - 1))
        }

        mutating func decode(_ huffman: Huffman) throws(Failure) -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1..<16 {
                code |= try bits(1)
                let count = huffman.counts[length]
                if code - count < first { return huffman.symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw Failure(reason: "invalid Huffman code")
        }

        mutating func emit(_ byte: UInt8) throws(Failure) {
            guard count < limit else { throw Failure(reason: "inflates to more than the declared size") }
            output[count] = byte
            count += 1
        }
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The largest uncompressed size accepted for `compressedBytes` of DEFLATE data, bytes: a quarter of the memory
    /// available now (the parser that reads the member needs about as much again), and at most
    /// ``maximumTextRatio`` times the compressed size beyond ``smallMemberBytes``. Sensor text (numbers whose last
    /// digits are noise, timestamps that never repeat) deflates 2–6:1; a member that claims hundreds to one is
    /// repetition, not a recording — the shape of a zip bomb.
    static func ceiling(forCompressedBytes compressedBytes: Int, availableMemory: Int = AvailableMemory.bytes()) -> Int {
        let byRatio = Swift.max(smallMemberBytes, compressedBytes &* maximumTextRatio)
        return Swift.min(byRatio, availableMemory / 4)
    }

    /// Expansion ratio above which a large member is refused (see ``ceiling(forCompressedBytes:availableMemory:)``).
    static let maximumTextRatio = 256
    /// Members up to this size (16 MiB) are inflated whatever their ratio.
    static let smallMemberBytes = 16 << 20

    /// Inflates a raw DEFLATE stream that must produce exactly `expectedSize` bytes.
    static func inflate(
        _ input: UnsafeBufferPointer<UInt8>, expectedSize: Int,
        ceiling: Int? = nil
    ) throws(Failure) -> Data {
        try check(input, expectedSize: expectedSize, ceiling: ceiling)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(expectedSize, 1))
        var handedOver = false
        defer { if !handedOver { buffer.deallocate() } }
        try inflate(input, expectedSize: expectedSize, ceiling: ceiling, into: buffer)
        handedOver = true
        return Data(bytesNoCopy: buffer, count: expectedSize, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// Refuses a declared size that DEFLATE cannot produce from `input`, or that is over `ceiling` (by default
    /// ``ceiling(forCompressedBytes:availableMemory:)``).
    static func check(_ input: UnsafeBufferPointer<UInt8>, expectedSize: Int, ceiling: Int?) throws(Failure) {
        // DEFLATE cannot expand more than ~1032:1; a larger declared size is corrupt (or a bomb).
        guard expectedSize >= 0, expectedSize <= input.count &* 1032 &+ 1024 else {
            throw Failure(reason: "declared size \(expectedSize) impossible for \(input.count) compressed bytes")
        }
        let ceiling = ceiling ?? Self.ceiling(forCompressedBytes: input.count)
        guard expectedSize <= ceiling else {
            throw Failure(
                reason: "declares \(expectedSize) bytes uncompressed from \(input.count) compressed, over the \(ceiling)-byte ceiling (expansion above \(maximumTextRatio):1, or more than a quarter of available memory): refused as a possible zip bomb")
        }
    }

    /// Inflates a raw DEFLATE stream that must produce exactly `expectedSize` bytes into `buffer` (room for
    /// `expectedSize`), calling `progress` (compressed bytes read, bytes written) about every `progressBytes` bytes
    /// written: DEFLATE reads back at most 32 KiB, so a caller may release what lies further behind.
    static func inflate(
        _ input: UnsafeBufferPointer<UInt8>, expectedSize: Int, ceiling: Int? = nil,
        into buffer: UnsafeMutablePointer<UInt8>, progressBytes: Int = .max, progress: (Int, Int) -> Void = { _, _ in }
    ) throws(Failure) {
        try check(input, expectedSize: expectedSize, ceiling: ceiling)
        var nextProgress = progressBytes
        func report(_ position: Int, _ count: Int) {
            guard count >= nextProgress else { return }
            nextProgress = count + progressBytes
            progress(position, count)
        }
        var state = State(input: input, output: buffer, limit: expectedSize)
        try blocks(&state, report: report)
        guard state.count == expectedSize else {
            throw Failure(reason: "inflated \(state.count) bytes, directory says \(expectedSize)")
        }
    }

    /// The first `count` bytes a raw DEFLATE stream inflates to, decoding stopped once they are out (what follows
    /// may even be corrupt): all of them when the stream makes no more, which must then be `declaredSize`. A declared size DEFLATE cannot
    /// produce from `input` is refused as ``inflate(_:expectedSize:ceiling:)`` refuses it; the zip-bomb ceiling does
    /// not apply, as only `count` bytes are written.
    static func prefix(_ input: UnsafeBufferPointer<UInt8>, count: Int, declaredSize: Int) throws(Failure) -> [UInt8] {
        try check(input, expectedSize: declaredSize, ceiling: .max)
        let limit = Swift.min(Swift.max(count, 0), declaredSize)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(limit, 1))
        defer { buffer.deallocate() }
        var state = State(input: input, output: buffer, limit: limit)
        do {
            try blocks(&state, report: { _, _ in })
        } catch {
            // With every byte asked for out, what failed lies beyond them (at the latest the next byte, which has no
            // room).
            guard state.count == limit, limit < declaredSize else { throw error }
            return Array(UnsafeBufferPointer(start: buffer, count: limit))
        }
        guard state.count == declaredSize else {
            throw Failure(reason: "inflated \(state.count) bytes, directory says \(declaredSize)")
        }
        return Array(UnsafeBufferPointer(start: buffer, count: state.count))
    }

    /// Decodes blocks into `state` up to the last block.
    private static func blocks(_ state: inout State, report: (Int, Int) -> Void) throws(Failure) {
        var last = 0
        repeat {
            last = try state.bits(1)
            switch try state.bits(2) {
            case 0:
                state.bitBuffer = 0
                state.bitCount = 0
                guard state.position + 4 <= state.input.count else { throw Failure(reason: "stored block header ends early") }
                let length = Int(state.input[state.position]) | Int(state.input[state.position + 1]) << 8
                let complement = Int(state.input[state.position + 2]) | Int(state.input[state.position + 3]) << 8
                state.position += 4
                guard length == ~complement & 0xFFFF else { throw Failure(reason: "stored block length check failed") }
                guard state.position + length <= state.input.count else { throw Failure(reason: "stored block ends early") }
                for index in 0..<length { try state.emit(state.input[state.position + index]) }
                state.position += length
                report(state.position, state.count)
            case 1:
                var lengths = [Int](repeating: 8, count: 288)
                for symbol in 144..<256 { lengths[symbol] = 9 }
                for symbol in 256..<280 { lengths[symbol] = 7 }
                let literal = try Huffman(lengths: lengths[...])
                let distance = try Huffman(lengths: [Int](repeating: 5, count: 30)[...])
                try codes(&state, literal, distance, report: report)
            case 2:
                let literalCount = try state.bits(5) + 257
                let distanceCount = try state.bits(5) + 1
                let codeLengthCount = try state.bits(4) + 4
                guard literalCount <= 286, distanceCount <= 30 else { throw Failure(reason: "bad code counts") }
                var lengths = [Int](repeating: 0, count: 320)
                for index in 0..<codeLengthCount { lengths[codeLengthOrder[index]] = try state.bits(3) }
                let lengthCode = try Huffman(lengths: lengths[0..<19])
                var index = 0
                while index < literalCount + distanceCount {
                    var symbol = try state.decode(lengthCode)
                    if symbol < 16 {
                        lengths[index] = symbol
                        index += 1
                        continue
                    }
                    var value = 0
                    if symbol == 16 {
                        guard index > 0 else { throw Failure(reason: "repeat with no previous length") }
                        value = lengths[index - 1]
                        symbol = 3 + (try state.bits(2))
                    } else if symbol == 17 {
                        symbol = 3 + (try state.bits(3))
                    } else {
                        symbol = 11 + (try state.bits(7))
                    }
                    guard index + symbol <= literalCount + distanceCount else { throw Failure(reason: "too many lengths") }
                    for _ in 0..<symbol {
                        lengths[index] = value
                        index += 1
                    }
                }
                guard lengths[256] != 0 else { throw Failure(reason: "no end-of-block code") }
                let literal = try Huffman(lengths: lengths[0..<literalCount])
                let distance = try Huffman(lengths: lengths[literalCount..<(literalCount + distanceCount)])
                try codes(&state, literal, distance, report: report)
            default:
                throw Failure(reason: "invalid block type")
            }
        } while last == 0
    }

    private static func codes(
        _ state: inout State, _ literal: Huffman, _ distance: Huffman, report: (Int, Int) -> Void
    ) throws(Failure) {
        while true {
            report(state.position, state.count)
            var symbol = try state.decode(literal)
            if symbol < 256 {
                try state.emit(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                symbol -= 257
                guard symbol < 29 else { throw Failure(reason: "invalid length symbol") }
                let length = lengthBase[symbol] + (try state.bits(lengthExtra[symbol]))
                let distanceSymbol = try state.decode(distance)
                guard distanceSymbol < 30 else { throw Failure(reason: "invalid distance symbol") }
                let back = distanceBase[distanceSymbol] + (try state.bits(distanceExtra[distanceSymbol]))
                guard back <= state.count else { throw Failure(reason: "distance too far back") }
                for _ in 0..<length { try state.emit(state.output[state.count - back]) }
            }
        }
    }
}
