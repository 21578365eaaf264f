import Testing

@testable import swing_metrics

@Suite struct OrderedParallelMapTests {
    @Test(arguments: [1, 2, 8])
    func emitsInInputOrderWhateverTheCompletionOrder(concurrency: Int) async {
        let inputs = Array(0..<40)
        var emitted: [Int] = []
        var completions = 0
        await orderedParallelMap(
            inputs, maxConcurrency: concurrency,
            transform: { value in
                // Later inputs finish sooner, so completion order differs from input order.
                try? await Task.sleep(for: .microseconds((40 - value) * 50))
                return value * value
            },
            onCompletion: { completions = $0 },
            emit: { index, output in
                #expect(output == index * index)
                emitted.append(index)
            })
        #expect(emitted == inputs)
        #expect(completions == inputs.count)
    }

    @Test func emptyInputEmitsNothing() async {
        var emitted = 0
        await orderedParallelMap(
            [Int](), maxConcurrency: 4, transform: { $0 }, emit: { _, _ in emitted += 1 })
        #expect(emitted == 0)
    }
}
