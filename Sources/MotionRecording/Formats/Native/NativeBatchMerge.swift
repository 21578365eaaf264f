/// A mapped native file's two streams merged by the last time of their batches, accelerometer first on ties.
struct NativeBatchMerge: Sendable {
    private let file: NativeRecordingFile
    private var accelerometer: NativeBatchCursor
    private var deviceMotion: NativeBatchCursor
    private(set) var followedDeliveryOrder = true

    init(_ file: NativeRecordingFile) {
        self.file = file
        accelerometer = NativeBatchCursor(file, .accelerometer)
        deviceMotion = NativeBatchCursor(file, .deviceMotion)
    }

    mutating func next() -> BatchRange? {
        // The file shrinking under the mapping ends the schedule before anything past its end is read.
        guard file.mapping.isWhole() else { return nil }
        let takesAccelerometer: Bool
        switch (accelerometer.peek(file), deviceMotion.peek(file)) {
        case (nil, nil): return nil
        case (.some, nil): takesAccelerometer = true
        case (nil, .some): takesAccelerometer = false
        case (.some(let a), .some(let d)):
            takesAccelerometer = BatchRange.accelerometerGoesFirst(
                accelerometerLastTime: a.lastTime, deviceMotionLastTime: d.lastTime)
        }
        let taken = takesAccelerometer ? accelerometer.take() : deviceMotion.take()
        if !taken.followsInOrder { followedDeliveryOrder = false }
        return BatchRange(stream: takesAccelerometer ? .accelerometer : .deviceMotion, range: taken.range)
    }
}
