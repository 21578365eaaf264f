import MemoryPages

/// Accelerometer rows written straight into the storage of the final column arrays while a text file is read: one
/// bounds check and five stores per row, where five `Array.append`s each checked uniqueness and capacity (~114
/// instructions per row), and no copy at the end. The capacity is fixed up front (an upper bound on the rows, such
/// as the file's line count); the pointers are valid only inside ``collect(capacity:_:)``.
struct AccelerometerRowBuffer {
    let capacity: Int
    private(set) var count = 0
    private let timestamps: UnsafeMutablePointer<Double>
    private let x: UnsafeMutablePointer<Float>
    private let y: UnsafeMutablePointer<Float>
    private let z: UnsafeMutablePointer<Float>
    private let lines: UnsafeMutablePointer<UInt32>

    private init(
        capacity: Int, timestamps: UnsafeMutablePointer<Double>, x: UnsafeMutablePointer<Float>,
        y: UnsafeMutablePointer<Float>, z: UnsafeMutablePointer<Float>, lines: UnsafeMutablePointer<UInt32>
    ) {
        (self.capacity, self.timestamps, self.x, self.y, self.z, self.lines) = (capacity, timestamps, x, y, z, lines)
    }

    /// Appends one row: time in s, acceleration in g, 1-based source line. More than `capacity` rows is misuse.
    @inline(__always)
    mutating func append(timestamp: Double, x: Float, y: Float, z: Float, line: UInt32) {
        precondition(count < capacity, "AccelerometerRowBuffer: more than \(capacity) rows")
        timestamps[count] = timestamp
        self.x[count] = x
        self.y[count] = y
        self.z[count] = z
        lines[count] = line
        count += 1
    }

    /// Runs `body` with a buffer for at most `capacity` rows and returns what it appended, as samples and source
    /// lines (arrays that own exactly that storage); rethrows `body`'s error.
    static func collect(capacity: Int, _ body: (inout AccelerometerRowBuffer) throws(RecordingError) -> Void)
        throws(RecordingError) -> (samples: AccelerometerData, lines: [UInt32])
    {
        let capacity = max(capacity, 1)
        var failure: RecordingError? = nil
        var rowCount = 0
        var x: [Float] = []
        var y: [Float] = []
        var z: [Float] = []
        var lines: [UInt32] = []
        let timestamps = [Double](unsafeUninitializedCapacity: capacity) { timestampStorage, timestampCount in
            x = [Float](unsafeUninitializedCapacity: capacity) { xStorage, xCount in
                y = [Float](unsafeUninitializedCapacity: capacity) { yStorage, yCount in
                    z = [Float](unsafeUninitializedCapacity: capacity) { zStorage, zCount in
                        lines = [UInt32](unsafeUninitializedCapacity: capacity) { lineStorage, lineCount in
                            // Before the first write: only the timestamps (8 bytes a row) reach a whole
                            // aligned 2 MiB block in a 10-minute file, the others from ~20 minutes on.
                            HugePages.advise(UnsafeMutableRawBufferPointer(timestampStorage))
                            HugePages.advise(UnsafeMutableRawBufferPointer(xStorage))
                            HugePages.advise(UnsafeMutableRawBufferPointer(yStorage))
                            HugePages.advise(UnsafeMutableRawBufferPointer(zStorage))
                            HugePages.advise(UnsafeMutableRawBufferPointer(lineStorage))
                            // Then all pages mapped in one call each rather than one fault per 4 KiB page.
                            HugePages.populate(UnsafeMutableRawBufferPointer(timestampStorage))
                            HugePages.populate(UnsafeMutableRawBufferPointer(xStorage))
                            HugePages.populate(UnsafeMutableRawBufferPointer(yStorage))
                            HugePages.populate(UnsafeMutableRawBufferPointer(zStorage))
                            HugePages.populate(UnsafeMutableRawBufferPointer(lineStorage))
                            var rows = AccelerometerRowBuffer(
                                capacity: capacity, timestamps: timestampStorage.baseAddress!,
                                x: xStorage.baseAddress!, y: yStorage.baseAddress!, z: zStorage.baseAddress!,
                                lines: lineStorage.baseAddress!)
                            do throws(RecordingError) { try body(&rows) } catch { failure = error }
                            rowCount = rows.count
                            lineCount = rowCount
                        }
                        zCount = rowCount
                    }
                    yCount = rowCount
                }
                xCount = rowCount
            }
            timestampCount = rowCount
        }
        if let failure { throw failure }
        return (AccelerometerData(timestamps: timestamps, x: x, y: y, z: z), lines)
    }
}
