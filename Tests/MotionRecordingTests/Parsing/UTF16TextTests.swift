import Foundation
import Testing

@testable import MotionRecording

/// UTF-16 with a byte-order mark transcoded to UTF-8 character for character, in chunks.
@Suite struct UTF16TextTests {
    /// `text` as UTF-16 with its byte-order mark, transcoded, in `chunks` hand-overs.
    func transcoded(_ units: [UInt16], bigEndian: Bool, extraByte: Bool = false) throws -> (text: [UInt8], chunks: Int) {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in units { bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        if extraByte { bytes.append(0x41) }
        var output: [UInt8] = []
        var chunks = 0
        try bytes.withUnsafeBufferPointer { buffer throws(RecordingError) in
            #expect(UTF16Text.isBigEndian(buffer) == bigEndian)
            try UTF16Text.transcode(buffer, bigEndian: bigEndian) { chunk throws(RecordingError) in
                output += chunk
                chunks += 1
            }
        }
        return (output, chunks)
    }

    @Test func everyPlaneAndBothByteOrders() throws {
        let text = "t\tx (m/s²)\n1.5\t-0,25 µT 😀\r\n"
        for bigEndian in [false, true] {
            #expect(try transcoded(Array(text.utf16), bigEndian: bigEndian).text == Array(text.utf8))
        }
    }

    @Test func unpairedSurrogatesAndAnOddByteBecomeReplacementCharacters() throws {
        let units: [UInt16] = [0x31, 0xD800, 0x32, 0xDC00, 0x33]
        #expect(try transcoded(units, bigEndian: false, extraByte: true).text == Array("1\u{FFFD}2\u{FFFD}3\u{FFFD}".utf8))
    }

    @Test func longTextIsHandedOverInChunks() throws {
        let units = [UInt16](repeating: 0x20AC, count: UTF16Text.chunkUnits * 2 + 5)  // €: 3 UTF-8 bytes each
        let (text, chunks) = try transcoded(units, bigEndian: false)
        #expect(text.count == units.count * 3 && chunks == 3)
        #expect(text.prefix(3) == [0xE2, 0x82, 0xAC])
    }

    /// A surrogate pair that would straddle two chunks is kept whole.
    @Test func aSurrogatePairAtAChunkBoundaryIsKeptWhole() throws {
        let units = [UInt16](repeating: 0x41, count: UTF16Text.chunkUnits - 1) + Array("😀".utf16) + [0x42]
        let (text, chunks) = try transcoded(units, bigEndian: true)
        #expect(text == Array((String(repeating: "A", count: UTF16Text.chunkUnits - 1) + "😀B").utf8) && chunks == 2)
    }

    @Test func textWithoutAMarkIsNotUTF16ByMark() {
        for bytes in [[0x74, 0x00, 0x2C, 0x00], [0xFF], [], [0xEF, 0xBB, 0xBF]] as [[UInt8]] {
            #expect(bytes.withUnsafeBufferPointer(UTF16Text.isBigEndian) == nil)
        }
    }
}
