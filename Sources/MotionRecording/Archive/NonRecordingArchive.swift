import Foundation

/// Tells a zip archive that plainly holds no recording — a zip of photos or documents, a numpy `.npz` of other
/// arrays — from one that may: found while searching a folder, it is skipped and reported like a `notes.txt`;
/// given explicitly, it is refused naming what it holds. Conservative: an archive with a recording's arrays
/// (`accelerometer_timestamp`, `device_motion_timestamp`), a Sensor Logger file, or any `.csv`/`.txt` member (a
/// layout the importer reads or names) may be one, and so may an archive that cannot be read (damaged or cut short:
/// it fails alone with its reason).
public enum NonRecordingArchive {
    /// Why the file at `url` is a zip archive without a recording (what it holds, starting `not a recording: `), or
    /// `nil` when it is not a readable zip archive or may hold a recording.
    public static func reason(_ url: URL) -> String? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        let head = (try? handle.read(upToCount: 4)) ?? Data()
        try? handle.close()
        guard head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]),
            let archive = try? ZipArchive(url)
        else { return nil }
        return reason(members: archive.entries.map(\.name)).map { "not a recording: \($0)" }
    }

    /// What an archive whose members are named `members` holds, when that is no recording (see the type); `nil`
    /// when it may be one.
    static func reason(members: [String]) -> String? {
        let files = members.filter { !$0.hasSuffix("/") && !$0.hasPrefix("__MACOSX/") }
        let baseNames = files.map { ($0 as NSString).lastPathComponent }
        if baseNames.contains(where: SensorLogger.knownFileNames.contains) { return nil }
        if baseNames.contains(where: { ["csv", "txt"].contains(($0 as NSString).pathExtension.lowercased()) }) { return nil }
        let arrays = baseNames.filter { $0.hasSuffix(".npy") }.map { String($0.dropLast(4)) }
        if !arrays.isEmpty {
            let recording = ["accelerometer_timestamp", "device_motion_timestamp"]
            guard !arrays.contains(where: recording.contains) else { return nil }
            return "a numpy archive of \(count(arrays.count, "array")) (\(listed(arrays))), none of them a recording's "
                + "(\(recording.joined(separator: ", ")))"
        }
        guard !files.isEmpty else { return "an empty zip archive" }
        return "a zip archive of \(count(files.count, "file")) (\(listed(baseNames))), none of them sensor data "
            + "(a native recording's .npy arrays, a Sensor Logger export's .csv files)"
    }

    private static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// The first five names, then how many more.
    private static func listed(_ names: [String]) -> String {
        names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", … \(names.count - 5) more" : "")
    }
}
