import Foundation

/// The bearer tokens the server accepts, compared in constant time: every token is compared over the full length
/// of the longer of the two, whatever matched earlier, so the time taken does not tell how much of a guess was right.
public struct TokenSet: Sendable {
    private let tokens: [[UInt8]]

    public init(_ tokens: [String]) {
        self.tokens = tokens.map { Array($0.utf8) }
    }

    /// Reads a token file: one token per line; blank lines and lines starting with `#` are skipped, surrounding
    /// whitespace is trimmed.
    public init(contentsOf url: URL) throws(LiveServerError) {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw .tokenFile(path: url.path, line: nil, problem: "cannot read (\(error.localizedDescription))")
        }
        var tokens: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let token = line.trimmingCharacters(in: .whitespaces)
            if token.isEmpty || token.hasPrefix("#") { continue }
            guard token.count >= 16 else {
                throw .tokenFile(path: url.path, line: number + 1, problem: "token shorter than 16 characters")
            }
            guard !token.contains(where: { $0.isWhitespace }) else {
                throw .tokenFile(path: url.path, line: number + 1, problem: "token contains whitespace")
            }
            tokens.append(token)
        }
        guard !tokens.isEmpty else { throw .tokenFile(path: url.path, line: nil, problem: "no tokens") }
        self.init(tokens)
    }

    public var count: Int { tokens.count }

    /// The index of the token equal to `candidate`, or `nil`; constant time in the candidate's content.
    public func match(_ candidate: some StringProtocol) -> Int? {
        let bytes = Array(candidate.utf8)
        var found = -1
        for (index, token) in tokens.enumerated() {
            var difference = UInt8(truncatingIfNeeded: bytes.count ^ token.count) | (bytes.count == token.count ? 0 : 1)
            let length = max(bytes.count, token.count, 1)
            for i in 0..<length {
                let a = bytes.isEmpty ? 0 : bytes[i % bytes.count]
                let b = token.isEmpty ? 0 : token[i % token.count]
                difference |= a ^ b
            }
            // Branch-free select: found = index where difference == 0.
            let isMatch = Int(difference == 0 ? 1 : 0)
            found = isMatch * index + (1 - isMatch) * found
        }
        return found >= 0 ? found : nil
    }

    /// The token of an `Authorization: Bearer TOKEN` header value, or `nil`.
    static func bearer(_ header: String?) -> Substring? {
        guard let header else { return nil }
        let prefix = "Bearer "
        guard header.count > prefix.count, header.prefix(prefix.count).lowercased() == prefix.lowercased() else {
            return nil
        }
        return header.dropFirst(prefix.count).drop(while: { $0 == " " })
    }
}
