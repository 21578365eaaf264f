#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar on standard error, drawn only when standard error is a terminal (nothing when piped or
/// redirected, so logs and CI output stay clean).
struct ProgressBar {
    let total: Int
    let label: String
    let isEnabled: Bool
    private var lastDrawn = -1

    init(total: Int, label: String, enabled: Bool = true) {
        self.total = total
        self.label = label
        self.isEnabled = enabled && total > 1 && isatty(STDERR_FILENO) == 1
    }

    /// Redraws the bar for `done` of `total` items.
    mutating func update(_ done: Int) {
        guard isEnabled, done != lastDrawn else { return }
        lastDrawn = done
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        StandardError.write("\r\(label) \(bar) \(done)/\(total)")
    }

    /// Clears the bar's line.
    func finish() {
        guard isEnabled else { return }
        StandardError.write("\r\u{1B}[2K")
    }
}

/// Unbuffered writes to standard error.
enum StandardError {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    static func writeLine(_ text: String) { write(text + "\n") }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
