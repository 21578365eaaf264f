/// A sport the package has presets for: the analyzer's (`SwingAnalyzerConfiguration.preset(for:)`) and the
/// simulator's. Stored in ``RecordingMetadata/sport`` by its raw value.
public enum Sport: String, Sendable, Hashable, Codable, CaseIterable {
    case baseball, softball, golf, tennis
}

extension RecordingMetadata {
    /// ``sport`` when it names a sport with presets (case-insensitive), else `nil` — other apps may store any name.
    public var knownSport: Sport? {
        sport.flatMap { Sport(rawValue: $0.lowercased()) }
    }
}
