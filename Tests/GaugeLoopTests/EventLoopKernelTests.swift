import GaugeSystem
#if canImport(Glibc)
    import Glibc
#endif
import Testing
@testable import GaugeLoop

/// The real loop on the real kernel: pipes, timerfd, signalfd. Bounds are loose (a
/// loaded two-core machine may be late by a lot, but never early) and every test has a
/// safety timer so a bug fails the test instead of hanging it.
@Suite struct EventLoopKernelTests {
    private static let ms: UInt64 = 1_000_000

    /// Stops the loop after `seconds` and records that it had to.
    private func safetyStop(_ loop: EventLoop, after seconds: UInt64, flag: @escaping () -> Void) {
        loop.schedule(after: seconds * 1_000_000_000) {
            flag()
            loop.stop()
        }
    }

    @Test func readablePipeRunsItsHandler() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let loop = try EventLoop()
        var received: [UInt8] = []
        var events: FileEvents = []
        var timedOut = false
        loop.register(fd: fds[0], events: .readable) { e in
            events = e
            var b: UInt8 = 0
            if read(fds[0], &b, 1) == 1 { received.append(b) }
            loop.stop()
        }
        safetyStop(loop, after: 5) { timedOut = true }
        var byte: UInt8 = 42
        #expect(write(fds[1], &byte, 1) == 1)
        try loop.run()
        #expect(!timedOut)
        #expect(received == [42])
        #expect(events.contains(.readable))
        #expect(loop.statistics.descriptorEvents == 1)
    }

    @Test func timersFireInDeadlineOrderNeverEarly() throws {
        let loop = try EventLoop()
        let start = loop.now
        var fired: [(name: String, at: UInt64, deadline: UInt64)] = []
        for (name, offset) in [("c", 30 * Self.ms), ("a", 10 * Self.ms), ("b", 20 * Self.ms)] {
            let deadline = start + offset
            loop.schedule(at: deadline) {
                fired.append((name, loop.now, deadline))
                if name == "c" { loop.stop() }
            }
        }
        var timedOut = false
        safetyStop(loop, after: 10) { timedOut = true }
        try loop.run()
        #expect(!timedOut)
        #expect(fired.map(\.name) == ["a", "b", "c"])
        #expect(fired.allSatisfy { $0.at >= $0.deadline })
        // One timerfd serves all: at most one wake-up per deadline (+1 if the loop was late).
        #expect(loop.statistics.wakeups <= 4)
    }

    private func isBlocked(_ signal: Int32) -> Bool {
        var current = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &current)
        return sigismember(&current, signal) == 1
    }

    private func setBlocked(_ signal: Int32, _ blocked: Bool) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(blocked ? SIG_BLOCK : SIG_UNBLOCK, &set, nil)
    }

    @Test func signalArrivesThroughSignalfd() throws {
        // The test runner's threads may block signals already: start from "unblocked"
        // so that restoring the mask is observable, and leave the thread as found.
        let wasBlocked = isBlocked(SIGUSR1)
        setBlocked(SIGUSR1, false)
        defer { setBlocked(SIGUSR1, wasBlocked) }
        var got: [Int32] = []
        do {
            let loop = try EventLoop()
            try loop.onSignals([SIGUSR1]) { s in
                got.append(s)
                loop.stop()
            }
            var timedOut = false
            safetyStop(loop, after: 5) { timedOut = true }
            // raise() targets this thread, which now blocks SIGUSR1: it stays pending
            // for the signalfd instead of killing the test process.
            #expect(raise(SIGUSR1) == 0)
            try loop.run()
            #expect(!timedOut)
            #expect(loop.statistics.signals == 1)
            loop.close()
        }
        #expect(got == [SIGUSR1])
        // Closing restored the thread's signal mask.
        #expect(!isBlocked(SIGUSR1))
    }

    @Test func idleLoopWakesOnlyForItsDeadlines() throws {
        let loop = try EventLoop()
        let start = loop.now
        var ticks = 0
        loop.scheduleRepeating(every: 1_000_000_000, first: start + 1_000_000_000) { ticks += 1 }
        loop.schedule(at: start + 2_000_000_000) { loop.stop() }
        try loop.run()
        #expect(loop.now - start >= 2_000_000_000)
        #expect(ticks == 2)
        #expect(loop.statistics.wakeups <= 3)
    }

    @Test func timerScheduledFromAPipeHandlerFiresAfterwards() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let loop = try EventLoop()
        var order: [String] = []
        loop.register(fd: fds[0], events: .readable) { _ in
            var b: UInt8 = 0
            _ = read(fds[0], &b, 1)
            order.append("pipe")
            loop.schedule(after: 5 * Self.ms) {
                order.append("timer")
                loop.stop()
            }
        }
        var timedOut = false
        safetyStop(loop, after: 5) { timedOut = true }
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
        try loop.run()
        #expect(!timedOut)
        #expect(order == ["pipe", "timer"])
    }
}
