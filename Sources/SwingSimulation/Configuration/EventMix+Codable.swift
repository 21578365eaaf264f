extension EventMix {
    private enum CodingKeys: String, CodingKey {
        case hits, foulTips, misses, practiceSwings, clapBursts, tapBursts, walkingBouts, armRaises
    }

    /// Decodes a mix; a missing kind counts 0, so `{"hits": 10}` is ten hits and nothing else.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func count(_ key: CodingKeys) throws -> Int { try c.decodeIfPresent(Int.self, forKey: key) ?? 0 }
        self.init(
            hits: try count(.hits), foulTips: try count(.foulTips), misses: try count(.misses),
            practiceSwings: try count(.practiceSwings), clapBursts: try count(.clapBursts),
            tapBursts: try count(.tapBursts), walkingBouts: try count(.walkingBouts), armRaises: try count(.armRaises))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(hits, forKey: .hits)
        try c.encode(foulTips, forKey: .foulTips)
        try c.encode(misses, forKey: .misses)
        try c.encode(practiceSwings, forKey: .practiceSwings)
        try c.encode(clapBursts, forKey: .clapBursts)
        try c.encode(tapBursts, forKey: .tapBursts)
        try c.encode(walkingBouts, forKey: .walkingBouts)
        try c.encode(armRaises, forKey: .armRaises)
    }
}
