import MotionRecording
import SwingAnalysis
import SwingSimulation
import Testing
import _TestSupport

/// Property: any cutting of the same samples into batches, and any interleaving of the two streams (within the
/// configured lag), gives `==` output.
@Suite struct SwingAnalyzerBatchInvarianceTests {
    static let builder = TestRecordingBuilder.standard(seed: 7)
    static let recording = builder.make()

    /// Cut points of one stream: ragged sizes (1-sample and empty batches included) plus cuts a few samples around
    /// each given time.
    static func cuts(
        timestamps: [Double], around times: [Double], random: inout SplitMix64, maxChunk: Int
    ) -> [Range<Int>] {
        var ends = Set<Int>()
        var position = 0
        while position < timestamps.count {
            position += Int.random(in: 0...maxChunk, using: &random)  // 0: an empty batch
            ends.insert(Swift.min(position, timestamps.count))
        }
        for time in times {
            guard let index = timestamps.firstIndex(where: { $0 >= time }) else { continue }
            for offset in -3...3 where index + offset > 0 && index + offset < timestamps.count {
                if Bool.random(using: &random) { ends.insert(index + offset) }
            }
        }
        ends.insert(timestamps.count)
        var ranges: [Range<Int>] = []
        var start = 0
        for end in ends.sorted() {
            ranges.append(start..<end)
            if Int.random(in: 0..<10, using: &random) == 0 { ranges.append(end..<end) }
            start = end
        }
        return ranges
    }

    /// Analyses the device motion `data` alone (streams `[.deviceMotion]`), fed in ragged random batches of
    /// 1...`maxChunk` samples drawn from `seed`.
    static func analyzeDeviceMotionRebatched(
        _ data: DeviceMotionData, configuration: SwingAnalyzerConfiguration, seed: UInt64, maxChunk: Int
    ) -> SwingAnalysisResult {
        var random = SplitMix64(seed: seed)
        var analyzer = SwingAnalyzer(configuration: configuration, streams: [.deviceMotion])
        var output = SwingAnalysisResult()
        var start = 0
        for size in random.chunkSizes(total: data.count, maxChunk: maxChunk) {
            analyzer.feed(deviceMotion: data, range: start..<(start + size), into: &output)
            start += size
        }
        analyzer.finish(into: &output)
        return output
    }

    /// Feeds `recording` in random batches with a random interleaving (neither stream more than `lead` s ahead).
    static func analyzeRebatched(
        _ recording: Recording, seed: UInt64, maxChunk: Int, lead: Double,
        configuration: SwingAnalyzerConfiguration = .baseball
    ) -> SwingAnalysisResult {
        var random = SplitMix64(seed: seed)
        let acc = recording.accelerometer!
        let dm = recording.deviceMotion!
        let impactTimes = builder.impactTimes.map { $0 + 100 }
        let accBatches = cuts(timestamps: acc.timestamps, around: impactTimes, random: &random, maxChunk: maxChunk * 4)
        let dmBatches = cuts(timestamps: dm.timestamps, around: impactTimes, random: &random, maxChunk: maxChunk)
        var analyzer = SwingAnalyzer(configuration: configuration)
        var output = SwingAnalysisResult()
        var (i, j) = (0, 0)
        func endTime(_ timestamps: [Double], _ range: Range<Int>) -> Double {
            range.isEmpty ? (range.lowerBound > 0 ? timestamps[range.lowerBound - 1] : -.infinity) : timestamps[range.upperBound - 1]
        }
        while i < accBatches.count || j < dmBatches.count {
            let accEnd = i < accBatches.count ? endTime(acc.timestamps, accBatches[i]) : .infinity
            let dmEnd = j < dmBatches.count ? endTime(dm.timestamps, dmBatches[j]) : .infinity
            var takeAccelerometer = Bool.random(using: &random)
            if accEnd - dmEnd > lead { takeAccelerometer = false }
            if dmEnd - accEnd > lead { takeAccelerometer = true }
            if i >= accBatches.count { takeAccelerometer = false }
            if j >= dmBatches.count { takeAccelerometer = true }
            if takeAccelerometer {
                analyzer.feed(accelerometer: acc[accBatches[i]], into: &output)
                i += 1
            } else {
                analyzer.feed(deviceMotion: dm[dmBatches[j]], into: &output)
                j += 1
            }
        }
        analyzer.finish(into: &output)
        return output
    }

    @Test(arguments: [(1 as UInt64, 200), (2, 1), (3, 50), (4, 400)])
    func rebatchingGivesIdenticalOutput(seed: UInt64, maxChunk: Int) {
        let reference = SwingAnalyzer.analyze(Self.recording)
        #expect(reference.swings.count == 4)
        let output = Self.analyzeRebatched(Self.recording, seed: seed, maxChunk: maxChunk, lead: 2.5)
        #expect(output.swings == reference.swings)
        #expect(output.unmatchedImpacts == reference.unmatchedImpacts)
    }

