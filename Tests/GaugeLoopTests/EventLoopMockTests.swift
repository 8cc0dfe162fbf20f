import Testing
@testable import GaugeLoop
import GaugeSystem

@Suite struct EventLoopMockTests {
    @Test func timerfdIsReArmedOnlyWhenTheEarliestDeadlineChanges() throws {
        let sys = FakeLoopSystemCalls()
        let loop = try EventLoop(system: sys)
        loop.schedule(at: 5_000) {}
        try loop.runOnce()
        #expect(sys.armed == [5_000])
        loop.schedule(at: 9_000) {}  // later: the armed deadline still holds
        try loop.runOnce()
        #expect(sys.armed == [5_000])
        loop.schedule(at: 2_000) {}  // earlier: re-arm
        try loop.runOnce()
        #expect(sys.armed == [5_000, 2_000])
        #expect(sys.polls.allSatisfy { $0.timeout == -1 })  // never a polling timeout
        #expect(loop.statistics.wakeups == 3)
    }

    @Test func firedTimersDisarmWhenNothingIsLeft() throws {
        let sys = FakeLoopSystemCalls()
        let loop = try EventLoop(system: sys)
        var ran = 0
        loop.schedule(at: 2_000) { ran += 1 }
        try loop.runOnce()  // arms 2000; nothing ready
        sys.time = 2_000
        sys.answer = { $0.mark(FakeLoopSystemCalls.timerFD, .readable) }
        try loop.runOnce()
        #expect(ran == 1)
        sys.answer = { _ in }
        try loop.runOnce()
        // A one-shot timerfd that expired is disarmed already: no extra settime.
        #expect(sys.armed == [2_000])
        #expect(loop.timerCount == 0)
        // A cancelled pending deadline is disarmed.
        let id = loop.schedule(at: 9_000) {}
        try loop.runOnce()
        loop.cancel(id)
        try loop.runOnce()
        #expect(sys.armed == [2_000, 9_000, nil])
    }

    @Test func handlerScheduledForNowRunsInTheNextIteration() throws {
        let sys = FakeLoopSystemCalls()
        let loop = try EventLoop(system: sys)
        var order: [String] = []
        loop.schedule(at: 0) {
            order.append("first")
            loop.schedule(at: 0) { order.append("second") }
        }
        try loop.runOnce()
        #expect(order == ["first"])
        try loop.runOnce()
        #expect(order == ["first", "second"])
    }

    @Test func invalidDescriptorIsDroppedAfterItsHandlerRuns() throws {
        let sys = FakeLoopSystemCalls()
        let loop = try EventLoop(system: sys)
        var seen: [FileEvents] = []
        loop.register(fd: 5, events: .readable) { seen.append($0) }
        sys.answer = { $0.mark(5, .invalid) }
        try loop.runOnce()
        #expect(seen == [.invalid])
        #expect(loop.registeredDescriptors.isEmpty)
        #expect(loop.statistics.invalidDescriptors == 1)
        try loop.runOnce()
        #expect(sys.polls.last?.fds == [FakeLoopSystemCalls.timerFD])
    }

    @Test func handlerUnregisteringAnotherReadyDescriptorPreventsItsCall() throws {
        let sys = FakeLoopSystemCalls()
        let loop = try EventLoop(system: sys)
        var calls: [Int32] = []
        loop.register(fd: 5, events: .readable) { _ in
            calls.append(5)
            loop.unregister(fd: 6)
        }
        loop.register(fd: 6, events: .readable) { _ in calls.append(6) }
        sys.answer = {
            $0.mark(5, .readable)
            $0.mark(6, .readable)
        }
        try loop.runOnce()
        #expect(calls == [5])
    }

    @Test func signalsReachTheirHandlers() throws {
        let sys = FakeLoopSystemCalls()
        let loop = try EventLoop(system: sys)
        var got: [Int32] = []
        try loop.onSignals([15, 2]) { got.append($0) }
        try loop.onSignals([1]) { got.append(-$0) }
        sys.pendingSignals = [1, 15]
        sys.answer = { $0.mark(FakeLoopSystemCalls.signalFD, .readable) }
        try loop.runOnce()
        #expect(got == [-1, 15])
        #expect(sys.polls.last?.fds.contains(FakeLoopSystemCalls.signalFD) == true)
    }

    @Test func serviceSignalsAreBlockedAndRoutedTogether() throws {
        final class Recorder: FakeLoopSystemCalls {
            var blocked: [[Int32]] = []
            override func blockSignals(_ signals: [Int32]) throws(LoopError) -> SignalMask {
                blocked.append(signals)
                return try super.blockSignals(signals)
            }
        }
        let sys = Recorder()
        let loop = try EventLoop(system: sys)
        var got: [Int32] = []
        try loop.onSignals(LoopSignals.service) { got.append($0) }
        #expect(sys.blocked == [LoopSignals.service.sorted()])
        sys.pendingSignals = [LoopSignals.reload, LoopSignals.terminate]
        sys.answer = { $0.mark(FakeLoopSystemCalls.signalFD, .readable) }
        try loop.runOnce()
        #expect(got == [LoopSignals.reload, LoopSignals.terminate])
    }

    @Test func pollFailureEndsRunWithTheError() throws {
        let sys = FakeLoopSystemCalls()
        sys.pollError = .noMemory
        let loop = try EventLoop(system: sys)
        #expect(throws: LoopError(call: "poll", errno: .noMemory)) { try loop.run() }
    }

    @Test func closeReleasesDescriptorsOnce() throws {
        let sys = FakeLoopSystemCalls()
        let loop = try EventLoop(system: sys)
        try loop.onSignals([15]) { _ in }
        loop.close()
        loop.close()
        #expect(sys.closed == [FakeLoopSystemCalls.timerFD, FakeLoopSystemCalls.signalFD])
    }

    @Test func closeBreaksHandlerCyclesSoTheLoopIsFreed() throws {
        let sys = FakeLoopSystemCalls()
        weak var weakLoop: EventLoop?
        do {
            let loop = try EventLoop(system: sys)
            loop.register(fd: 5, events: .readable) { _ in loop.stop() }
            loop.schedule(at: 10) { loop.stop() }
            try loop.onSignals([15]) { _ in loop.stop() }
            weakLoop = loop
            loop.close()
            #expect(throws: LoopError.self) { try loop.runOnce() }
        }
        #expect(weakLoop == nil)
    }

    @Test func errorsNameTheCallAndTheFix() {
        let e = LoopError(call: "sendto", subject: "/run/systemd/notify", errno: .connectionRefused)
        #expect(e.description.contains("sendto (/run/systemd/notify) failed"))
        #expect(e.description.contains("NOTIFY_SOCKET"))
        #expect(LoopError(call: "timerfd_create", errno: .tooManyOpenFiles).description.contains("LimitNOFILE"))
    }
}
