/// Hygiene checks particular to barometric pressure (kPa expected; see ``HygieneChecker``).
enum PressureChecks {
    /// A jump that is a spike when it comes and goes within a second, kPa: 5 kPa is ~420 m of altitude near sea
    /// level. Out of water nothing a person does moves pressure that fast (an express lift: ~10 m/s, 0.12 kPa/s;
    /// weather: ~0.1 kPa an hour); under water 5 kPa is only half a metre, which a swimmer's wrist moves in a stroke.
    static let spikeKilopascals: Float = 5
    /// Pressure below which a sample is out of water (or within ~0.7 m of the surface), kPa: above the highest
    /// surface pressure on land (~107 kPa at the Dead Sea shore).
    static let outOfWaterKilopascals: Float = 108

    /// The unit `values` are in when not kPa, judged on their 5th percentile (robust to a few spikes or zeros):
    /// 250–2000 is hPa (mbar: 1013 at sea level, ~330 on Everest), 25 000–200 000 is Pa. A 5th percentile of
    /// 25–250 is kPa: from Everest's summit to 15 m of water — a dive recording starts and ends at the surface, so
    /// its low percentile stays near 101 kPa. Returns the unit, the divisor to kPa and the percentile.
    static func unit(_ values: [Float]) -> (unit: String, divisor: Float, typical: Float)? {
        let finite = values.filter(\.isFinite).sorted()
        guard !finite.isEmpty else { return nil }
        let typical = finite[finite.count / 20]
        if (250..<2000).contains(typical) { return ("hPa (mbar)", 10, typical) }
        if (25_000..<200_000).contains(typical) { return ("Pa", 1000, typical) }
        return nil
    }

    /// Indices of isolated spikes in `pressure` (kPa, at `timestamps` in s, sorted): samples that differ from
    /// both neighbours by more than ``spikeKilopascals`` per second of spacing (at least 5 kPa), in the same
    /// direction, while the neighbours agree within that bound and are out of water (below
    /// ``outOfWaterKilopascals``). A lasting step is not a spike and is kept.
    static func spikes(_ timestamps: [Double], _ pressure: [Float]) -> [Int] {
        guard pressure.count >= 3 else { return [] }
        func bound(_ seconds: Double) -> Float { spikeKilopascals * Float(max(1, seconds)) }
        var result: [Int] = []
        for index in 1..<(pressure.count - 1) {
            let (before, value, after) = (pressure[index - 1], pressure[index], pressure[index + 1])
            guard before < outOfWaterKilopascals, after < outOfWaterKilopascals else { continue }
            let rise = value - before
            let fall = value - after
            guard abs(rise) > bound(timestamps[index] - timestamps[index - 1]),
                abs(fall) > bound(timestamps[index + 1] - timestamps[index]), (rise > 0) == (fall > 0),
                abs(after - before) <= bound(timestamps[index + 1] - timestamps[index - 1])
            else { continue }
            result.append(index)
        }
        return result
    }
}