    @Test func oneSampleBatchesOfOneStreamAtATime() {
        // Everything of one stream up to 2 s ahead of the other, one sample per batch.
        let reference = SwingAnalyzer.analyze(Self.recording)
        let output = Self.analyzeRebatched(Self.recording, seed: 99, maxChunk: 1, lead: 2)
        #expect(output.swings == reference.swings)
    }

    /// The accelerometer may lead by any amount: its impacts wait (up to 256) until device motion arrives, and each
    /// event is decided once both streams have passed it — the whole accelerometer first gives the same swings.
    @Test func wholeAccelerometerFirstGivesIdenticalOutput() {
        let reference = SwingAnalyzer.analyze(Self.recording)
        var analyzer = SwingAnalyzer(configuration: .baseball)
        var output = SwingAnalysisResult()
        analyzer.feed(accelerometer: Self.recording.accelerometer!, into: &output)
        #expect(output.swings.isEmpty, "nothing can be decided before device motion")
        analyzer.feed(deviceMotion: Self.recording.deviceMotion!, into: &output)
        analyzer.finish(into: &output)
        #expect(output.swings == reference.swings)
        #expect(output.unmatchedImpacts == reference.unmatchedImpacts)
    }

    /// Impacts that saturate the accelerometer (flat tops at the configured saturation level) take the impact
    /// detector's per-sample clip path, quiet stretches its bulk path; where the samples are cut decides which
    /// samples go which way, so identical output under rebatching also checks that the two paths agree.
    @Test(arguments: [(11 as UInt64, 1), (12, 50), (13, 400)])
    func saturatedImpactsRebatchingGivesIdenticalOutput(seed: UInt64, maxChunk: Int) throws {
        let level = SwingAnalyzerConfiguration.baseball.saturationLevel
        let recording = Self.builder.clipping(at: level).make()
        let z = try #require(recording.accelerometer).z
        let flatTops = (1..<z.count).filter { Double(Swift.abs(z[$0])) >= level && z[$0] == z[$0 - 1] }.count
        #expect(flatTops >= 10, "the recording must clip for this test to mean anything")
        let reference = SwingAnalyzer.analyze(recording)
        #expect(reference.swings.count == 4)
        #expect(reference.swings.map(\.contact) == [true, false, true, true])
        let output = Self.analyzeRebatched(recording, seed: seed, maxChunk: maxChunk, lead: 2.5)
        #expect(output.swings == reference.swings)
        #expect(output.unmatchedImpacts == reference.unmatchedImpacts)
    }

    /// The |rotation rate| fallback (``SwingAnalyzerConfiguration/fallbackOnsetWalkThreshold``): with the
    /// accelerometer (rotation without gravity) and without it (rotation only).
    @Test(arguments: [(5 as UInt64, 1), (6, 60), (7, 400)])
    func rotationWithoutGravityRebatchingGivesIdenticalOutput(seed: UInt64, maxChunk: Int) {
        let recording = Self.builder.make(gravityColumns: false)
        let reference = SwingAnalyzer.analyze(recording)
        #expect(reference.dataCase == .rotationWithoutGravity)
        #expect(reference.swings.count == 4)
        let output = Self.analyzeRebatched(recording, seed: seed, maxChunk: maxChunk, lead: 2.5)
        #expect(output.swings == reference.swings)
        #expect(output.unmatchedImpacts == reference.unmatchedImpacts)

        let rotationOnly = Self.builder.make(accelerometer: false, gravityColumns: false)
        let rotationOnlyReference = SwingAnalyzer.analyze(rotationOnly, configuration: .tennis)
        #expect(rotationOnlyReference.dataCase == .rotationOnly)
        #expect(rotationOnlyReference.swings.count == 4)
        let rotationOnlyOutput = Self.analyzeDeviceMotionRebatched(
            rotationOnly.deviceMotion!, configuration: .tennis, seed: seed, maxChunk: maxChunk)
        #expect(rotationOnlyOutput.swings == rotationOnlyReference.swings)
    }
}

/// The same property on a simulated session with dropped batches (gaps of about a second in one stream), fed as
/// the watch delivered it versus in ragged random batches.
@Suite struct SwingAnalyzerGapInvarianceTests {
    @Test func simulatedSessionWithGapsIsBatchInvariant() {
        var configuration = SimulationConfiguration.baseball(seed: 31, mix: .proportional(swings: 10))
        configuration.sensors.droppedBatchProbability = 0.1
        let session = SwingSimulator.simulate(configuration)
        let reference = SwingAnalyzer.analyze(session.recording)
        #expect(reference.dataCase == .full)
        #expect(reference.swings.count >= 5)
        let output = analyzeInRaggedBatches(
            session.recording, configuration: .baseball, seed: 5, maxAccelerometerPiece: 1200, maxDeviceMotionPiece: 300)
        #expect(output.swings == reference.swings)
        #expect(output.unmatchedImpacts == reference.unmatchedImpacts)
    }
}
