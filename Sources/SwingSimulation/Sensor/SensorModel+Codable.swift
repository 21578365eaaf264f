extension SensorModel {
    private enum CodingKeys: String, CodingKey {
        case accelerometerRate, deviceMotionRate, accelerometerSpacingPattern, deviceMotionSpacingPattern, rateDrift
        case timestampJitter, accelerometerNoise, accelerometerTremor, rotationTremor, accelerometerBias
        case accelerometerRange, accelerometerResolution, gyroscopeNoise, gyroscopeBias, gyroscopeRange
        case userAccelerationNoise, batchDuration, shortBatchProbability, shortBatchDuration, droppedBatchProbability
    }

    /// Decodes a sensor model; every missing key takes its default, so `{"accelerometerRange": 16}` is a valid
    /// file and older files stay readable. (`null` for a range or resolution means "none".)
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = SensorModel()
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try c.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        func optional(_ key: CodingKeys, _ fallback: Double?) throws -> Double? {
            c.contains(key) ? try c.decodeIfPresent(Double.self, forKey: key) : fallback
        }
        self.init(
            accelerometerRate: try value(.accelerometerRate, d.accelerometerRate),
            deviceMotionRate: try value(.deviceMotionRate, d.deviceMotionRate),
            accelerometerSpacingPattern: try value(.accelerometerSpacingPattern, d.accelerometerSpacingPattern),
            deviceMotionSpacingPattern: try value(.deviceMotionSpacingPattern, d.deviceMotionSpacingPattern),
            rateDrift: try value(.rateDrift, d.rateDrift),
            timestampJitter: try value(.timestampJitter, d.timestampJitter),
            accelerometerNoise: try value(.accelerometerNoise, d.accelerometerNoise),
            accelerometerTremor: try value(.accelerometerTremor, d.accelerometerTremor),
            rotationTremor: try value(.rotationTremor, d.rotationTremor),
            accelerometerBias: try value(.accelerometerBias, d.accelerometerBias),
            accelerometerRange: try optional(.accelerometerRange, d.accelerometerRange),
            accelerometerResolution: try optional(.accelerometerResolution, d.accelerometerResolution),
            gyroscopeNoise: try value(.gyroscopeNoise, d.gyroscopeNoise),
            gyroscopeBias: try value(.gyroscopeBias, d.gyroscopeBias),
            gyroscopeRange: try optional(.gyroscopeRange, d.gyroscopeRange),
            userAccelerationNoise: try value(.userAccelerationNoise, d.userAccelerationNoise),
            batchDuration: try value(.batchDuration, d.batchDuration),
            shortBatchProbability: try value(.shortBatchProbability, d.shortBatchProbability),
            shortBatchDuration: try value(.shortBatchDuration, d.shortBatchDuration),
            droppedBatchProbability: try value(.droppedBatchProbability, d.droppedBatchProbability))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(accelerometerRate, forKey: .accelerometerRate)
        try c.encode(deviceMotionRate, forKey: .deviceMotionRate)
        try c.encode(accelerometerSpacingPattern, forKey: .accelerometerSpacingPattern)
        try c.encode(deviceMotionSpacingPattern, forKey: .deviceMotionSpacingPattern)
        try c.encode(rateDrift, forKey: .rateDrift)
        try c.encode(timestampJitter, forKey: .timestampJitter)
        try c.encode(accelerometerNoise, forKey: .accelerometerNoise)
        try c.encode(accelerometerTremor, forKey: .accelerometerTremor)
        try c.encode(rotationTremor, forKey: .rotationTremor)
        try c.encode(accelerometerBias, forKey: .accelerometerBias)
        try c.encode(accelerometerRange, forKey: .accelerometerRange)
        try c.encode(accelerometerResolution, forKey: .accelerometerResolution)
        try c.encode(gyroscopeNoise, forKey: .gyroscopeNoise)
        try c.encode(gyroscopeBias, forKey: .gyroscopeBias)
        try c.encode(gyroscopeRange, forKey: .gyroscopeRange)
        try c.encode(userAccelerationNoise, forKey: .userAccelerationNoise)
        try c.encode(batchDuration, forKey: .batchDuration)
        try c.encode(shortBatchProbability, forKey: .shortBatchProbability)
        try c.encode(shortBatchDuration, forKey: .shortBatchDuration)
        try c.encode(droppedBatchProbability, forKey: .droppedBatchProbability)
    }
}
