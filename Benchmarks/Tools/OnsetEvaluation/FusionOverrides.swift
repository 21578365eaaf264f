// `--fusion key=value,...`: the raw-IMU match with SensorFusionConfiguration values other than the defaults, for
// trying a parameter on every sport and seed in one run. Angular values are given in °/s, times in s, accelerations
// in g, flags as 0 or 1, as the parameter table of docs/sensor-fusion.md lists them.
import SensorFusion

struct FusionOverrideError: Error, CustomStringConvertible {
    var description: String
}

func fusionOverrides(_ text: String) throws -> SensorFusionConfiguration {
    var configuration = SensorFusionConfiguration()
    let degrees: [String: WritableKeyPath<SensorFusionConfiguration, Double>] = [
        "biasLimit": \.biasLimit, "biasSigmaInitial": \.biasSigmaInitial, "biasSigmaMotion": \.biasSigmaMotion,
        "biasSigmaRest": \.biasSigmaRest, "biasMeasurementLimit": \.biasMeasurementLimit,
        "restRotationThreshold": \.restRotationThreshold,
    ]
    let plain: [String: WritableKeyPath<SensorFusionConfiguration, Double>] = [
        "accelerometerTimeConstant": \.accelerometerTimeConstant, "biasForgettingTime": \.biasForgettingTime,
        "biasVerticalForgettingFactor": \.biasVerticalForgettingFactor, "restTimeConstant": \.restTimeConstant,
        "restAccelerationThreshold": \.restAccelerationThreshold, "restMinimumDuration": \.restMinimumDuration,
        "accelerationRejection": \.accelerationRejection, "rejectionHoldTime": \.rejectionHoldTime,
    ]
    let flags: [String: WritableKeyPath<SensorFusionConfiguration, Bool>] = [
        "restBiasEstimation": \.restBiasEstimation, "motionBiasEstimation": \.motionBiasEstimation,
        "clippingRejection": \.clippingRejection,
    ]
    for pair in text.split(separator: ",") {
        let parts = pair.split(separator: "=")
        guard parts.count == 2, let value = Double(parts[1]) else {
            throw FusionOverrideError(description: "--fusion: '\(pair)' is not key=value")
        }
        let key = String(parts[0])
        if let path = degrees[key] {
            configuration[keyPath: path] = value * .pi / 180
        } else if let path = plain[key] {
            configuration[keyPath: path] = value
        } else if let path = flags[key] {
            configuration[keyPath: path] = value != 0
        } else {
            throw FusionOverrideError(description: "--fusion: unknown parameter '\(key)'")
        }
    }
    try configuration.validate()
    return configuration
}
