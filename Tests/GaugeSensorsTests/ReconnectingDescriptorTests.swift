import Testing
import GaugeDecoders
import GaugeSystem
@testable import GaugeSensors

/// The lifecycle every source whose descriptor comes and goes shares: states, backoff,
/// what is said once.
@Suite struct ReconnectingDescriptorTests {
    static let s = Nanoseconds.perSecond

    @Test func aTCPConnectionGoesThroughEachState() {
        var d = ReconnectingDescriptor(backoff: Backoff(initial: 10, maximum: 40))
        #expect(d.state == .closed(until: 0) && d.isDue(0) && d.fileDescriptor == nil && d.status == .idle)
        d.connecting(fd: 7, now: 100, timeout: 50)
        #expect(d.state == .connecting(fd: 7, deadline: 150) && d.deadline == 150 && d.status == .connecting)
        d.handshaking(now: 120, timeout: 50)
        #expect(d.state == .handshaking(fd: 7, deadline: 170) && d.fileDescriptor == 7 && !d.isOpen)
        #expect(d.opened(fd: 7, now: 130) == .connected)
        #expect(d.state == .open(fd: 7, since: 130) && d.isOpen && d.deadline == nil && d.status == .open)
        d.emitted("a")
        d.emitted("b")
        #expect(d.lost(now: 140, nil) == .disconnected(channels: ["a", "b"]))
        #expect(d.state == .closed(until: 150) && d.status == .lost(nil) && d.failureCount == 1)
    }

    @Test func aFailureIsSaidOnceAndTheBackoffGrows() {
        var d = ReconnectingDescriptor(backoff: Backoff(initial: 10, maximum: 40))
        #expect(d.openFailed(now: 0, .connectionRefused) == .openFailed(.connectionRefused))
        #expect(d.state == .closed(until: 10))
        #expect(d.openFailed(now: 10, .connectionRefused) == nil, "the same failure again is quiet")
        #expect(d.state == .closed(until: 30))
        #expect(d.openFailed(now: 30, .timedOut) == .openFailed(.timedOut), "another one is said")
        #expect(d.openFailed(now: 70, .timedOut, reason: "TLS: not trusted") == .openFailed(.timedOut), "with another sentence too")
        #expect(d.openFailed(now: 110, .timedOut, retrySoon: true) == .openFailed(.timedOut))
        #expect(d.state == .closed(until: 120), "retrySoon: the backoff's first step")
        #expect(d.statistics.openFailures == 5 && d.statistics.lastError == .timedOut)
    }

    /// A connection that did not hold keeps backing off; one that held starts again.
    @Test func theBackoffStartsAgainOnlyAfterAConnectionHeld() {
        var d = ReconnectingDescriptor(backoff: Backoff(initial: 10, maximum: 1_000))
        _ = d.opened(fd: 3, now: 0)
        _ = d.lost(now: 1, nil)
        #expect(d.state == .closed(until: 11))
        _ = d.opened(fd: 3, now: 11)
        _ = d.lost(now: 12, nil)
        #expect(d.state == .closed(until: 32), "flapping: 20, not 10 again")
        _ = d.opened(fd: 3, now: 32)
        let later = 32 + SourceJournal.settleTime
        _ = d.lost(now: later, nil)
        #expect(d.state == .closed(until: later + 10), "held 10 s: from the first step")
        _ = d.opened(fd: 3, now: later + 10)
        _ = d.lost(now: later + 11, nil, atLeast: 5 * Self.s)
        #expect(d.state == .closed(until: later + 11 + 5 * Self.s), "a protocol's own delay when longer")
    }

    /// Reopening after a loss that fails for the loss's reason, or because the device is
    /// gone (ENOENT), is what the loss said.
    @Test func aFailureToReopenForTheLosssReasonIsQuiet() {
        var d = ReconnectingDescriptor(backoff: Backoff(initial: 10, maximum: 40))
        _ = d.opened(fd: 3, now: 0)
        _ = d.lost(now: 1, .ioError)
        #expect(d.openFailed(now: 11, .noSuchFileOrDirectory) == nil)
        #expect(d.status == .notOpen(.noSuchFileOrDirectory))
        _ = d.opened(fd: 4, now: 100)
        _ = d.lost(now: 101, Errno(100))
        #expect(d.openFailed(now: 200, Errno(100)) == nil)
        _ = d.opened(fd: 5, now: 300)
        _ = d.lost(now: 301, nil)
        #expect(d.openFailed(now: 400, .connectionRefused) == .openFailed(.connectionRefused))
    }

    @Test func aChangedFolderReopensAtOnce() {
        var d = ReconnectingDescriptor(backoff: Backoff(initial: 10 * Self.s, maximum: 40 * Self.s))
        _ = d.openFailed(now: 0, .noSuchFileOrDirectory)
        #expect(!d.isDue(Self.s))
        d.reopenNow(Self.s)
        #expect(d.isDue(Self.s))
    }
}
