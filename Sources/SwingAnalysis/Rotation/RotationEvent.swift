/// A stretch of device motion where |rotation along gravity| stayed above the swing threshold (gaps shorter than
/// the quiet duration bridged): one candidate swing.
struct RotationEvent: Sendable {
    /// Global device-motion index and time of the first above-threshold sample.
    var firstIndex: Int
    var firstTime: Double
    /// Global index and time of the last above-threshold sample.
    var lastIndex: Int
    var lastTime: Double
    /// Largest |rotation along gravity|, rad/s, its index and time.
    var peak: Float
    var peakIndex: Int
    var peakTime: Double
}

/// Finds rotation events sample by sample.
struct RotationEventDetector: Sendable {
    let threshold: Float
    let quietDuration: Double
    let maximumDuration: Double
    private(set) var active: RotationEvent?

    init(configuration: SwingAnalyzerConfiguration) {
        threshold = Float(configuration.swingRotationThreshold)
        quietDuration = configuration.swingQuietDuration
        maximumDuration = configuration.maximumRotationEventDuration
    }

    /// Feeds sample `index`; returns an event that this sample ended.
    mutating func process(index: Int, sample: RotationSample) -> RotationEvent? {
        let magnitude = Swift.abs(sample.alongGravity)
        guard var event = active else {
            if magnitude >= threshold {
                active = RotationEvent(
                    firstIndex: index, firstTime: sample.time, lastIndex: index, lastTime: sample.time,
                    peak: magnitude, peakIndex: index, peakTime: sample.time)
            }
            return nil
        }
        if magnitude >= threshold {
            event.lastIndex = index
            event.lastTime = sample.time
            if magnitude > event.peak {
                event.peak = magnitude
                event.peakIndex = index
                event.peakTime = sample.time
            }
            if sample.time - event.firstTime >= maximumDuration {
                active = nil
                return event
            }
            active = event
            return nil
        }
        if sample.time - event.lastTime >= quietDuration {
            active = nil
            return event
        }
        return nil
    }

    /// Ends the active event (end of data).
    mutating func flush() -> RotationEvent? {
        defer { active = nil }
        return active
    }
}
