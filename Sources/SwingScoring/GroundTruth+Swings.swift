import SwingSimulation
import SwingAnalysis

extension GroundTruth {
    /// The true swings as a perfect analyzer would report them (for testing scorers and reports).
    public var perfectDetections: [Swing] {
        swings.map {
            Swing(
                start: $0.start, impact: $0.impact, timeToContact: $0.timeToContact, contact: $0.contact,
                peakRotationRate: $0.peakRotationRate)
        }
    }
}
