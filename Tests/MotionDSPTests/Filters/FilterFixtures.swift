import Foundation
import MotionDSP
import Testing
import _TestSupport

/// The scipy reference vectors written by `Fixtures/generate_filter_fixtures.py`.
enum FilterFixtures {
    struct DesignCase: Decodable, Sendable, CustomStringConvertible {
        var order: Int
        var btype: String
        var cutoffs: [Double]
        var fs: Double
        var sos: [[Double]]

        var band: FilterBand { FilterFixtures.band(btype, cutoffs) }
        var description: String { "butter(\(order), \(cutoffs), \(btype), fs=\(fs))" }
    }

    struct Design: Decodable, Sendable { var cases: [DesignCase] }

    struct FilterCase: Decodable, Sendable, CustomStringConvertible {
        var name: String
        var order: Int
        var btype: String
        var cutoffs: [Double]
        var sos: [[Double]]
        var zi: [[Double]]?
        var output: [[Double]]
        var output_steady_start: [[Double]]?
        var padlen: Int?
        var short_output: [[Double]]?

        var band: FilterBand { FilterFixtures.band(btype, cutoffs) }
        var sections: SecondOrderSections { SecondOrderSections(scipyRows: sos) }
        var description: String { name }
    }

    struct Filtering: Decodable, Sendable {
        var fs: Double
        var input: [[Double]]
        var cases: [FilterCase]

        /// The 3-axis input in lanes x, y, z (lane w = 0), as the Float32 values scipy filtered.
        var inputSamples: [SIMD4<Float>] { input.map { SIMD4<Float>(Float($0[0]), Float($0[1]), Float($0[2]), 0) } }
    }

    static func band(_ btype: String, _ cutoffs: [Double]) -> FilterBand {
        switch btype {
        case "lowpass": .lowPass(cutoff: cutoffs[0])
        case "highpass": .highPass(cutoff: cutoffs[0])
        case "bandpass": .bandPass(low: cutoffs[0], high: cutoffs[1])
        default: .bandStop(low: cutoffs[0], high: cutoffs[1])
        }
    }

    static func load<T: Decodable>(_ name: String, as type: T.Type) -> T {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures")
        else { fatalError("missing fixture \(name).json") }
        do {
            return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot decode fixture \(name).json: \(error)")
        }
    }

    static let design = load("butter_sos", as: Design.self)
    static let sosfilt = load("sosfilt", as: Filtering.self)
    static let sosfiltfilt = load("sosfiltfilt", as: Filtering.self)

    /// Column `axis` of an `(n, 3)` reference.
    static func column(_ rows: [[Double]], _ axis: Int) -> [Double] { rows.map { $0[axis] } }

    /// Expects lanes x, y and z of `output` each within `tolerance` (relative to the reference's scale,
    /// ``ApproximateComparison/maxRelativeError(_:_:)``) of columns 0, 1 and 2 of the `(n, 3)` reference `rows`;
    /// `label` names the case in the message.
    static func expectAxes<Scalar: SIMDScalar & BinaryFloatingPoint>(
        _ output: [SIMD4<Scalar>], match rows: [[Double]], within tolerance: Double, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for axis in 0..<3 {
            let error = ApproximateComparison.maxRelativeError(output.map { $0[axis] }, column(rows, axis))
            #expect(error <= tolerance, "\(label) axis \(axis): \(error)", sourceLocation: sourceLocation)
        }
    }
}
