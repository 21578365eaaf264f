import Foundation

/// Locates the optional real recordings outside the repository (where to put them: docs/architecture.md §8). They
/// are never copied into the project: tests that use them must skip cleanly when this returns `nil`, e.g.
/// `@Test(.enabled(if: SharedDatasets.directory != nil))`.
public enum SharedDatasets {
    /// `<repo>/../shared/datasets`, or `nil` when absent. `BATCHEDMOTION_SHARED_DATASETS` overrides the location.
    public static let directory: URL? = {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["BATCHEDMOTION_SHARED_DATASETS"] {
            return fileManager.fileExists(atPath: override) ? URL(fileURLWithPath: override) : nil
        }
        let candidate = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/datasets")
        return fileManager.fileExists(atPath: candidate.path) ? candidate : nil
    }()

    /// A file inside the shared datasets folder, or `nil` when the folder or the file is absent.
    public static func file(_ relativePath: String) -> URL? {
        guard let url = directory?.appendingPathComponent(relativePath),
            FileManager.default.fileExists(atPath: url.path)
        else { return nil }
        return url
    }

    /// The repository root (the folder holding Package.swift), found from this source file's location.
    public static let repositoryRoot: URL = {
        URL(fileURLWithPath: #filePath)  // <root>/Sources/_TestSupport/SharedDatasets.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()
}
