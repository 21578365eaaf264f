import Foundation
import MotionDSP
import MotionRecording

/// The adaptive noise floor: the median of the statistic over trailing blocks of samples.
extension ImpactDetector {
    var decisionWait: Double { Swift.max(configuration.impactLookahead, configuration.impactSpectrumWindow) }

    /// Where the current noise-floor block's statistic goes.
    var currentNoiseBlock: UnsafeMutablePointer<Float> { storage.noiseBlock(closedBlockCount) }

    /// Closes the full current block: it joins the trailing window (the oldest block leaves it).
    mutating func closeNoiseBlock() {
        closedBlockCount += 1
        blockFill = 0
        if computesNoiseFloorEagerly { _ = currentNoiseFloor() }
    }

    /// The noise floor after the blocks closed so far: the median of the trailing block medians
    /// (``SwingAnalyzerConfiguration/noiseFloorBlockCount`` of them, fewer at the start;
    /// ``SwingAnalyzerConfiguration/initialNoiseFloor`` before the first block closes).
    ///
    /// Taken when first needed, not as each block closes: only a sample that reaches the minimum threshold needs it,
    /// so on a quiet stretch most blocks leave the window without their median ever being taken. It depends only on
    /// the blocks in the window, so the value is the same whenever it is taken.
    mutating func currentNoiseFloor() -> Double {
        guard noiseFloorClosedBlocks != closedBlockCount else { return noiseFloor }
        let ring = storage
        let (length, window) = (ring.noiseBlockLength, ring.noiseBlockCount)
        // Radix select on the Float bit patterns: the same median as quickselect for NaN-free blocks (the statistic
        // is non-negative, so no ±0 question), about twice as fast; reads the block without reordering it.
        for block in Swift.max(noiseFloorClosedBlocks, closedBlockCount - window)..<closedBlockCount {
            ring.noiseBlockMedians[block % window] = OrderStatistic.radixSelect(
                UnsafeBufferPointer(start: ring.noiseBlock(block), count: length), rank: length / 2)
        }
        // The medians in IEEE total order (so that NaN has a place too), by insertion: at most 64 of them.
        let held = Swift.min(closedBlockCount, window)
        let sorted = ring.sortedNoiseBlockMedians
        for i in 0..<held {
            let median = ring.noiseBlockMedians[i]
            var position = i
            while position > 0, !sorted[position - 1].isTotallyOrdered(belowOrEqualTo: median) {
                sorted[position] = sorted[position - 1]
                position -= 1
            }
            sorted[position] = median
        }
        noiseFloor = Double(held % 2 == 1 ? sorted[held / 2] : (sorted[held / 2 - 1] + sorted[held / 2]) / 2)
        noiseFloorClosedBlocks = closedBlockCount
        return noiseFloor
    }
}
