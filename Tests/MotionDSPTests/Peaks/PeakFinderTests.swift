import Foundation
import MotionDSP
import Testing
import _TestSupport

@Suite struct PeakFinderTests {
    /// A scipy condition argument: a number (minimum) or a pair [minimum, maximum].
    static func condition(_ value: Any?) -> PeakCondition? {
        if let pair = value as? [Any] {
            return PeakCondition(minimum: (pair[0] as? NSNumber)?.doubleValue, maximum: (pair[1] as? NSNumber)?.doubleValue)
        }
        if let number = value as? NSNumber { return .atLeast(number.doubleValue) }
        return nil
    }

    static func criteria(_ options: SpectralFixture) -> PeakCriteria {
        var criteria = PeakCriteria()
        criteria.height = condition(options.raw("height"))
        criteria.threshold = condition(options.raw("threshold"))
        criteria.distance = options.double("distance")
        criteria.prominence = condition(options.raw("prominence"))
        criteria.width = condition(options.raw("width"))
        criteria.prominenceWindowLength = options.double("wlen")
        criteria.relativeHeight = options.double("rel_height") ?? 0.5
        criteria.plateauSize = condition(options.raw("plateau_size"))
        return criteria
    }

    @Test func matchesScipyFindPeaksOnReferenceSignals() throws {
        let fixture = try SpectralFixture.load("find_peaks.json")
        let cases = fixture.array("cases")
        try #require(cases.count == 18)
        for testCase in cases {
            let x = fixture["signals"].floats(try #require(testCase.string("signal")))
            let options = testCase["options"]
            let peaks = PeakFinder.findPeaks(in: x, criteria: Self.criteria(options))
            let label = "\(testCase.string("signal")!) \(options.object)"
            #expect(peaks.indices == testCase.ints("peaks"), "\(label)")
            func check(_ actual: [Double]?, _ key: String) {
                #expect((actual != nil) == testCase.has(key), "\(label): presence of \(key)")
                if let actual, testCase.has(key) {
                    let expected = testCase.doubles(key)
                    #expect(actual.count == expected.count, "\(label): \(key) count")
                    if actual.count == expected.count {
                        let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
                        #expect(worst < 1e-9, "\(label): \(key) off by \(worst)")
                    }
                }
            }
            func check(_ actual: [Int]?, _ key: String) {
                #expect((actual != nil) == testCase.has(key), "\(label): presence of \(key)")
                if let actual, testCase.has(key) { #expect(actual == testCase.ints(key), "\(label): \(key)") }
            }
            check(peaks.heights, "peak_heights")
            check(peaks.leftThresholds, "left_thresholds")
            check(peaks.rightThresholds, "right_thresholds")
            check(peaks.prominences, "prominences")
            check(peaks.leftBases, "left_bases")
            check(peaks.rightBases, "right_bases")
            check(peaks.widths, "widths")
            check(peaks.widthHeights, "width_heights")
            check(peaks.leftInterpolatedPositions, "left_ips")
            check(peaks.rightInterpolatedPositions, "right_ips")
            check(peaks.plateauSizes, "plateau_sizes")
            check(peaks.leftEdges, "left_edges")
            check(peaks.rightEdges, "right_edges")
        }
    }

    @Test func plateausReportTheirMiddleAndEdgesAreNeverPeaks() {
        let x: [Float] = [9, 1, 3, 3, 3, 3, 0, 2, 2, 1, 9]
        let peaks = PeakFinder.findPeaks(in: x, criteria: PeakCriteria(plateauSize: .any))
        #expect(peaks.indices == [3, 7])
        #expect(peaks.plateauSizes == [4, 2])
        #expect(peaks.leftEdges == [2, 7])
        #expect(peaks.rightEdges == [5, 8])
    }

    @Test func distanceInSecondsConvertsWithTheSampleRate() {
        // Peaks every 10 samples at 798.7 Hz; 20 ms ≈ 16 samples keeps every other one (the taller ones).
        var x = [Float](repeating: 0, count: 100)
        for (n, i) in stride(from: 5, to: 95, by: 10).enumerated() { x[i] = n % 2 == 0 ? 2 : 1 }
        var criteria = PeakCriteria()
        criteria.setMinimumDistance(seconds: 0.020, sampleRate: 798.7)
        #expect(abs(criteria.distance! - 15.974) < 1e-9)
        let peaks = PeakFinder.findPeaks(in: x, criteria: criteria)
        #expect(peaks.indices == [5, 25, 45, 65, 85])
        #expect(peaks.times(start: 100, sampleRate: 800).first == 100 + 5.0 / 800)
    }

    @Test func emptyShortAndNaNInputs() {
        #expect(PeakFinder.findPeaks(in: []).count == 0)
        #expect(PeakFinder.findPeaks(in: [1]).count == 0)
        #expect(PeakFinder.findPeaks(in: [0, 1]).count == 0)
        #expect(PeakFinder.findPeaks(in: [0, 1, 0]).indices == [1])
        // NaN: never a peak, and a sample right after a NaN is not one either (NaN < x is false) — scipy gives
        // peaks [3], prominence 2, bases 2/4, width 1, ips 2.5/3.5 for this input.
        let peaks = PeakFinder.findPeaks(
            in: [0, .nan, 0, 2, 0, 1, .nan, 3, 1], criteria: PeakCriteria(prominence: .any, width: .any))
        #expect(peaks.indices == [3])
        #expect(peaks.prominences == [2])
        #expect(peaks.leftBases == [2] && peaks.rightBases == [4])
        #expect(peaks.leftInterpolatedPositions == [2.5] && peaks.rightInterpolatedPositions == [3.5])
    }

    /// scipy's `_peak_prominences` loop, written plainly, as the reference for the chunked walk.
    static func referenceProminences(_ x: [Float], _ peaks: [Int], wlen: Int) -> ([Double], [Int], [Int]) {
        var result: ([Double], [Int], [Int]) = ([], [], [])
        for peak in peaks {
            var iMin = 0
            var iMax = x.count - 1
            if wlen >= 2 {
                iMin = Swift.max(peak - wlen / 2, iMin)
                iMax = Swift.min(peak + wlen / 2, iMax)
            }
            var i = peak
            var leftBase = peak
            var leftMin = x[peak]
            while iMin <= i && x[i] <= x[peak] {
                if x[i] < leftMin { leftMin = x[i]; leftBase = i }
                i -= 1
            }
            i = peak
            var rightBase = peak
            var rightMin = x[peak]
            while i <= iMax && x[i] <= x[peak] {
                if x[i] < rightMin { rightMin = x[i]; rightBase = i }
                i += 1
            }
            result.0.append(Double(x[peak]) - Double(Swift.max(leftMin, rightMin)))
            result.1.append(leftBase)
            result.2.append(rightBase)
        }
        return result
    }

    @Test(arguments: 0..<40)
    func chunkedProminenceWalkEqualsScipysLoop(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let count = Int.random(in: 3...400, using: &generator)
        // Few distinct levels: many ties, plateaus and equal minima; an occasional NaN.
        var x = (0..<count).map { _ in Float(Int.random(in: 0...6, using: &generator)) }
        if seed % 3 == 0 { x[Int.random(in: 0..<count, using: &generator)] = .nan }
        let peaks = Array(0..<count).filter { _ in Bool.random(using: &generator) }
        let wlen = seed % 2 == 0 ? -1 : Int.random(in: 2...60, using: &generator)
        let expected = Self.referenceProminences(x, peaks, wlen: wlen)
        let actual = x.withUnsafeBufferPointer {
            PeakFinder.prominences(of: peaks, in: $0, windowLength: wlen < 0 ? nil : Double(wlen))
        }
        #expect(actual.leftBases == expected.1)
        #expect(actual.rightBases == expected.2)
        #expect(zip(actual.prominences, expected.0).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
    }
}
