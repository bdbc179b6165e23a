#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// `waymark bench --threads N`: one batch converted by N threads at once, each a
/// contiguous chunk, as an engine's job system or Python's `workers=` splits it (the
/// library starts no threads of its own).
///
/// The threads are started once and reused by every repetition, so a repetition times
/// the conversions and two hand-overs, not thread creation. The calling thread converts
/// the first chunk itself.
final class ChunkedRunner: @unchecked Sendable {
    /// The most `--threads` takes: beyond any machine this runs on, and far enough to
    /// refuse a typo (`--threads 20000`) before it starts that many threads.
    static let maximumThreads = 256

    let threads: Int
    private let count: Int
    // Each worker waits on its own semaphore; one shared semaphore counts the chunks
    // done. The semaphores order the writes of `work` and `stopping` (before a signal)
    // before the workers' reads (after their wait), so neither needs a lock.
    private let go: [DispatchSemaphore]
    private let done = DispatchSemaphore(value: 0)
    private var work: (Int, Int) -> Void = { _, _ in }
    private var stopping = false

    /// `threads` threads (the caller and threads - 1 started here) sharing `count`
    /// points.
    init(threads: Int, count: Int) {
        self.threads = threads
        self.count = count
        go = (1..<max(threads, 1)).map { _ in DispatchSemaphore(value: 0) }
        for k in 1..<max(threads, 1) {
            startThread { [self] in self.serve(chunk: k) }
        }
    }

    /// Chunk `k`'s points, [start, end): sizes within one of each other.
    private func range(_ k: Int) -> (Int, Int) {
        (count * k / threads, count * (k + 1) / threads)
    }

    private func serve(chunk k: Int) {
        while true {
            go[k - 1].wait()
            if stopping { break }
            let (start, end) = range(k)
            if end > start { work(start, end - start) }
            done.signal()
        }
        done.signal()
    }

    /// Runs `body(start, count)` for every chunk, all at once, and returns when every
    /// chunk is done.
    func run(_ body: @escaping (Int, Int) -> Void) {
        work = body
        for semaphore in go { semaphore.signal() }
        let (start, end) = range(0)
        if end > start { body(start, end - start) }
        for _ in go { done.wait() }
    }

    /// Ends the started threads and waits for them to leave.
    func stop() {
        stopping = true
        for semaphore in go { semaphore.signal() }
        for _ in go { done.wait() }
    }
}

/// The closure a started thread runs, retained across pthread_create's untyped argument.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Starts a detached POSIX thread running `body` (the CLI's one use of threads, so
/// no Foundation for them).
private func startThread(_ body: @escaping () -> Void) {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if os(Linux)
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
    }, context)
    #else
    var thread: pthread_t?
    let status = pthread_create(&thread, nil, { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
        return nil
    }, context)
    #endif
    guard status == 0 else { fatalError("waymark bench: cannot start a thread (pthread_create: \(status))") }
    #if os(Linux)
    pthread_detach(thread)
    #else
    if let thread { pthread_detach(thread) }
    #endif
}
