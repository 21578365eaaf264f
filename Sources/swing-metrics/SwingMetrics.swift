import ArgumentParser

/// `swing-metrics`: batch analysis of wrist-motion recordings.
@main
struct SwingMetrics: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swing-metrics",
        abstract: "Swing metrics (impact, swing start, time to contact, hit or miss) from 800 Hz wrist-motion recordings.")

    mutating func run() async throws {
        print("swing-metrics: nothing to do yet")
    }
}
