import Foundation
import MotionRecording
import SensorFusion
import SwingAnalysis
import SwingSimulation
import Testing

/// The streaming path a watch or phone app would run: each raw batch into the fusion filter, the accelerometer
/// batch and the fused device motion into the swing analyzer. The swings equal the whole-recording analysis of the
/// fused recording, bit for bit, for any split of the two streams into batches.
@Suite struct StreamingFusedAnalysisTests {
    static func streamed(_ recording: Recording, sport: Sport, seed: UInt64) throws -> [Swing] {
        let accelerometer = recording.accelerometer!
        let gyroscope = recording.gyroscope!
        var random = SimulationRandom(seed: seed)
        var fusion = try SensorFusionFilter()
        var analyzer = SwingAnalyzer(configuration: .preset(for: sport))
        var result = SwingAnalysisResult()
        var fused = DeviceMotionData()
        var a = 0
        var g = 0
        // Batches of 0.2–1.5 s of each stream, the stream whose next batch ends first delivered first.
        while a < accelerometer.count || g < gyroscope.count {
            let aEnd = min(accelerometer.count, a + Int(random.uniform(0.2...1.5) * 800))
            let gEnd = min(gyroscope.count, g + Int(random.uniform(0.2...1.5) * 200))
            let aLast = a < accelerometer.count ? accelerometer.timestamps[aEnd - 1] : .infinity
            let gLast = g < gyroscope.count ? gyroscope.timestamps[gEnd - 1] : .infinity
            fused.removeAll()
            if aLast <= gLast {
                let batch = accelerometer[a..<aEnd]
                fusion.append(accelerometer: batch, into: &fused)
                batch.withColumns(0..<batch.count) { analyzer.feed(accelerometer: $0, into: &result) }
                a = aEnd
            } else {
                fusion.append(gyroscope: gyroscope[g..<gEnd], into: &fused)
                g = gEnd
            }
            if !fused.isEmpty {
                fused.withRotationColumns(0..<fused.count) { analyzer.feed(deviceMotion: $0, into: &result) }
            }
        }
        fused.removeAll()
        fusion.finish(into: &fused)
        if !fused.isEmpty { fused.withRotationColumns(0..<fused.count) { analyzer.feed(deviceMotion: $0, into: &result) } }
        analyzer.finish(into: &result)
        return result.swings
    }

    @Test func streamingEqualsWholeRecordingForAnySplit() throws {
        let session = SwingSimulator.simulate(.preset(.baseball, seed: 21))
        let raw = RawGyroscopeModel().rawIMURecording(for: session)
        let whole = SwingAnalyzer.analyze(try raw.fusingDeviceMotion(), configuration: .preset(for: .baseball)).swings
        #expect(whole.count >= 5)
        for seed: UInt64 in [1, 2] {
            #expect(try Self.streamed(raw, sport: .baseball, seed: seed) == whole)
        }
    }
}
