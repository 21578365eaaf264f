#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// dsp-timing: times MotionDSP workloads for Benchmarks/compare_dsp_with_scipy.py (which times scipy on the same
// data size in the same run). Usage: dsp-timing <case> [--seconds S] [--repeats R]; prints one JSON line:
// {"name": ..., "channel_samples": N, "seconds": [wall…], "cpu_seconds": [thread CPU…]}. `dsp-timing --list` lists the cases.
// To add workloads, add a file returning [TimingCase] and append it to `allCases`.

let allCases: [TimingCase] = filterTimingCases() + spectralTimingCases()

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String, default value: Double) -> Double {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
        let parsed = Double(arguments[index + 1])
    else { return value }
    arguments.removeSubrange(index...index + 1)
    return parsed
}
let seconds = option("--seconds", default: 3600)
let repeats = Int(option("--repeats", default: 7))

if arguments.first == "--list" || arguments.isEmpty {
    for timingCase in allCases { print(timingCase.name) }
} else {
    for name in arguments {
        guard let timingCase = allCases.first(where: { $0.name == name }) else {
            print("unknown case \(name); --list shows the cases")
            exit(64)
        }
        let run = timingCase.prepare(seconds)
        run()  // warm-up
        var wall: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<repeats {
            let startCPU = threadCPUSeconds()
            let start = monotonicSeconds()
            run()
            wall.append(monotonicSeconds() - start)
            cpu.append(threadCPUSeconds() - startCPU)
        }
        func list(_ values: [Double]) -> String { "[" + values.map { String($0) }.joined(separator: ", ") + "]" }
        print(
            "{\"name\": \"\(name)\", \"channel_samples\": \(timingCase.channelSamples(seconds)), "
                + "\"seconds\": \(list(wall)), \"cpu_seconds\": \(list(cpu))}")
    }
}
