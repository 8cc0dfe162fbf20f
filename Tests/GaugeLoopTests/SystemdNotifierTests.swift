#if canImport(Glibc)
    import Glibc
#endif
import Testing
@testable import GaugeLoop
import GaugeSystem

@Suite struct SystemdNotifierTests {
    @Test(arguments: [false, true])
    func messagesArriveOnARealSocket(abstract: Bool) throws {
        let receiver = try DatagramReceiver(abstract: abstract)
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": receiver.address])
        #expect(n.isEnabled)
        try n.notify([.ready, .status("3 gauges,\nall fresh")]).get()
        try n.notify(.watchdog).get()
        try n.notify(.stopping).get()
        #expect(receiver.receiveAll() == ["READY=1\nSTATUS=3 gauges, all fresh\n", "WATCHDOG=1\n", "STOPPING=1\n"])
    }

    @Test func reloadingCarriesTheMonotonicTime() throws {
        let receiver = try DatagramReceiver(abstract: false)
        let sys = LinuxLoopSystemCalls()
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": receiver.address], system: sys)
        let before = sys.monotonicNanoseconds() / 1000
        try n.reloading().get()
        let after = sys.monotonicNanoseconds() / 1000
        let message = try #require(receiver.receiveAll().first)
        #expect(message.hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
        let us = try #require(UInt64(message.dropFirst("RELOADING=1\nMONOTONIC_USEC=".count).dropLast()))
        #expect(us >= before && us <= after)
    }

    @Test func withoutNotifySocketEverythingIsANoOp() throws {
        let n = SystemdNotifier(environment: ["WATCHDOG_USEC": "2000000"])
        #expect(!n.isEnabled)
        try n.notify(.ready).get()
        #expect(n.startWatchdog(on: TestEventLoop()) == nil)
    }

    @Test func missingListenerIsATypedErrorWithTheFix() {
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": "/tmp/gaugepanel-h4-nobody-\(getpid()).sock"])
        guard case .failure(let e) = n.notify(.ready) else {
            Issue.record("sending to a missing socket succeeded")
            return
        }
        #expect(e.call == "sendto" && e.errno == .noSuchFileOrDirectory)
        #expect(e.description.contains("NOTIFY_SOCKET"))
    }

    @Test func watchdogIntervalIsParsedAndOwnedByPid() {
        let sys = FakeLoopSystemCalls()
        sys.pid = 77
        let mine = SystemdNotifier(environment: ["NOTIFY_SOCKET": "@x", "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "77"], system: sys)
        #expect(mine.watchdogInterval == 4_000_000_000)
        #expect(mine.watchdogPetInterval == 2_000_000_000)
        let other = SystemdNotifier(environment: ["NOTIFY_SOCKET": "@x", "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "78"], system: sys)
        #expect(other.watchdogInterval == nil)
        for bad in ["", "0", "-5", "abc", "99999999999999999999"] {
            #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": "@x", "WATCHDOG_USEC": bad], system: sys).watchdogInterval == nil)
        }
    }

    @Test func watchdogIsPettedAtHalfTheIntervalFromTheLoop() throws {
        let receiver = try DatagramReceiver(abstract: false)
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": receiver.address, "WATCHDOG_USEC": "1000000"])
        let loop = TestEventLoop()
        let timer = try #require(n.startWatchdog(on: loop))
        loop.advance(by: 499_999_999)
        #expect(receiver.receiveAll().isEmpty)
        loop.advance(by: 1)
        #expect(receiver.receiveAll() == ["WATCHDOG=1\n"])
        loop.advance(by: 2_000_000_000)
        #expect(receiver.receiveAll().count == 4)
        loop.cancel(timer)
        loop.advance(by: 2_000_000_000)
        #expect(receiver.receiveAll().isEmpty)
    }

    @Test func watchdogSendFailuresAreReported() throws {
        let n = SystemdNotifier(environment: [
            "NOTIFY_SOCKET": "/tmp/gaugepanel-h4-gone-\(getpid()).sock",
            "WATCHDOG_USEC": "100000",
        ])
        let loop = TestEventLoop()
        var errors: [LoopError] = []
        n.startWatchdog(on: loop) { errors.append($0) }
        loop.advance(by: 100_000_000)
        #expect(errors.count == 2 && errors.allSatisfy { $0.errno == .noSuchFileOrDirectory })
    }
}
