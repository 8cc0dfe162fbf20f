import GaugeTestSupport
import Testing
@testable import GaugeLoop

@Suite struct RateLimitedLogTests {
    static let s: UInt64 = 1_000_000_000

    func make(window: UInt64 = 10 * s, capacity: Int = 256) -> (RateLimitedLog, CapturedLines) {
        let sink = CapturedLines()
        return (RateLimitedLog(sink: sink, window: window, capacity: capacity), sink)
    }

    @Test func firstOccurrenceIsLoggedAndRepeatsAreCounted() {
        var (log, sink) = make()
        let ok38 = log.log(.warning, key: "serial", "ttyUSB0 gone", now: 0)
        #expect(ok38)
        for i in 1...5 {
            let written = log.log(.warning, key: "serial", "ttyUSB0 gone", now: UInt64(i) * Self.s)
            #expect(!written)
        }
        #expect(sink.lines == ["ttyUSB0 gone"])
        #expect(log.suppressedCount("serial") == 5)
        // After the window the next occurrence carries the count.
        let ok43 = log.log(.warning, key: "serial", "ttyUSB0 gone", now: 10 * Self.s)
        #expect(ok43)
        #expect(sink.lines == ["ttyUSB0 gone", "ttyUSB0 gone (5 more suppressed)"])
    }

    @Test func keysAreIndependent() {
        var (log, sink) = make()
        log.log(.error, key: "a", "A", now: 0)
        log.log(.error, key: "b", "B", now: 1)
        log.log(.error, key: "a", "A", now: 2)
        #expect(sink.lines == ["A", "B"])
    }

    @Test func flushSummarisesWindowsThatEnded() {
        var (log, sink) = make()
        log.log(.notice, key: "k", "sensor stale", now: 0)
        log.log(.notice, key: "k", "sensor stale again", now: 3 * Self.s)
        log.log(.notice, key: "quiet", "once", now: 0)
        #expect(log.nextFlush == 10 * Self.s)
        log.flush(now: 9 * Self.s)
        #expect(sink.lines == ["sensor stale", "once"])
        log.flush(now: 10 * Self.s)
        #expect(sink.lines == ["sensor stale", "once", "sensor stale again (1 more suppressed)"])
        #expect(log.nextFlush == nil)
        // The summary does not repeat, and the key starts afresh.
        log.flush(now: 100 * Self.s)
        let ok68 = log.log(.notice, key: "k", "back", now: 101 * Self.s)
        #expect(ok68)
        #expect(sink.lines.last == "back")
        #expect(sink.levels.allSatisfy { $0 == .notice })
    }

    @Test func memoryIsBoundedAndEvictionKeepsCounts() {
        var (log, sink) = make(capacity: 2)
        log.log(.info, key: "a", "A", now: 0)
        log.log(.info, key: "a", "A", now: 1)
        log.log(.info, key: "b", "B", now: 2)
        log.log(.info, key: "c", "C", now: 3)  // evicts "a", writing its summary
        #expect(sink.lines == ["A", "B", "A (1 more suppressed)", "C"])
        #expect(log.suppressedCount("a") == 0)
    }
}
