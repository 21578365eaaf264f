/// A 3-vector of `Double` for the simulator's kinematics (world or device frame, unit stated where used).
///
/// A concrete struct rather than `SIMD3<Double>` so that debug builds (the test configuration) stay fast.
package struct Vector3: Sendable, Equatable, Codable {
    package var x: Double
    package var y: Double
    package var z: Double

    @inlinable package init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    package static let zero = Vector3(0, 0, 0)
    /// Reference-frame "up" (gravity points along −up).
    package static let up = Vector3(0, 0, 1)
    package static let unitX = Vector3(1, 0, 0)
    package static let unitY = Vector3(0, 1, 0)
    package static let unitZ = Vector3(0, 0, 1)

    @inlinable package static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inlinable package static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inlinable package static prefix func - (a: Vector3) -> Vector3 { Vector3(-a.x, -a.y, -a.z) }
    @inlinable package static func * (s: Double, a: Vector3) -> Vector3 { Vector3(s * a.x, s * a.y, s * a.z) }
    @inlinable package static func += (a: inout Vector3, b: Vector3) { a = a + b }

    @inlinable package func dot(_ b: Vector3) -> Double { x * b.x + y * b.y + z * b.z }
    @inlinable package func cross(_ b: Vector3) -> Vector3 {
        Vector3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x)
    }
    @inlinable package var length: Double { (x * x + y * y + z * z).squareRoot() }
    /// The unit vector in this direction; `self` when the length is zero.
    @inlinable package var normalized: Vector3 {
        let n = length
        return n > 0 ? (1 / n) * self : self
    }
}
