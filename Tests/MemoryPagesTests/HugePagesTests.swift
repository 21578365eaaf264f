import Testing
import MemoryPages

@Suite struct HugePagesTests {
    @Test(arguments: [0, 1, 4096, 2 << 20, (2 << 20) + 12_345, 5 << 20])
    func advisedMemoryStaysUsable(_ byteCount: Int) {
        // Any size and any (unaligned) start: the advice only touches the aligned interior and changes no byte.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount + 100, alignment: 16)
        defer { buffer.deallocate() }
        let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[37..<(37 + byteCount)])
        HugePages.advise(slice)
        for index in stride(from: 0, to: byteCount, by: 4093) { slice[index] = UInt8(truncatingIfNeeded: index) }
        var mismatches = 0
        for index in stride(from: 0, to: byteCount, by: 4093) where slice[index] != UInt8(truncatingIfNeeded: index) {
            mismatches += 1
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: [0, 1, 4096, 64 << 10, (64 << 10) + 4_321, 3 << 20])
    func populatedMemoryKeepsItsBytes(_ byteCount: Int) {
        // Populating maps pages but changes no byte, also at an unaligned start with written bytes around it.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount + 200, alignment: 16)
        defer { buffer.deallocate() }
        for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index &* 7) }
        let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[53..<(53 + byteCount)])
        HugePages.populate(slice)
        var mismatches = 0
        for index in buffer.indices where buffer[index] != UInt8(truncatingIfNeeded: index &* 7) { mismatches += 1 }
        #expect(mismatches == 0)
        for index in stride(from: 0, to: byteCount, by: 997) { slice[index] = 0xA5 }
        #expect(stride(from: 0, to: byteCount, by: 997).allSatisfy { slice[$0] == 0xA5 })
    }

    @Test(arguments: [0, 1, 64 << 10, (1 << 20) + 777])
    func populatedForReadingKeepsItsBytes(_ byteCount: Int) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount + 100, alignment: 16)
        defer { buffer.deallocate() }
        for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index &* 13) }
        HugePages.populateForReading(UnsafeRawBufferPointer(rebasing: buffer[29..<(29 + byteCount)]))
        var mismatches = 0
        for index in buffer.indices where buffer[index] != UInt8(truncatingIfNeeded: index &* 13) { mismatches += 1 }
        #expect(mismatches == 0)
    }
}
