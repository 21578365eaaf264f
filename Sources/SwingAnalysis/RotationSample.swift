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

extension RotationSample {
    /// The rotation sample of `data`'s sample `index`, or `nil` when it carries no rotation rate.
    static func make(_ data: DeviceMotionDataColumns, _ index: Int) -> (RotationSample, RotationReference)? {
        guard data.hasRotation else { return nil }
        let w = SIMD4<Float>(data.rotationRateX[index], data.rotationRateY[index], data.rotationRateZ[index], 0)
        var g: SIMD4<Float>
        var reference: RotationReference
        if data.hasGravity {
            g = SIMD4(data.gravityX[index], data.gravityY[index], data.gravityZ[index], 0)
            reference = .gravity
        } else if data.hasAttitude {
            // rotate(q, g_device) = (0, 0, −1)  ⇒  g_device = −(third row of R(q)).
            let (qw, qx, qy, qz) = (data.attitudeW[index], data.attitudeX[index], data.attitudeY[index], data.attitudeZ[index])
            g = -SIMD4(2 * (qx * qz - qw * qy), 2 * (qy * qz + qw * qx), 1 - 2 * (qx * qx + qy * qy), 0)
            reference = .attitude
        } else {
            let magnitude = (w * w).sum().squareRoot()
            return (RotationSample(time: data.timestamps[index], alongGravity: magnitude, isMagnitudeFallback: true, rotationRate: w),
                .magnitude)
        }
        let norm = (g * g).sum().squareRoot()
        if norm > 0 { g /= norm }
        return (RotationSample(time: data.timestamps[index], alongGravity: (w * g).sum(), rotationRate: w), reference)
    }
}

import MotionRecording

extension DeviceMotionComponents {
    /// The column groups ``RotationSample/make(_:_:)`` reads of device motion holding `self`: rotation rate, and
    /// gravity — or, without gravity, the attitude gravity is derived from.
    var readForRotation: DeviceMotionComponents {
        var read = intersection(.rotationRate)
        read.formUnion(contains(.gravity) ? .gravity : intersection(.attitude))
        return read
    }
}

/// The columns of a ``DeviceMotionData`` batch the analyzer reads, with presence flags computed once per batch.
struct DeviceMotionDataColumns {
    let timestamps: [Double]
    let rotationRateX: [Float], rotationRateY: [Float], rotationRateZ: [Float]
    let gravityX: [Float], gravityY: [Float], gravityZ: [Float]
    let attitudeW: [Float], attitudeX: [Float], attitudeY: [Float], attitudeZ: [Float]
    let hasRotation: Bool, hasGravity: Bool, hasAttitude: Bool

    init(_ data: DeviceMotionData) {
        timestamps = data.timestamps
        rotationRateX = data.rotationRateX
        rotationRateY = data.rotationRateY
        rotationRateZ = data.rotationRateZ
        gravityX = data.gravityX
        gravityY = data.gravityY
        gravityZ = data.gravityZ
        attitudeW = data.attitudeW
        attitudeX = data.attitudeX
        attitudeY = data.attitudeY
        attitudeZ = data.attitudeZ
        hasRotation = !data.rotationRateX.isEmpty
        hasGravity = !data.gravityX.isEmpty
        hasAttitude = !data.attitudeW.isEmpty
    }
}
