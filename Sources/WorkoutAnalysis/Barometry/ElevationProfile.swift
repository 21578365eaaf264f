import Foundation

/// Elevation gain and loss and floors from the 1 Hz pressure track, once the activity segments are known.
///
/// 1. **Altitude.** Each second's pressure becomes a relative altitude with the international barometric formula
///    (``BarometricFormula``), from the first second out of water, scaled to the air temperature when known.
///    Seconds under water, and ``BarometryConfiguration/spikeMedianSeconds`` on each side of a submersion, are left
///    out (a metre of water reads as 800 m of air).
/// 2. **Smoothing and rate.** A centred mean of ``BarometryConfiguration/smoothingSeconds`` smooths the altitude;
///    a centred least-squares line over ``BarometryConfiguration/rateWindowSeconds`` gives the vertical rate, m/s.
/// 3. **Drift.** A second's altitude change is the wearer's when the rate is at least
///    ``BarometryConfiguration/verticalRate`` (at least ``BarometryConfiguration/stationaryVerticalRate`` inside a
///    stationary segment: only a lift moves a still wearer); otherwise it is weather and is left out.
///    The weather's recent rate (its change over the drift seconds, fading over
///    ``BarometryConfiguration/weatherMemory``) is also taken out of the wearer's changes.
/// 4. **Counting.** The wearer's changes go to the gain/loss counter (``ElevationHysteresis``), and those made
///    inside walking or running segments to the floor counter (``FloorCounter``). When the motion could not be
///    classified (`floorsNeedGait` false: a recording without motion) every change of the wearer's counts floors.
///
/// Each count is credited to the segment holding the second it is made in. The result depends only on the track and
/// the segments, which are both independent of how the recording was cut into batches.
public enum ElevationProfile {
    public static func summarize(
        _ output: BarometryOutput, segments segmentList: [ActivitySegment], floorsNeedGait: Bool = true,
        configuration: BarometryConfiguration = BarometryConfiguration()
    ) -> BarometrySummary {
        var summary = BarometrySummary(submersions: output.submersions)
        summary.segments = Array(repeating: SegmentBarometry(), count: segmentList.count)
        for dive in output.submersions {
            summary.maxDepth = Swift.max(summary.maxDepth ?? 0, dive.maxDepth)
            if let k = segmentIndex(at: dive.maxDepthTime + 0.5, in: segmentList) {
                summary.segments[k].maxDepth = Swift.max(summary.segments[k].maxDepth ?? 0, dive.maxDepth)
            }
        }
        guard let firstSecond = output.track.firstSecond else { return summary }
        let altitude = relativeAltitude(output, configuration: configuration)
        let smooth = centredMean(altitude, half: configuration.smoothingSeconds / 2)
        let rates = centredSlope(altitude, half: configuration.rateWindowSeconds / 2)
        var climbs = ElevationHysteresis(deadBand: configuration.elevationDeadBand)
        var floors = FloorCounter(floorHeight: configuration.floorHeight)
        var previous: Int?
        var segment = 0
        // Weather's altitude change and the seconds it was seen over, fading with weatherMemory.
        var weatherChange = 0.0, weatherTime = 0.0
        // The wearer's altitude so far, m (the sum of the changes put down to the wearer).
        var wearerAltitude = 0.0
        for i in smooth.indices where smooth[i].isFinite {
            defer { previous = i }
            let time = Double(firstSecond + i) + 0.5
            defer { summary.wearerAltitude.append(AltitudePoint(time: time, meters: wearerAltitude)) }
            guard let p = previous else { continue }
            let delta = smooth[i] - smooth[p]
            let rate = rates[i] ?? delta / Double(i - p)
            while segment < segmentList.count && segmentList[segment].end <= time { segment += 1 }
            let inside = segment < segmentList.count && segmentList[segment].start <= time ? segment : nil
            let activity = inside.map { segmentList[$0].activity }
            let threshold = activity == .stationary ? configuration.stationaryVerticalRate : configuration.verticalRate
            let gap = Double(i - p)
            let fade = exp(-gap / configuration.weatherMemory)
            (weatherChange, weatherTime) = (weatherChange * fade, weatherTime * fade)
            guard abs(rate) >= threshold else {
                summary.weatherDrift += delta
                weatherChange += delta
                weatherTime += gap
                continue
            }
            // The weather keeps moving during a climb: take its recent rate out (over a 30-minute climb, 0.1 kPa/h
            // would add 4 m).
            let weather = weatherTime >= Double(configuration.rateWindowSeconds) ? weatherChange / weatherTime * gap : 0
            summary.weatherDrift += weather
            let wearer = delta - weather
            wearerAltitude += wearer
            let (gain, loss) = climbs.add(wearer)
            summary.elevationGain += gain
            summary.elevationLoss += loss
            var (up, down) = (0, 0)
            if !floorsNeedGait || activity == .walking || activity == .running {
                (up, down) = floors.add(wearer)
                summary.floorsAscended += up
                summary.floorsDescended += down
            }
            if let k = inside {
                summary.segments[k].elevationGain += gain
                summary.segments[k].elevationLoss += loss
                summary.segments[k].floorsAscended += up
                summary.segments[k].floorsDescended += down
            }
        }
        return summary
    }

