import Testing
@testable import GaugeSensors

/// What the log says of a source over an hour of each way of failing: a healthy life line
/// by line, a source that is down or flaps a few lines an hour.
@Suite struct SourceJournalTests {
    static let s = Nanoseconds.perSecond
    static let hour = 3_600 * s

    /// Drives a journal like the sensor service: events, then what is due, at each step.
    struct Driver {
        var journal = SourceJournal()
        var said: [SourceJournal.Line] = []
        var failures: UInt64 = 0

        mutating func open(_ now: UInt64) {
            if let l = journal.opened(now: now, line: "connected") { said.append(l) }
            due(now)
        }

        mutating func fail(
            _ now: UInt64, _ line: String = "lost (hung up); its channels show no value until it returns",
            reason: String = "lost (hung up)"
        ) {
            failures += 1
            if let l = journal.failed(now: now, line: line, reason: reason, failures: failures) { said.append(l) }
            due(now)
        }

        /// A failure the source retried quietly: counted by the source, never an event.
        mutating func quietRetry(_ now: UInt64) {
            failures += 1
            due(now)
        }

        mutating func due(_ now: UInt64) {
            if let l = journal.due(now: now, failures: failures) { said.append(l) }
        }
    }

    @Test func aHealthyLifeIsSaidLineByLine() {
        var d = Driver()
        d.open(0)
        d.fail(3_600 * Self.s)
        for t in stride(from: 3_601, to: 3_630, by: 1) { d.quietRetry(UInt64(t) * Self.s) }
        d.open(3_630 * Self.s)
        d.due(3_700 * Self.s)
        #expect(d.said.map(\.text) == ["connected", "lost (hung up); its channels show no value until it returns", "connected"])
        #expect(d.said.map(\.isWarning) == [false, true, false])
        #expect(!d.journal.isFailing && d.journal.deadline == nil)
        // Lost again long after: said again in full.
        d.fail(5 * Self.hour)
        #expect(d.said.count == 4 && d.said[3].isWarning)
    }

    /// A TCP server that accepts and closes at once, every second, for an hour.
    @Test func aFlappingSourceCostsAFewLinesAnHour() {
        var d = Driver()
        var t: UInt64 = 0
        while t < Self.hour {
            d.open(t)
            d.fail(t + 1_000_000)
            t += Self.s
        }
        let texts = d.said.map(\.text)
        #expect(texts.count <= 9, "\(texts)")
        #expect(texts[0] == "connected" && texts[1].hasPrefix("lost (hung up)") && texts[2] == "connected")
        #expect(
            texts[3] == "lost (hung up) again, 0.0 s after it came back: it keeps failing; retried quietly, with a line now and then while it does")
        #expect(texts[4] == "still failing: 61 failures in 60 s (last: lost (hung up)); retried quietly")
        #expect(texts.last?.hasPrefix("still failing: ") == true)
        // The next hour: one line.
        let before = d.said.count
        while t < 2 * Self.hour {
            d.open(t)
            d.fail(t + 1_000_000)
            t += Self.s
        }
        #expect(d.said.count - before == 1, "\(d.said.suffix(3))")
        // It settles: said once.
        d.open(t)
        d.due(t + 5 * Self.s)
        #expect(d.journal.isFailing)
        d.due(t + 10 * Self.s)
        #expect(!d.journal.isFailing)
        #expect(d.said.last?.text.hasPrefix("steady again (connected for 10 s) after ") == true, "\(d.said.last!)")
    }

    /// A server that is away for a day: its first failure, then summaries at 1, 3, 7, 15,
    /// 31 and 63 minutes, then hourly.
    @Test func aSourceThatStaysDownIsSummarisedAtGrowingIntervals() {
        var d = Driver()
        d.fail(0, "cannot open: connection refused — is the server running?", reason: "cannot open: connection refused")
        var t: UInt64 = 0
        while t < 24 * Self.hour {
            t += Self.s
            d.quietRetry(t)
        }
        let summaries = d.said.dropFirst()
        #expect(summaries.count == 5 + 23, "\(d.said.map(\.text).prefix(8))")
        #expect(summaries.first?.text == "still failing: 61 failures in 60 s (last: cannot open: connection refused); retried quietly")
        #expect(d.said[2].text.hasPrefix("still failing: 181 failures in 3 min"))
        // Nothing new to count: nothing said.
        var q = Driver()
        q.fail(0)
        q.due(Self.hour)
        #expect(q.said.count == 1)
    }

    /// Failures that differ are each said once per episode, up to a bound; notices too.
    @Test func distinctFailuresAreSaidOnceEach() {
        var d = Driver()
        d.fail(0, "cannot open: refused", reason: "refused")
        for i in 0..<100 {
            d.fail(UInt64(i + 1) * 1_000, "cannot open: error \(i % 20)", reason: "error")
            if let n = d.journal.notice("the broker refused the login") { d.said.append(n) }
        }
        #expect(d.said.count == SourceJournal.distinctFailures, "\(d.said.map(\.text))")
        #expect(d.said.filter { $0.text == "the broker refused the login" }.count == 1)
    }

    @Test func durationsReadNaturally() {
        let ms: [UInt64] = [0, 300, 9_900, 10_000, 119_000, 120_000, 7_140_000, 7_200_000, 11_100_000]
        #expect(
            ms.map { SourceJournal.duration($0 * 1_000_000) }
                == ["0.0 s", "0.3 s", "9.9 s", "10 s", "119 s", "2 min", "119 min", "2 h", "3 h 5 min"])
    }
}
