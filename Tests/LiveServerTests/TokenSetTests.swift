import Foundation
import LiveServer
import Testing

@Suite("Bearer tokens")
struct TokenSetTests {
    let tokens = TokenSet(["alpha-token-0123456789", "bravo-token-0123456789"])

    @Test("only an exact token matches, and it names its index")
    func match() {
        #expect(tokens.match("alpha-token-0123456789") == 0)
        #expect(tokens.match("bravo-token-0123456789") == 1)
        #expect(tokens.match("alpha-token-012345678") == nil)
        #expect(tokens.match("alpha-token-01234567890") == nil)
        #expect(tokens.match("Alpha-token-0123456789") == nil)
        #expect(tokens.match("") == nil)
    }

    @Test("a token file: comments and blanks skipped; a short token is an error naming its line")
    func file() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try "# coaches\n\n  charlie-token-0123456789  \n".write(to: url, atomically: true, encoding: .utf8)
        #expect(try TokenSet(contentsOf: url).match("charlie-token-0123456789") == 0)
        try "charlie-token-0123456789\nshort\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: LiveServerError.tokenFile(path: url.path, line: 2, problem: "token shorter than 16 characters")) {
            try TokenSet(contentsOf: url)
        }
    }
}