    /// The index of the segment holding time `t`, s.
    static func segmentIndex(at t: Double, in segments: [ActivitySegment]) -> Int? {
        segments.firstIndex { $0.start <= t && t < $0.end } ?? (segments.last.map { t == $0.end } == true
            ? segments.count - 1 : nil)
    }

    /// Relative altitude of each second, m (NaN without a value or near a submersion).
    static func relativeAltitude(_ output: BarometryOutput, configuration: BarometryConfiguration) -> [Double] {
        var pressure = output.track.kilopascals
        let first = output.track.firstSecond ?? 0
        let margin = configuration.spikeMedianSeconds
        for dive in output.submersions {
            let from = Swift.max(0, Int(dive.start) - first - margin)
            let to = Swift.min(pressure.count, Int(dive.end) - first + margin)
            if from < to { for i in from..<to { pressure[i] = .nan } }
        }
        guard let reference = pressure.first(where: { $0.isFinite }) else {
            return Array(repeating: .nan, count: pressure.count)
        }
        let referenceAltitude = BarometricFormula.altitude(pressure: reference)
        var scale = 1.0
        if let celsius = configuration.airTemperatureCelsius {
            scale = (celsius + 273.15) / BarometricFormula.standardTemperature(altitude: referenceAltitude)
        }
        return pressure.map { p in
            p.isFinite ? scale * (BarometricFormula.altitude(pressure: p) - referenceAltitude) : .nan
        }
    }

    /// Mean of the finite values within `half` places either side of each finite value (NaN stays NaN).
    static func centredMean(_ x: [Double], half: Int) -> [Double] {
        var sum = [0.0], count = [0.0]
        sum.reserveCapacity(x.count + 1)
        count.reserveCapacity(x.count + 1)
        for v in x {
            sum.append(sum.last! + (v.isFinite ? v : 0))
            count.append(count.last! + (v.isFinite ? 1 : 0))
        }
        return x.indices.map { i in
            guard x[i].isFinite else { return .nan }
            let lo = Swift.max(0, i - half), hi = Swift.min(x.count, i + half + 1)
            return (sum[hi] - sum[lo]) / (count[hi] - count[lo])
        }
    }

    /// Least-squares slope (per place) of the finite values within `half` places either side of each place; `nil`
    /// where fewer than `half` values are finite.
    static func centredSlope(_ x: [Double], half: Int) -> [Double?] {
        // Prefix sums of 1, i, i², y and i·y over the finite values (i relative to the start: exact in Double).
        var s0 = [0.0], s1 = [0.0], s2 = [0.0], sy = [0.0], siy = [0.0]
        for (i, v) in x.enumerated() {
            let ok = v.isFinite
            let u = Double(i)
            s0.append(s0.last! + (ok ? 1 : 0))
            s1.append(s1.last! + (ok ? u : 0))
            s2.append(s2.last! + (ok ? u * u : 0))
            sy.append(sy.last! + (ok ? v : 0))
            siy.append(siy.last! + (ok ? u * v : 0))
        }
        return x.indices.map { i in
            let lo = Swift.max(0, i - half), hi = Swift.min(x.count, i + half + 1)
            let n = s0[hi] - s0[lo]
            guard n >= Double(Swift.max(2, half)) else { return nil }
            let a = s1[hi] - s1[lo], b = s2[hi] - s2[lo], y = sy[hi] - sy[lo], iy = siy[hi] - siy[lo]
            let denominator = n * b - a * a
            guard denominator > 0 else { return nil }
            return (n * iy - a * y) / denominator
        }
    }
}
