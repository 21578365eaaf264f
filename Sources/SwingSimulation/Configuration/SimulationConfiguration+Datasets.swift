extension SimulationConfiguration {
    /// The configuration of `Datasets/sample`: a baseball session of about 45 s with 5 hits, a foul tip,
    /// 2 misses, a practice swing, a burst of claps and an arm raise (left wrist, crown right, right-handed
    /// batter, unclipped, 798.7 Hz / 199.7 Hz with drift and jitter).
    public static let datasetSample = baseball(
        seed: 2026,
        mix: EventMix(
            hits: 5, foulTips: 1, misses: 2, practiceSwings: 1, clapBursts: 1, tapBursts: 0, walkingBouts: 0,
            armRaises: 1))
}
