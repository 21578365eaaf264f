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
    /// One loop per reference over the columns, the arithmetic of a `SIMD4<Float>` per sample (lane 3 zero, sums
    /// left to right), so that the compiler can run several samples at once.
    /// - Precondition: the batch has rotation rate; `range` lies within it.
    func rotationAlongGravity(_ range: Range<Int>, into output: UnsafeMutablePointer<Float>) {
        let reference = rotationReference!
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the batch")
        let (wx, wy, wz) = (rotationRateX, rotationRateY, rotationRateZ)
        switch reference {
        case .gravity:
            let (gx, gy, gz) = (gravityX, gravityY, gravityZ)
            for (k, i) in range.enumerated() {
                output[k] = Self.along(wx[i], wy[i], wz[i], gx[i], gy[i], gz[i], lane3: 0)
            }
        case .attitude:
            let (qw, qx, qy, qz) = (attitudeW, attitudeX, attitudeY, attitudeZ)
            for (k, i) in range.enumerated() {
                let (w, x, y, z) = (qw[i], qx[i], qy[i], qz[i])
                output[k] = Self.along(
                    wx[i], wy[i], wz[i], -(2 * (x * z - w * y)), -(2 * (y * z + w * x)), -(1 - 2 * (x * x + y * y)),
                    lane3: -0.0)
            }
        case .magnitude:
            for (k, i) in range.enumerated() {
                let (a, b, c) = (wx[i], wy[i], wz[i])
                output[k] = (((a * a + b * b) + c * c) + 0).squareRoot()
            }
        }
    }

    /// dot(w, g / |g|) (g unchanged when |g| = 0), exactly as optimised `SIMD4<Float>` arithmetic gives it (sums left
    /// to right) with the lane-3 product w₃·g₃ = `lane3` (+0, or −0 when g₃ is −0, as for gravity derived from the
    /// attitude; only the sign of an exact zero depends on it).
    @inline(__always)
    private static func along(
        _ wx: Float, _ wy: Float, _ wz: Float, _ gx: Float, _ gy: Float, _ gz: Float, lane3: Float
    ) -> Float {
        let norm = (((gx * gx + gy * gy) + gz * gz) + 0).squareRoot()
        let (x, y, z) = norm > 0 ? (gx / norm, gy / norm, gz / norm) : (gx, gy, gz)
        return ((wx * x + wy * y) + wz * z) + lane3
    }
}

extension DeviceMotionComponents {
    /// The column groups ``DeviceMotionRotationColumns/rotationAlongGravity(_:into:)`` reads of device motion holding
    /// `self`: rotation rate, and gravity — or, without gravity, the attitude gravity is derived from.
    var readForRotation: DeviceMotionComponents {
        var read = intersection(.rotationRate)
        read.formUnion(contains(.gravity) ? .gravity : intersection(.attitude))
        return read
    }
}
