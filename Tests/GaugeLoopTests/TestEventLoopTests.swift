import GaugeSystem
import Testing
@testable import GaugeLoop

@Suite struct TestEventLoopTests {
    @Test func advanceRunsDueTimersInOrderAtTheirDeadlines() {
        let loop = TestEventLoop()
        var log: [(String, UInt64)] = []
        loop.schedule(at: 30) { log.append(("c", loop.now)) }
        loop.schedule(at: 10) { log.append(("a", loop.now)) }
        loop.schedule(at: 20) { log.append(("b", loop.now)) }
        #expect(loop.advance(by: 25) == 2)
        #expect(log.map(\.0) == ["a", "b"])
        #expect(log.map(\.1) == [10, 20])
        #expect(loop.now == 25)
        loop.advance(by: 5)
        #expect(log.map(\.0) == ["a", "b", "c"])
    }

    @Test func timersScheduledByHandlersRunWithinTheSameAdvance() {
        let loop = TestEventLoop()
        var fired: [UInt64] = []
        loop.schedule(at: 10) {
            fired.append(loop.now)
            loop.schedule(after: 5) { fired.append(loop.now) }
        }
        loop.advance(by: 100)
        #expect(fired == [10, 15])
    }

    @Test func repeatingTimerFiresOncePerPeriodUntilCancelled() {
        let loop = TestEventLoop()
        var ticks: [UInt64] = []
        let id = loop.scheduleRepeating(every: 100) { ticks.append(loop.now) }
        loop.advance(by: 350)
        #expect(ticks == [100, 200, 300])
        #expect(loop.cancel(id))
        loop.advance(by: 1000)
        #expect(ticks.count == 3)
        #expect(loop.timerCount == 0)
    }

    @Test func cancelledTimerNeverRuns() {
        let loop = TestEventLoop()
        var ran = false
        let id = loop.schedule(after: 10) { ran = true }
        loop.cancel(id)
        loop.advance(by: 20)
        #expect(!ran)
    }

    @Test func descriptorsAndSignalsAreDeliveredByHand() throws {
        let loop = TestEventLoop()
        var seen: [FileEvents] = []
        var signals: [Int32] = []
        loop.register(fd: 7, events: .readable) { seen.append($0) }
        try loop.onSignals([15, 1]) { signals.append($0) }
        #expect(loop.deliver(fd: 7, .readable))
        #expect(!loop.deliver(fd: 7, .writable))  // not asked for
        #expect(!loop.deliver(fd: 8))  // not registered
        #expect(loop.deliver(signal: 15))
        #expect(!loop.deliver(signal: 10))
        #expect(seen == [.readable])
        #expect(signals == [15])
        #expect(loop.deliver(fd: 7, .invalid))
        #expect(loop.registeredDescriptors.isEmpty)
    }
}
