import Testing

@testable import MotionRecording

/// The power of ten a spreadsheet rounded timestamps to, against the spacing their samples need.
@Suite struct TimestampResolutionTests {
    func resolution(_ times: [Double]) -> TimestampResolution { TimestampResolution(count: times.count) { times[$0] } }

    @Test func roundedTimesShowTheirStep() {
        // 800 Hz since boot shown as 5.63E+04 s (3 significant digits), 56257.44 s, 1.70004E+12 ms.
        let since = (0..<48_000).map { 56_257.442_418_963_61 + Double($0) / 800 }
        #expect(resolution(since.map { ($0 / 100).rounded() * 100 }).step == 100)
        #expect(resolution(since.map { ($0 * 100).rounded() / 100 }).step == 0.01)
        #expect(resolution(since.map { (($0 + 1_700_000_000) * 1e3 / 1e7).rounded() * 1e7 }).step == 1e7)
        // Full precision: no power of ten down to 1e-5 s (where 56257 s hold 1e10 of it).
        let clean = resolution(since)
        #expect(clean.step == nil && !clean.isCoarse)
        #expect(abs(clean.spacing - 1.0 / 800) < 1e-12 && clean.needed == 0.0001)
        // Epoch seconds to 10 µs (15 significant digits): finer than a double tells at 1.7e9 s, and fine for 1.25 ms
        // spacings.
        let epoch = since.map { (($0 + 1_700_000_000) * 1e5).rounded() / 1e5 }
        #expect(resolution(epoch).step == nil && !resolution(epoch).isCoarse)
    }

    @Test func theTextSaysWhatTheTimesAreAndWhatTheyNeed() {
        let times = (0..<800).map { 1000 + Double($0 / 80) / 10 }
        let rounded = resolution(times)
        #expect(rounded.isCoarse && rounded.step == 0.1)
        #expect(rounded.text
            == "the timestamps are multiples of 0.1 s while the 800 samples span 0.9 s (one every 0.00113 s, ≈ 887.8 Hz), which needs 0.0001 s or finer")
        #expect(resolution([5, 5, 5]).text == "all 3 samples have one and the same timestamp")
        #expect(resolution([5, 5, 5]).step == 1 && resolution([5, 5, 5]).isCoarse)
        #expect(resolution([0, 1.5, 3]).step == 0.1 && !resolution([0, 1.5, 3]).isCoarse)
    }
}
