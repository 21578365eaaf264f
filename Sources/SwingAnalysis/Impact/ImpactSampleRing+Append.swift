import MotionRecording

extension ImpactSampleRing {
    /// Copies `count` accelerometer samples, `samples[first ..< first + count]`, into the ring's slots
    /// `slot ..< slot + count` (contiguous: the caller splits a run at the ring's end): the times, and x, y, z
    /// interleaved into ``raw`` with lane 3 at 0. Returns whether any axis of them reaches ±`saturation` (g; a NaN
    /// never does).
    ///
    /// Four samples a step: x, y and z are read as one vector each and transposed into four ring samples, the
    /// times as one vector. One sample a step, the copy took 13 instructions a sample, with scalar inserts from
    /// memory; it remains the first touch of a mapped file's pages, so much of its time is waiting on memory.
    @inline(__always)
    func append(
        _ samples: AccelerometerColumns, from first: Int, count: Int, toSlot slot: Int, saturation: Float
    ) -> Bool {
        let t = UnsafeRawPointer(samples.timestamps.baseAddress.unsafelyUnwrapped + first)
        let timeDestination = UnsafeMutableRawPointer(times + slot)
        let x = UnsafeRawPointer(samples.x.baseAddress.unsafelyUnwrapped + first)
        let y = UnsafeRawPointer(samples.y.baseAddress.unsafelyUnwrapped + first)
        let z = UnsafeRawPointer(samples.z.baseAddress.unsafelyUnwrapped + first)
        let destination = raw + slot
        let (high, low) = (SIMD4<Float>(repeating: saturation), SIMD4<Float>(repeating: -saturation))
        var reaches = SIMDMask<SIMD4<Int32>>(repeating: false)
        var i = 0
        while i &+ 4 <= count {
            let offset = i &* MemoryLayout<Float>.stride
            timeDestination.storeBytes(
                of: t.loadUnaligned(fromByteOffset: 2 &* offset, as: SIMD4<Double>.self), toByteOffset: 2 &* offset,
                as: SIMD4<Double>.self)
            let fourX = x.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            let fourY = y.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            let fourZ = z.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            reaches .|= (fourX .>= high) .| (fourX .<= low) .| (fourY .>= high) .| (fourY .<= low)
            reaches .|= (fourZ .>= high) .| (fourZ .<= low)
            destination[i] = SIMD4(fourX[0], fourY[0], fourZ[0], 0)
            destination[i &+ 1] = SIMD4(fourX[1], fourY[1], fourZ[1], 0)
            destination[i &+ 2] = SIMD4(fourX[2], fourY[2], fourZ[2], 0)
            destination[i &+ 3] = SIMD4(fourX[3], fourY[3], fourZ[3], 0)
            i &+= 4
        }
        let (xs, ys, zs) = (samples.x, samples.y, samples.z)
        while i < count {
            let value = SIMD4(xs[first &+ i], ys[first &+ i], zs[first &+ i], 0)
            reaches .|= (value .>= high) .| (value .<= low)
            destination[i] = value
            times[slot &+ i] = samples.timestamps[first &+ i]
            i &+= 1
        }
        return any(reaches)
    }
}
