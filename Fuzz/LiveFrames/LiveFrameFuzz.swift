// The live server's frame decoder under libFuzzer (Fuzz/run_live_frames.sh): every input is one WebSocket message a
// client could send, binary (a `BinaryBatchFrame`) when the first byte is even, text (announce / JSON batch / end)
// when it is odd. Each must decode or throw a `LiveFrameError` whose description is one non-empty line (no control
// characters or line separators); a crash, a sanitizer report or a hang is a bug.
//
// Built with `-DLIBFUZZER` libFuzzer supplies `main`; without it (an ordinary `swift build`) the same entry point
// replays the files named on the command line, so a crash the fuzzer found can be rerun in a debugger.
import Foundation
import LiveProtocol

/// The server's default per-batch sample limit (`LiveServerConfiguration.maximumSamplesPerBatch`).
let maximumSamples = 16_384

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneMessage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let message = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    do throws(LiveFrameError) {
        if data[0] & 1 == 0 {
            let decoded = try ClientMessage.decode(binary: message, maximumSamples: maximumSamples)
            // A frame that decodes must re-encode to the same bytes (the layout has no slack).
            if case .batch(let batch) = decoded {
                precondition(BinaryBatchFrame.encode(batch).elementsEqual(message), "re-encoding changed the frame")
            }
        } else {
            _ = try ClientMessage.decode(text: String(decoding: message, as: UTF8.self), maximumSamples: maximumSamples)
        }
    } catch {
        // One non-empty line: no control characters (newline, carriage return, NEL …) nor line separators.
        precondition(
            !error.description.isEmpty && !error.description.unicodeScalars.contains(where: LiveFrameError.breaksLine),
            "bad error text: \(error)")
    }
    return 0
}

#if !LIBFUZZER
@main
enum ReplayLiveFrames {
    /// Runs each file named on the command line through the fuzz entry point; prints one line per file.
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            _ = bytes.withUnsafeBufferPointer { fuzzOneMessage($0.baseAddress!, $0.count) }
            print("ok \(path)")
        }
    }
}
#endif
