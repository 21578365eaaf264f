import Foundation
import MotionRecording
import SwingAnalysis
import WorkoutAnalysis

extension RecordingAnalysisJob {
    /// Opens the recording at `url` and analyses its workout and swings in one pass over its batches (the swing
    /// configuration as for `analyze`); never throws: a failure becomes the result's `error`.
    /// - Parameter stepLength: distance per step, m (`nil`: no distance).
    func workout(_ url: URL, stepLength: Double?, timings: AnalysisTimings? = nil) -> RecordingWorkout {
        let opened = AnalysisTimings.measure(timings, .open) {
            Result { () throws(RecordingError) in try RecordingSource.open(url, format: format) }
        }
        switch opened {
        case .failure(let error):
            return RecordingWorkout(recording: url.relativePath, error: "\(error)")
        case .success(let source):
            return AnalysisTimings.measure(timings, .compute) {
                workout(source, path: url.relativePath, stepLength: stepLength)
            }
        }
    }

    /// Analyses an opened recording's workout and swings (a native file streams from its memory map), fused first
    /// as for `analyze` when it has a raw gyroscope and no device motion of its own.
    func workout(_ opened: RecordingSource, path: String, stepLength: Double?) -> RecordingWorkout {
        let source: RecordingSource
        do { source = try analysisSource(opened).source } catch {
            return RecordingWorkout(recording: path, error: "\(error)")
        }
        let result = WorkoutAnalyzer.analyzeWithSwings(
            source, swingConfiguration: configuration(for: source.metadata), stepLength: stepLength)
        // Impacts where device motion has no samples, listed as `analyze` lists them (not dropped unsaid).
        let uncovered = UncoveredImpacts.finding(
            result.swings.unmatchedImpacts, deviceMotion: UncoveredImpacts.deviceMotionSummary(source))
        return RecordingWorkout(
            recording: path, result: result,
            hygiene: source.hygiene.findings + [uncovered, unknownSportFinding(source.metadata)].compactMap { $0 })
    }
}

extension RecordingAnalysisJob {
    /// The analysis row of a recording and its HTML report's session-timeline section, from one pass over its
    /// batches (the swings and the workout fed together): the row is ``analyze(_:path:)-(AnalysisSource,_)``'s,
    /// the section ``timelineSection(_:)-(RecordingSource)``'s.
    func analyzeWithTimeline(_ prepared: AnalysisSource, path: String) -> (analysis: RecordingAnalysis, timeline: String) {
        let both = workoutWithWindows(prepared.source)
        return (analysis(of: both, source: prepared.source, path: path), timelineSection(both, of: prepared.source))
    }

    /// The HTML report's session-timeline section of a recording (the workout analysed streaming over its batches
    /// with every window recorded, for the per-second cadence; a mapped recording stays mapped), followed by the
    /// altitude section when the recording has pressure (a slower stream, held in memory).
    func timelineSection(_ source: RecordingSource) -> String {
        timelineSection(workoutWithWindows(source), of: source)
    }

    /// ``timelineSection(_:)-(RecordingSource)`` of a recording in memory.
    func timelineSection(_ recording: Recording) -> String {
        timelineSection(RecordingSource(recording))
    }

    /// The workout and swings of `source` with every window recorded (the timeline's cadence row).
    private func workoutWithWindows(_ source: RecordingSource) -> WorkoutAndSwings {
        var configuration = WorkoutAnalyzerConfiguration()
        configuration.recordsWindows = true
        return WorkoutAnalyzer.analyzeWithSwings(
            source, swingConfiguration: self.configuration(for: source.metadata), configuration: configuration)
    }

    /// The session-timeline section of `result`, the workout of `source`.
    private func timelineSection(_ result: WorkoutAndSwings, of source: RecordingSource) -> String {
        // The analysis's clock starts at its first sample, which is the first segment's start.
        let firstSample = [SensorStream.accelerometer, .deviceMotion]
            .compactMap { source.sampleCount($0) > 0 ? source.timestamp($0, at: 0) : nil }.min() ?? 0
        let timeline = SessionTimeline(result: result, start: result.summary.segments.first?.start ?? firstSample)
        let summary = result.summary
        var html = timeline.section(steps: summary.steps, cadence: summary.cadence, distance: summary.distance)
        if let barometry = summary.barometry, let pressure = source.slowerStreams.pressure, !pressure.isEmpty {
            html += AltitudeProfile(pressure: pressure, barometry: barometry, start: timeline.start, end: timeline.end)
                .section()
        }
        return html
    }
}
