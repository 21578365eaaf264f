/// Runs `transform` over `inputs` on up to `maxConcurrency` tasks and hands each result to `emit` **in input order**
/// as soon as it and all earlier ones are done, so output is deterministic while work uses all cores.
///
/// `onCompletion` is called once per finished item (in completion order) with the number finished so far; the
/// progress bar uses it.
func orderedParallelMap<Input: Sendable, Output: Sendable>(
    _ inputs: [Input],
    maxConcurrency: Int,
    transform: @escaping @Sendable (Input) async -> Output,
    onCompletion: (Int) -> Void = { _ in },
    emit: (Int, Output) -> Void
) async {
    precondition(maxConcurrency >= 1, "maxConcurrency must be at least 1")
    var pending: [Int: Output] = [:]
    var nextToEmit = 0
    var finished = 0
    await withTaskGroup(of: (Int, Output).self) { group in
        var nextToStart = 0
        func startNext() {
            guard nextToStart < inputs.count else { return }
            let index = nextToStart
            let input = inputs[index]
            group.addTask { (index, await transform(input)) }
            nextToStart += 1
        }
        for _ in 0..<min(maxConcurrency, inputs.count) { startNext() }
        while let (index, output) = await group.next() {
            finished += 1
            onCompletion(finished)
            pending[index] = output
            while let ready = pending.removeValue(forKey: nextToEmit) {
                emit(nextToEmit, ready)
                nextToEmit += 1
            }
            startNext()
        }
    }
}
