extension NativeRecordingFile {
    /// True while the file still holds every mapped byte (one `fstat`); once it has shrunk, false for good and
    /// ``truncation`` says why. A reader that reads the mapping directly asks before each stretch it reads.
    public var isWhole: Bool { mapping.isWhole() }

    /// Replaces the contents of `buffer` with raw gyroscope samples `range` (timestamps s, rad/s), reusing its
    /// capacity (no allocation once large enough); empty when the file has no gyroscope or has shrunk.
    public func copyGyroscope(_ range: Range<Int>, into buffer: inout GyroscopeData) {
        buffer.removeAll(keepingCapacity: true)
        guard let t = arrays["gyroscope_timestamp"], let x = arrays["gyroscope_x"], let y = arrays["gyroscope_y"],
            let z = arrays["gyroscope_z"], mapping.isWhole()
        else { return }
        precondition(range.lowerBound >= 0 && range.upperBound <= t.count, "range out of bounds")
        appendDoubles(t, range, to: &buffer.timestamps)
        appendFloats(x, range, to: &buffer.x)
        appendFloats(y, range, to: &buffer.y)
        appendFloats(z, range, to: &buffer.z)
    }

    /// Releases the mapped pages of `stream`'s arrays that reading samples `range` finished (the samples of a stream
    /// are read in order, so everything before `range.upperBound` has been read), ``releaseChunkBytes`` at a time per
    /// array: one `madvise` per array per chunk, however small the ranges. What a delivered batch releases
    /// (``didDeliver(_:)``), for any stream.
    public func didRead(_ stream: SensorStream, _ range: Range<Int>) {
        let chunk = releaseChunkBytes
        for info in sampleArrays(stream) {
            let delivered = info.offset + range.upperBound * info.dtype.size
            let before = info.offset + range.lowerBound * info.dtype.size
            let end = delivered / chunk * chunk
            guard end > before / chunk * chunk else { continue }
            // From the chunk boundary at or before the range's start (earlier chunks went with earlier ranges; a page
            // shared with the previous array is only dropped, and re-read from the file if touched again).
            mapping.release((before / chunk * chunk)..<end)
        }
    }

    /// The arrays holding `stream`'s samples, timestamps included (not its batch ends).
    private func sampleArrays(_ stream: SensorStream) -> [NpyArrayInfo] {
        switch stream {
        case .accelerometer: accelerometerSampleArrays
        case .deviceMotion: deviceMotionSampleArrays
        case .gyroscope: ["timestamp", "x", "y", "z"].compactMap { arrays["gyroscope_" + $0] }
        case .magnetometer: ["timestamp", "x", "y", "z"].compactMap { arrays["magnetometer_" + $0] }
        }
    }
}
