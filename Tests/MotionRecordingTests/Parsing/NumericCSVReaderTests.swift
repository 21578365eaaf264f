import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct NumericCSVReaderTests {
    let header = "timestamp,acceleration_x,acceleration_y,acceleration_z"

    func readAccelerometer(_ text: String) throws(RecordingError) -> ImportedStream<AccelerometerData> {
        var text = text
        let result: Result<ImportedStream<AccelerometerData>, RecordingError> = text.withUTF8 { bytes in
            do throws(RecordingError) {
                return .success(try InterchangeCSV.readAccelerometer(bytes: bytes, file: "a.csv"))
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    @Test(arguments: ["\n", "\r\n"])
    func lineEndsFinalLinesAndFallbackRowsKeepValuesAndLineNumbers(_ newline: String) throws {
        for last in ["", "\r", newline] {
            let text = [header, "1.5,0.25,-0.125,1", "", "2.5, 0.5 ,-1.0,2e0", "3.25,-0.1437196,0.59482557,-0.032223105"]
                .joined(separator: newline) + last
            let stream = try readAccelerometer(text)
            #expect(stream.samples.timestamps == [1.5, 2.5, 3.25], "\(last.debugDescription)")
            #expect(stream.samples.x == [0.25, 0.5, -0.1437196] && stream.samples.z == [1, 2, -0.032223105])
            #expect(stream.lines == [2, 4, 5], "\(last.debugDescription)")
        }
    }

    @Test func aBadRowAfterPlainRowsNamesItsLineAndColumn() {
        let text = [header, "1.5,0.25,-0.125,1", "1.75,0.25,-0.125,1", "2.5,0.5,x,2", ""].joined(separator: "\r\n")
        #expect {
            try readAccelerometer(text)
        } throws: { error in
            "\(error)".contains("a.csv:4: column 3 \"acceleration_y\"")
        }
    }

    /// A spreadsheet's "quote every field" export: the message says the number is quoted, not that it is none.
    @Test func aQuotedNumberIsNamedAsQuoted() {
        let text = [header, "1.5,0.25,-0.125,1", "\"1.75\",\"0.25\",\"-0.125\",\"1\"", ""].joined(separator: "\n")
        #expect {
            try readAccelerometer(text)
        } throws: { error in
            "\(error)" == "a.csv:3: column 1 \"timestamp\": \"1.75\" is a number in quotes: export the file without quoting numbers"
        }
    }

    /// A last line the file ends inside (no line break after it) that is short of fields or cut inside its last
    /// number: the start of a row, as a recording cut short while being written leaves it. Dropped and reported;
    /// the rows before it are kept.
    @Test(arguments: [
        ("2.5,0.5", "expected 4 fields, found 2"),
        ("2.5,0.5,-0.125,1e", "column 4 \"acceleration_z\" ends in \"1e\""),
        ("2.5,0.5,-0.125,", "column 4 \"acceleration_z\" ends in \"\""),
        ("2.5,0.5,-", "column 3 \"acceleration_y\" ends in \"-\""),
        ("2.5,0.5,-0.12", "expected 4 fields, found 3"),
    ])
    func aLastRowTheFileEndsInsideIsDroppedAndReported(last: String, reason: String) throws {
        let stream = try readAccelerometer(header + "\n1.5,0.25,-0.125,1\n1.75,0.25,-0.125,1\n" + last)
        #expect(stream.samples.timestamps == [1.5, 1.75])
        #expect(stream.lines == [2, 3])
        let finding = try #require(stream.findings.first)
        #expect(stream.findings.count == 1)
        #expect(finding.kind == "truncated" && finding.file == "a.csv" && finding.line == 4)
        #expect(finding.message.contains("(\(reason))"), "\(finding.message)")
    }

    /// A file whose last blocks were allocated but never written (a crash or power loss while recording) ends in
    /// zero bytes inside its last row: dropped as cut short, the zeros counted in the message rather than printed.
    @Test func aLastRowEndingInZeroBytesIsDroppedAndTheZerosCounted() throws {
        let rows = (0..<2000).map { "\(Double($0) / 800),0.25,-0.125,1" }
        let stream = try readAccelerometer(
            ([header] + rows).joined(separator: "\n") + "\n2.5,0.5,-0.125,1" + String(repeating: "\u{0}", count: 5000))
        #expect(stream.samples.count == 2000 && stream.lines.last == 2001)
        let finding = try #require(stream.findings.first)
        #expect(stream.findings.count == 1 && finding.kind == "truncated" && finding.line == 2002)
        #expect(finding.message.contains("(column 4 \"acceleration_z\" ends in \"1⟨5000 zero bytes⟩\")"), "\(finding.message)")
    }

    /// A short or bad row that the file does not end inside is damage, not a cut: an error naming the line.
    @Test(arguments: [
        ("2.5,0.5\n", "a.csv:4: expected 4 fields, found 2"),
        ("2.5,0.5\r\n", "a.csv:4: expected 4 fields, found 2"),
        ("2.5,0.5\n3.5,0.5,-0.125,1", "a.csv:4: expected 4 fields, found 2"),
        ("2.5,x,1", "a.csv:4: column 2 \"acceleration_x\": \"x\" is not a number"),
        ("2.5,0.5,-0.125,1,7", "a.csv:4: expected 4 fields, found 5"),
        // Two files joined end to end: the second's header (with or without its byte-order mark) is named as such.
        ("timestamp,acceleration_x,acceleration_y,acceleration_z\n2.5,0.5,-0.125,1",
         "a.csv:4: this line repeats the header (line 1): files joined end to end, as `cat a.csv b.csv` leaves them; "
            + "split the file before this line, or delete the line if the rows after it continue the recording"),
        ("\u{FEFF}timestamp,acceleration_x,acceleration_y,acceleration_z\r\n2.5,0.5,-0.125,1",
         "a.csv:4: this line repeats the header (line 1): files joined end to end, as `cat a.csv b.csv` leaves them; "
            + "split the file before this line, or delete the line if the rows after it continue the recording"),
        // A header-like line that is not the header stays a plain error.
        ("timestamp,acceleration_x,acceleration_y\n2.5,0.5,-0.125,1", "a.csv:4: expected 4 fields, found 3"),
    ])
    func aDamagedRowThatIsNotCutShortIsAnError(last: String, message: String) {
        #expect {
            try readAccelerometer(header + "\n1.5,0.25,-0.125,1\n1.75,0.25,-0.125,1\n" + last)
        } throws: { error in
            "\(error)".hasSuffix(message)
        }
    }
}

