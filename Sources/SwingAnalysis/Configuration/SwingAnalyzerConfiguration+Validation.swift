import Foundation

extension SwingAnalyzerConfiguration {
    /// Checks every parameter against its documented range.
    public func validate() throws(SwingAnalyzerConfigurationError) {
        func check(_ ok: Bool, _ name: String, _ value: some CustomStringConvertible, _ expected: String)
            throws(SwingAnalyzerConfigurationError)
        {
            guard ok else {
                throw .outOfRange(parameter: name, value: value.description, expected: expected)
            }
        }
        try check(impactHighPassCutoff > 0 && impactHighPassCutoff < 400, "impactHighPassCutoff",
            impactHighPassCutoff, "0 < Hz < 400")
        try check((2...8).contains(impactHighPassOrder) && impactHighPassOrder % 2 == 0, "impactHighPassOrder",
            impactHighPassOrder, "even, 2...8")
        try check(impactThresholdNoiseMultiple >= 1, "impactThresholdNoiseMultiple", impactThresholdNoiseMultiple, "≥ 1")
        try check(impactMinimumThreshold > 0, "impactMinimumThreshold", impactMinimumThreshold, "> 0 g")
        try check(impactOnsetNoiseMultiple >= 1, "impactOnsetNoiseMultiple", impactOnsetNoiseMultiple, "≥ 1")
        try check((0...1).contains(impactOnsetThresholdFraction), "impactOnsetThresholdFraction",
            impactOnsetThresholdFraction, "0...1")
        try check((0...0.5).contains(impactOnsetPeakFraction), "impactOnsetPeakFraction", impactOnsetPeakFraction,
            "0...0.5")
        try check((0.5...4).contains(impactOnsetExponent), "impactOnsetExponent", impactOnsetExponent, "0.5...4")
        try check((0...0.01).contains(impactOnsetMaximumExtrapolation), "impactOnsetMaximumExtrapolation",
            impactOnsetMaximumExtrapolation, "0...0.01 s")
        try check((0.002...0.2).contains(impactLookahead), "impactLookahead", impactLookahead, "0.002...0.2 s")
        try check(impactRefractoryPeriod >= 0, "impactRefractoryPeriod", impactRefractoryPeriod, "≥ 0 s")
        try check((0.001...0.05).contains(impactOnsetSearchWindow), "impactOnsetSearchWindow",
            impactOnsetSearchWindow, "0.001...0.05 s")
        try check((0.005...0.2).contains(impactSpectrumWindow), "impactSpectrumWindow", impactSpectrumWindow,
            "0.005...0.2 s")
        try check(impactBandLower >= 0 && impactBandUpper > impactBandLower, "impactBandLower/impactBandUpper",
            "\(impactBandLower)/\(impactBandUpper)", "0 ≤ lower < upper Hz")
        try check((32...4096).contains(noiseFloorBlockSamples), "noiseFloorBlockSamples", noiseFloorBlockSamples,
            "32...4096")
        try check((1...64).contains(noiseFloorBlockCount), "noiseFloorBlockCount", noiseFloorBlockCount, "1...64")
        try check(initialNoiseFloor > 0, "initialNoiseFloor", initialNoiseFloor, "> 0 g")
        try check(saturationLevel > 1, "saturationLevel", saturationLevel, "> 1 g")
        try check((0...0.1).contains(saturationRecoveryTime), "saturationRecoveryTime", saturationRecoveryTime,
            "0...0.1 s")
        try check(swingRotationThreshold > 0, "swingRotationThreshold", swingRotationThreshold, "> 0 rad/s")
        try check(swingQuietDuration > 0, "swingQuietDuration", swingQuietDuration, "> 0 s")
        try check(minimumPeakRotationRate >= swingRotationThreshold, "minimumPeakRotationRate",
            minimumPeakRotationRate, "≥ swingRotationThreshold (\(swingRotationThreshold)) rad/s")
        try check(minimumAccumulatedRotation >= 0, "minimumAccumulatedRotation", minimumAccumulatedRotation, "≥ 0 rad")
        try check(maximumSwingDuration > 0, "maximumSwingDuration", maximumSwingDuration, "> 0 s")
        try check(maximumRotationEventDuration > 0, "maximumRotationEventDuration", maximumRotationEventDuration,
            "> 0 s")
        try check(onsetWalkThreshold > 0, "onsetWalkThreshold", onsetWalkThreshold, "> 0 rad/s")
        try check(fallbackOnsetWalkThreshold >= onsetWalkThreshold, "fallbackOnsetWalkThreshold",
            fallbackOnsetWalkThreshold, "≥ onsetWalkThreshold (\(onsetWalkThreshold)) rad/s")
        try check(onsetConsistentFailureDuration >= 0, "onsetConsistentFailureDuration",
            onsetConsistentFailureDuration, "≥ 0 s")
        try check(onsetFitBaselineWindow > 0, "onsetFitBaselineWindow", onsetFitBaselineWindow, "> 0 s")
        try check((0.05...0.9).contains(onsetFitUpperFraction), "onsetFitUpperFraction", onsetFitUpperFraction,
            "0.05...0.9")
        try check(impactMatchBefore >= 0, "impactMatchBefore", impactMatchBefore, "≥ 0 s")
        try check((0...1).contains(impactMinimumRotationFraction), "impactMinimumRotationFraction",
            impactMinimumRotationFraction, "0...1")
        try check(impactMatchAfter >= 0, "impactMatchAfter", impactMatchAfter, "≥ 0 s")
        try check(maximumStreamLag >= 1 && maximumStreamLag <= 60, "maximumStreamLag", maximumStreamLag, "1...60 s")
        try check(maximumAccelerometerRate > 0 && maximumAccelerometerRate <= 10_000, "maximumAccelerometerRate",
            maximumAccelerometerRate, "0 < Hz ≤ 10000")
        try check(maximumDeviceMotionRate > 0 && maximumDeviceMotionRate <= 2_000, "maximumDeviceMotionRate",
            maximumDeviceMotionRate, "0 < Hz ≤ 2000")
    }

