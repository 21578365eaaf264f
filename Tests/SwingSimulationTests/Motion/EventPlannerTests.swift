import Foundation
import Testing

@testable import SwingSimulation

@Suite struct EventPlannerTests {
    @Test func eventsNeverOverlapAndLeaveTimeToSettle() {
        let c = SimulationConfiguration.baseball(seed: 77, mix: .proportional(swings: 30))
        let plan = EventPlanner(configuration: c).plan()
        #expect(plan.events.count == 30 + 4 * 3)
        for (a, b) in zip(plan.events, plan.events.dropFirst()) {
            #expect(b.begin - a.end >= 1.8 - 1e-9)
        }
        #expect(plan.events.first!.begin > plan.startTime + 1)
        #expect(plan.events.last!.end < plan.startTime + plan.duration - 1)
        #expect(zip(plan.transients, plan.transients.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    @Test func everySwingKindAndShapeAppears() {
        let c = SimulationConfiguration.baseball(seed: 78, mix: .proportional(swings: 40))
        let truth = SwingSimulator.simulate(c).truth
        let shapes = Set(truth.swings.map { String($0.onsetShape.prefix { $0 != "(" }) })
        #expect(shapes == ["powerLaw", "gamma", "raisedCosine"])
        #expect(Set(truth.swings.map(\.kind)) == Set(TrueSwing.Kind.allCases))
        let practice: [Double] = truth.swings.filter { $0.kind == .practice }.map(\.peakRotationRate)
        let full: [Double] = truth.swings.filter { $0.kind != .practice }.map(\.peakRotationRate)
        let practiceMean: Double = practice.reduce(0, +) / Double(practice.count)
        let fullMean: Double = full.reduce(0, +) / Double(full.count)
        #expect(practiceMean < fullMean)
    }
}