@Suite struct CSVScannerLineCountTests {
    func remaining(_ text: String, skipping: Int = 0) -> Int {
        let description = text.debugDescription
        var text = text
        return text.withUTF8 { bytes in
            var scanner = CSVScanner(bytes)
            for _ in 0..<skipping { _ = scanner.nextLine() }
            let counted = scanner.remainingLineCount()
            var returned = 0
            while scanner.nextLine() != nil { returned += 1 }
            #expect(counted == returned, "\(description)")
            return counted
        }
    }

    @Test func countsWhatNextLineStillReturns() {
        #expect(remaining("") == 0)
        #expect(remaining("a") == 1)
        #expect(remaining("a\n") == 1)
        #expect(remaining("a\nb") == 2)
        #expect(remaining("a\r\n\r\nb\r\n") == 3)
        #expect(remaining("h\n1\n2\n", skipping: 1) == 2)
        #expect(remaining("\n\n\n") == 3)
    }

    @Test func estimateCoversUniformLinesAndIsExactForShortTexts() {
        var uniform = String(repeating: "56257.44367168934,0.59482557,-0.1437196,-1.1475809\n", count: 5000)
        let exact = uniform.withUTF8 { CSVScanner($0).remainingLineCount() }
        let estimate = uniform.withUTF8 { CSVScanner($0).estimatedRemainingLineCount() }
        #expect(exact == 5000 && estimate >= exact && estimate <= exact * 105 / 100 + 64)
        var short = "a\nb\nc"
        #expect(short.withUTF8 { CSVScanner($0).estimatedRemainingLineCount() } == 3)
    }

    @Test func countsLongTextsAcrossVectorBlocks() {
        // Longer than 255 blocks of 32 bytes (the lane sums' batch), line feeds at random places, runs of
        // consecutive line feeds, with and without a final line feed, from several start offsets.
        var rng = SplitMix64(seed: 61)
        for round in 0..<6 {
            var text = ""
            var expected = 0
            while text.utf8.count < 20_000 {
                let length = Int.random(in: 0...80, using: &rng)
                text += String(repeating: "7", count: length) + "\n"
                expected += 1
            }
            if round % 2 == 1 {
                text += "1.5,2"
                expected += 1
            }
            #expect(remaining(text) == expected)
            #expect(remaining(text, skipping: round) == expected - round)
        }
    }
}
