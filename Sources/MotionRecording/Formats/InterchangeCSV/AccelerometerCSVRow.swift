/// One `timestamp,x,y,z` data row of an interchange `accelerometer.csv` in its common shape, parsed in one pass
/// straight from the bytes: a fixed-point timestamp (``DecimalParser/scanFixedPoint(_:_:readableEnd:)``), three
/// short `Float` fields (``DecimalParser/scanShortFloat(_:_:readableEnd:)``, through ``scanAccelerations(_:_:)``),
/// commas between them and a line end (`\n` or `\r\n`) after. Any other row (blanks, exponents, long or odd
/// numbers, a wrong field count, the last bytes of the file) is not recognised here and goes to the general
/// ``NumericCSVReader``, which gives the same values (every path is correctly rounded) or the exact error message.
struct AccelerometerCSVRow {
    /// s on the recording clock.
    var timestamp: Double
    /// g.
    var x: Float
    var y: Float
    var z: Float
    /// Index of the first byte after the row's line end.
    var end: Int

    /// Bytes a row may read ahead of its start (whole-word loads): rows closer than this to the end of the buffer
    /// are left to the general reader.
    static let readAhead = 96

    /// The row starting at `start`, or `nil` when it is not in the common shape (see above). Not inlined into
    /// the reading loop, so that the four number scanners inline into it (the optimiser declined to inline them
    /// into the larger loop).
    @inline(never)
    static func scan(_ bytes: UnsafePointer<UInt8>, _ start: Int, readableEnd: Int) -> AccelerometerCSVRow? {
        // Past the first check every index stays below `start + readAhead` (each scanner reads at most its
        // room ahead), so index arithmetic uses `&+`.
        guard start <= readableEnd - readAhead,
            let (timestamp, afterTimestamp) = DecimalParser.scanFixedPointUnchecked(bytes, start),
            bytes[afterTimestamp] == 0x2C,
            let (x, y, z, afterZ) = scanAccelerations(bytes, afterTimestamp &+ 1)
        else { return nil }
        let end: Int
        if bytes[afterZ] == 0x0A {
            end = afterZ &+ 1
        } else if bytes[afterZ] == 0x0D, bytes[afterZ &+ 1] == 0x0A {
            end = afterZ &+ 2
        } else {
            return nil
        }
        return AccelerometerCSVRow(timestamp: timestamp, x: x, y: y, z: z, end: end)
    }

    /// The three acceleration fields `x,y,z` (``DecimalParser/scanShortFloatUnchecked(_:_:)``) and the index of
    /// the byte after `z`: ``scan(_:_:readableEnd:)`` has checked the room to read (``readAhead``) and checks the
    /// line end after `z`. A function of its own, where the optimiser keeps the scanners free of branches on the
    /// digit count (inlined into ``scan(_:_:readableEnd:)`` they were not), and one call per row rather than one
    /// per field: the SWAR constants are loaded once and three calls' argument and result moves are gone
    /// (per row 297 + 276 → 292 + 258 instructions in the two functions).
    @inline(never)
    static func scanAccelerations(_ bytes: UnsafePointer<UInt8>, _ start: Int) -> (Float, Float, Float, Int)? {
        guard let (x, afterX) = DecimalParser.scanShortFloatUnchecked(bytes, start),
            bytes[afterX] == 0x2C,
            let (y, afterY) = DecimalParser.scanShortFloatUnchecked(bytes, afterX &+ 1),
            bytes[afterY] == 0x2C,
            let (z, afterZ) = DecimalParser.scanShortFloatUnchecked(bytes, afterY &+ 1)
        else { return nil }
        return (x, y, z, afterZ)
    }
}