    /// Loads a configuration from a JSON file.
    ///
    /// The file is an object whose keys are property names of this type. `"preset"` (optional, one of
    /// ``presetNames``, default `"baseball"`) names the preset that supplies every key the file leaves out, e.g.
    /// `{"preset": "tennis", "impactMinimumThreshold": 1.5}`. The result is validated.
    public init(contentsOf url: URL) throws(SwingAnalyzerConfigurationError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw SwingAnalyzerConfigurationError.invalidJSON(path: url.path, reason: "top level is not an object")
            }
            object = parsed
        } catch let error as SwingAnalyzerConfigurationError {
            throw error
        } catch {
            throw .invalidJSON(path: url.path, reason: "not JSON (\(error.localizedDescription))")
        }
        let presetName = (object["preset"] as? String) ?? "baseball"
        guard let preset = Self.preset(named: presetName) else {
            throw .unknownPreset(path: url.path, name: presetName)
        }
        // Overlay the file's keys on the preset's encoding, then decode: unknown keys are rejected by name.
        var merged: [String: Any]
        do {
            merged = try JSONSerialization.jsonObject(with: JSONEncoder().encode(preset)) as? [String: Any] ?? [:]
        } catch {
            throw .invalidJSON(path: url.path, reason: "internal encoding failed")
        }
        for (key, value) in object where key != "preset" {
            guard merged[key] != nil else {
                throw .invalidJSON(path: url.path, reason: "unknown key \"\(key)\"")
            }
            merged[key] = value
        }
        do {
            let mergedData = try JSONSerialization.data(withJSONObject: merged)
            self = try JSONDecoder().decode(SwingAnalyzerConfiguration.self, from: mergedData)
        } catch let DecodingError.typeMismatch(_, context) {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw .invalidJSON(path: url.path, reason: "\"\(key)\" has the wrong type (\(context.debugDescription))")
        } catch {
            throw .invalidJSON(path: url.path, reason: "\(error)")
        }
        do { try validate() } catch {
            throw .invalidJSON(path: url.path, reason: error.description)
        }
    }
}
