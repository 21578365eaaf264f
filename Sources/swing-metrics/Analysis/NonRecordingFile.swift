import Foundation

/// Tells a text file found while searching a folder that plainly holds no sensor samples (`notes.txt`, a
/// `README.txt`, a list of names) from a recording, so that a folder's notes are skipped and reported rather than
/// counted as failed recordings. Conservative: only text in which no line holds three fields that start like
/// numbers (with `,`, `;`, tab or space between them) is such a file; an empty, binary, unreadable or merely damaged
/// file stays a recording and fails alone with its reason.
enum NonRecordingFile {
    /// Bytes of the file's start that are looked at; a recording's first rows are well inside them.
    static let headLength = 65536

    /// Why the file at `url` is not a recording, or `nil` when it may be one.
    static func reason(_ url: URL) -> String? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: headLength), !head.isEmpty else { return nil }
        // Binary data (a NUL byte) or text that is not UTF-8 is left to the importer's own message.
        guard !head.contains(0), let text = String(data: head, encoding: .utf8) else { return nil }
        var sawText = false
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            sawText = true
            if holdsNumberRow(trimmed) { return nil }
        }
        return sawText ? "not a recording: text without rows of numbers" : nil
    }

    /// Whether `line` has, for some separator, at least three fields that start like a number (a digit, or a sign
    /// or point before one): a sample row in any of the layouts, a decimal-comma row included (`1,5;0,25;-0,98`).
    static func holdsNumberRow(_ line: String) -> Bool {
        for separator in [",", ";", "\t", " "] as [Character] {
            var count = 0
            for field in line.split(separator: separator, omittingEmptySubsequences: true) {
                if startsLikeNumber(field.trimmingCharacters(in: .whitespaces)) { count += 1 }
                if count >= 3 { return true }
            }
        }
        return false
    }

    private static func startsLikeNumber(_ field: String) -> Bool {
        var scalars = field.unicodeScalars.makeIterator()
        guard var first = scalars.next() else { return false }
        if first == "-" || first == "+" {
            guard let next = scalars.next() else { return false }
            first = next
        }
        if first == "." {
            guard let next = scalars.next() else { return false }
            first = next
        }
        return ("0"..."9").contains(first)
    }
}
