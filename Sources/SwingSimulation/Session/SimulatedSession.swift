import MotionRecording

/// A simulated recording and what really happened in it.
public struct SimulatedSession: Sendable {
    /// Both streams with the watch's batch boundaries and metadata (`sourceFormat` "simulated").
    public var recording: Recording
    /// The true swings and distractors.
    public var truth: GroundTruth

    public init(recording: Recording, truth: GroundTruth) {
        self.recording = recording
        self.truth = truth
    }

    /// Simulates `configuration` (deterministic for its seed).
    public init(configuration: SimulationConfiguration) {
        self = SwingSimulator.simulate(configuration)
    }
}
