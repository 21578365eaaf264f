import MotionRecording

/// One device-motion sample as the swing logic sees it.
struct RotationSample: Sendable {
    /// s, recording clock.
    var time: Double
    /// Rotation along gravity, dot(rotationRate, gravity), rad/s (signed); |rotation rate| in the fallback.
    var alongGravity: Float
    /// Whether ``alongGravity`` is the |rotation rate| fallback (no gravity, no attitude): it has no sign, so a
    /// backswing turning the other way cannot be told from the swing. (Declared here, it fills the padding before
    /// ``rotationRate``: the sample stays 32 bytes.)
    var isMagnitudeFallback: Bool = false
    /// Rotation rate, device frame, rad/s (w lane unused).
    var rotationRate: SIMD4<Float>
}

/// Which reference the rotation of a sample was measured against.
enum RotationReference: Sendable {
    /// dot(rotationRate, gravity) with the sample's gravity.
    case gravity
    /// dot(rotationRate, gravity) with gravity derived from the attitude quaternion.
    case attitude
    /// |rotation rate| (no gravity, no attitude).
    case magnitude
}

extension DeviceMotionRotationColumns {
    /// The reference the rotation of this batch's samples is measured against (`nil` without rotation rate).
    var rotationReference: RotationReference? {
        guard !rotationRateX.isEmpty else { return nil }
        return !gravityX.isEmpty ? .gravity : !attitudeW.isEmpty ? .attitude : .magnitude
    }

    /// Rotation along gravity, dot(rotationRate, gravity / |gravity|) in rad/s, of the samples `range` into
    /// `output[0..<range.count]` — or |rotation rate| for the ``RotationReference/magnitude`` fallback. Gravity is the
    /// sample's, or derived from its attitude (rotate(q, g_device) = (0, 0, −1) ⇒ g_device = −(third row of R(q))).
    /// Eight samples at a time, one per lane, with the arithmetic of a `SIMD4<Float>` per sample (lane 3 zero, sums
    /// left to right) — the same values as sample by sample (one AVX instruction per operation where the build
    /// targets AVX, two SSE ones otherwise).
    /// - Precondition: the batch has rotation rate; `range` lies within it.
    func rotationAlongGravity(_ range: Range<Int>, into output: UnsafeMutablePointer<Float>) {
        let reference = rotationReference!
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the batch")
        let (wx, wy, wz) = (rotationRateX, rotationRateY, rotationRateZ)
        // Eight samples per step, one per lane (the same operations on each lane as on one sample); the last partial
        // step reads zeros into the missing lanes and stores only the lanes it has.
        var k = 0
        while k < range.count {
            let i = range.lowerBound + k
            let lanes = Swift.min(8, range.count - k)
            let w = (Self.load(wx, i, lanes), Self.load(wy, i, lanes), Self.load(wz, i, lanes))
            let result: SIMD8<Float>
            switch reference {
            case .gravity:
                result = Self.along(
                    w, (Self.load(gravityX, i, lanes), Self.load(gravityY, i, lanes), Self.load(gravityZ, i, lanes)),
                    lane3: 0)
            case .attitude:
                let (qw, qx, qy) = (Self.load(attitudeW, i, lanes), Self.load(attitudeX, i, lanes), Self.load(attitudeY, i, lanes))
                let qz = Self.load(attitudeZ, i, lanes)
                let g = (-(2 * (qx * qz - qw * qy)), -(2 * (qy * qz + qw * qx)), -(1 - 2 * (qx * qx + qy * qy)))
                result = Self.along(w, g, lane3: -0.0)
            case .magnitude:
                result = (((w.0 * w.0 + w.1 * w.1) + w.2 * w.2) + 0).squareRoot()
            }
            if lanes == 8 {
                UnsafeMutableRawPointer(output + k).storeBytes(of: result, as: SIMD8<Float>.self)
            } else {
                for lane in 0..<lanes { output[k + lane] = result[lane] }
            }
            k += lanes
        }
    }

    /// `column[i ..< i + lanes]` in the first `lanes` lanes (1…8), zeros after.
    @inline(__always)
    private static func load(_ column: UnsafeBufferPointer<Float>, _ i: Int, _ lanes: Int) -> SIMD8<Float> {
        let base = column.baseAddress.unsafelyUnwrapped + i
        if lanes == 8 { return UnsafeRawPointer(base).loadUnaligned(as: SIMD8<Float>.self) }
        var value = SIMD8<Float>.zero
        for lane in 0..<lanes { value[lane] = base[lane] }
        return value
    }

    /// dot(w, g / |g|) per lane (g unchanged when |g| = 0), exactly as optimised `SIMD4<Float>` arithmetic of one
    /// sample gives it (sums left to right) with the lane-3 product w₃·g₃ = `lane3` (+0, or −0 when g₃ is −0, as
    /// for gravity derived from the attitude; only the sign of an exact zero depends on it).
    @inline(__always)
    private static func along(
        _ w: (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>), _ g: (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>),
        lane3: Float
    ) -> SIMD8<Float> {
        let norm = (((g.0 * g.0 + g.1 * g.1) + g.2 * g.2) + 0).squareRoot()
        let positive = norm .> 0
        let x = g.0.replacing(with: g.0 / norm, where: positive)
        let y = g.1.replacing(with: g.1 / norm, where: positive)
        let z = g.2.replacing(with: g.2 / norm, where: positive)
        return ((w.0 * x + w.1 * y) + w.2 * z) + lane3
    }
}

extension DeviceMotionComponents {
    /// The column groups ``DeviceMotionRotationColumns/rotationAlongGravity(_:into:)`` reads of device motion holding
    /// `self`: rotation rate, and gravity — or, without gravity, the attitude gravity is derived from.
    public var readForRotation: DeviceMotionComponents {
        var read = intersection(.rotationRate)
        read.formUnion(contains(.gravity) ? .gravity : intersection(.attitude))
        return read
    }
}
