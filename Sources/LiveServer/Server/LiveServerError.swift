/// Why the server could not start; prints as one line naming the file (and line) and the problem.
public enum LiveServerError: Error, CustomStringConvertible, Sendable, Equatable {
    case tokenFile(path: String, line: Int?, problem: String)
    case tls(path: String, problem: String)
    case recordDirectory(path: String, problem: String)

    public var description: String {
        switch self {
        case .tokenFile(let path, let line, let problem): "\(path)\(line.map { ":\($0)" } ?? ""): token file: \(problem)"
        case .tls(let path, let problem): "\(path): TLS: \(problem)"
        case .recordDirectory(let path, let problem): "\(path): record directory: \(problem)"
        }
    }
}
