import Foundation

/// Builds zip archives byte by byte for tests of the zip reader (local header, data, central directory, end record), with DEFLATE data that
/// expands as far as fixed-Huffman coding allows: one literal zero, then copies of 258 bytes at distance 1.
public enum ZipBuilder {
    public struct Member {
        public var name: String
        public var method: UInt16
        public var data: [UInt8]
        public var declaredSize: UInt32

        public init(name: String, method: UInt16, data: [UInt8], declaredSize: UInt32) {
            self.name = name
            self.method = method
            self.data = data
            self.declaredSize = declaredSize
        }
    }

    /// A fixed-Huffman DEFLATE stream that inflates to `1 + 258 × copies` zero bytes.
    public static func zeros(copies: Int) -> [UInt8] {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var count = 0
        func put(_ value: UInt32, _ bits: Int) {  // LSB first
            buffer |= value << UInt32(count)
            count += bits
            while count >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }
        func code(_ value: UInt32, _ bits: Int) {  // Huffman codes go MSB first
            var reversed: UInt32 = 0
            for bit in 0..<bits where value & (1 << UInt32(bits - 1 - bit)) != 0 { reversed |= 1 << UInt32(bit) }
            put(reversed, bits)
        }
        put(1, 1)  // final block
        put(1, 2)  // fixed Huffman
        code(0x30, 8)  // literal 0
        for _ in 0..<copies {
            code(0xC5, 8)  // length symbol 285 = 258
            code(0, 5)  // distance symbol 0 = 1
        }
        code(0, 7)  // end of block (256)
        if count > 0 { out.append(UInt8(buffer & 0xFF)) }
        return out
    }

    /// A DEFLATE stream whose first blocks hold `head` stored (uncompressed, 65,535 bytes a block) and whose next
    /// block is corrupt (block type 3, which does not exist): it inflates to `head` and then fails.
    public static func storedThenCorrupt(_ head: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for start in stride(from: 0, to: head.count, by: 65535) {
            let block = head[start..<min(head.count, start + 65535)]
            let length = UInt16(block.count)
            out += [0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + block
        }
        return out + [0x06, 0xFF, 0xFF]  // BFINAL 0, BTYPE 11
    }

    public static func archive(_ members: [Member]) -> Data {
        var bytes: [UInt8] = []
        var central: [UInt8] = []
        func u16(_ v: UInt16, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32, _ into: inout [UInt8]) { u16(UInt16(v & 0xFFFF), &into); u16(UInt16(v >> 16), &into) }
        for member in members {
            let offset = UInt32(bytes.count)
            let name = Array(member.name.utf8)
            u32(0x0403_4B50, &bytes); u16(20, &bytes); u16(0, &bytes); u16(member.method, &bytes)
            u32(0, &bytes); u32(0, &bytes)  // time/date, CRC (not checked before inflating)
            u32(UInt32(member.data.count), &bytes); u32(member.declaredSize, &bytes)
            u16(UInt16(name.count), &bytes); u16(0, &bytes)
            bytes += name + member.data
            u32(0x0201_4B50, &central); u16(20, &central); u16(20, &central); u16(0, &central)
            u16(member.method, &central); u32(0, &central); u32(0, &central)
            u32(UInt32(member.data.count), &central); u32(member.declaredSize, &central)
            u16(UInt16(name.count), &central); u16(0, &central); u16(0, &central); u16(0, &central); u16(0, &central)
            u32(0, &central); u32(offset, &central)
            central += name
        }
        let centralOffset = UInt32(bytes.count)
        bytes += central
        u32(0x0605_4B50, &bytes); u16(0, &bytes); u16(0, &bytes)
        u16(UInt16(members.count), &bytes); u16(UInt16(members.count), &bytes)
        u32(UInt32(central.count), &bytes); u32(centralOffset, &bytes); u16(0, &bytes)
        return Data(bytes)
    }
}

extension ZipBuilder {
    /// A 2 MB Sensor Logger-named member declaring 2 GiB of zeros (expansion 1024:1, within DEFLATE's limit).
    public static func bomb() -> Data {
        archive([Member(name: "WristMotion.csv", method: 8, data: zeros(copies: 1_290_000), declaredSize: 2 << 30)])
    }
}
