import Foundation
import Testing

@testable import MotionRecording

@Suite struct TextSpillTests {
    static let rows = 100_000

    /// A spill with column `a` (`<f8`, row + 0.5) and `b` (`<f4`, row), `rows` rows each.
    static func filled() throws -> TextSpill {
        let spill = try TextSpill(for: "release-test")
        spill.reserve([("a", 8, .float64), ("b", 4, .float32)], capacity: rows)
        try spill.append("a", (0..<rows).map { Double($0) + 0.5 })
        try spill.append("b", (0..<rows).map { Float($0) })
        return spill
    }

    /// Releasing a column's rows gives their whole pages' disk space back (rounded down to a page until the column's
    /// last row, then all of it): those rows read as zeros, the rest of the column and the other column as written.
    @Test func releasedRowsGiveTheirPagesBack() throws {
        let (rows, page) = (Self.rows, MappedFile.pageSize)
        let whole = try #require(try Self.filled().mapped().diskBytes)
        #expect(whole >= rows * 12)

        let half = try Self.filled()
        half.release("a", rowsBelow: rows / 2)
        let keptFrom = rows / 2 * 8 / page * page / 8  // the first row not on a released page
        #expect(try half.elements("a", in: keptFrom - 2..<keptFrom + 2, as: Double.self)
            == [0, 0, Double(keptFrom) + 0.5, Double(keptFrom) + 1.5])
        half.release("a", rowsBelow: rows / 2)  // again: nothing more
        #expect(try #require(try half.mapped().diskBytes) == whole - keptFrom * 8)

        let all = try Self.filled()
        all.release("a", rowsBelow: rows)
        #expect(try all.elements("a", in: rows - 1..<rows, as: Double.self) == [0])
        #expect(try all.elements("b", in: rows - 2..<rows, as: Float.self) == [Float(rows - 2), Float(rows - 1)])
        #expect(try #require(try all.mapped().diskBytes) == whole - (rows * 8 + page - 1) / page * page)
    }
}
