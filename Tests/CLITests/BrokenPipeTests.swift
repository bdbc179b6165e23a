import Foundation
import Testing

/// `waymark … | head -c 10`: the reader closes the pipe early. waymark ignores SIGPIPE,
/// so its next write fails with EPIPE and it exits 74 with a message at once, as the
/// README says, rather than dying silently by the signal (exit 141 in a shell).
@Suite("a closed output pipe", .serialized)
struct BrokenPipeTests {
    @Test("scene into a pipe closed after 10 bytes: exit 74 with a message, promptly, with SIGPIPE at its default")
    func closedEarly() throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-\(getpid())-pipe.csv")
        defer { try? FileManager.default.removeItem(at: input) }
        // 200 000 rows: about 12 MB of output, far beyond a pipe's buffer and one block.
        try String(repeating: "55.7,37.59,1\n", count: 200_000).write(to: input, atomically: true, encoding: .utf8)
        let child = try SpawnedWithDefaultSIGPIPE([Waymark.executable.path, "scene", "--origin", "55.7,37.6"], stdin: input.path)
        var first = [UInt8](repeating: 0, count: 10)
        var got = 0
        while got < first.count {
            let n = first.withUnsafeMutableBytes { read(child.stdout, $0.baseAddress! + got, $0.count - got) }
            guard n > 0 else { break }
            got += n
        }
        close(child.stdout)
        #expect(got == 10 && String(decoding: first, as: UTF8.self).hasPrefix("x,y,z\n"))
        let message = child.readStandardError()
        let status = child.wait()
        #expect(status == .exited(74), "\(status) \(message)")
        #expect(message.contains("cannot write standard output"), "\(message)")
    }
}

/// A child process whose SIGPIPE is at its default action whatever the test process
/// does with its own (Waymark.run ignores it, and an ignored signal is inherited), so
/// a waymark that did not ignore SIGPIPE itself would die by it here.
struct SpawnedWithDefaultSIGPIPE {
    enum Status: Equatable { case exited(Int32), signalled(Int32) }

    let pid: pid_t
    /// Read ends of the child's standard output and standard error.
    let stdout: Int32, stderr: Int32

    init(_ arguments: [String], stdin path: String) throws {
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw POSIXError(.EMFILE) }
        // Other tests spawn children at the same time: none of them may keep these pipes open.
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let input = open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw POSIXError(.ENOENT) }
        defer { close(input); close(out[1]); close(err[1]) }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer { posix_spawn_file_actions_destroy(&actions); posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        self.pid = pid
        stdout = out[0]
        stderr = err[0]
    }

    /// Standard error to its end (the child's exit), then closed.
    func readStandardError() -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(stderr, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        close(stderr)
        return String(decoding: bytes, as: UTF8.self)
    }

    func wait() -> Status {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (macros).
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }
}
