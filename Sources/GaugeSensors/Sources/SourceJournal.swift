/// What the log says about one source's connection over time, so that a source that keeps
/// failing costs a few journal lines an hour instead of two a second.
///
/// A healthy source's life is said line by line: connected, lost (with the reason and the
/// fix), connected again. From a loss on, the source is in a *failure episode* that ends
/// only when a connection has held for `settleTime`:
/// - each distinct failure is said once per episode (at most `distinctFailures` of them, notices included);
/// - the first reconnection is said at once ("connected again"); a connection that fails
///   again before it has settled is said once as flapping, and the episode goes on quietly;
/// - while it lasts, "still failing: N failures in T" at growing intervals (1, 3, 7, 15,
///   31, 63 minutes into it, then hourly), only when there were new failures;
/// - a flapping source that settles is said once to be steady again.
/// Pure (no clock, no log): the caller passes the time and logs what is returned.
public struct SourceJournal: Sendable {
    /// A line to log and its priority.
    public struct Line: Sendable, Equatable {
        public var text: String
        public var isWarning: Bool
    }

    /// How long a connection must hold before its failure episode is over.
    public static let settleTime: UInt64 = 10 * Nanoseconds.perSecond
    /// The first "still failing" line comes this long after the episode starts; the gap to
    /// the next one doubles each time, up to `longestSummaryInterval`.
    public static let firstSummaryInterval: UInt64 = 60 * Nanoseconds.perSecond
    public static let longestSummaryInterval: UInt64 = 3_600 * Nanoseconds.perSecond
    public static let distinctFailures = 8

    private struct Episode: Sendable {
        var since: UInt64
        /// The failures seen in it (the source's own count when it keeps one).
        var failures: UInt64 = 1
        /// The source's own count when the episode started, less one.
        var baseline: UInt64 = 0
        var failuresAtLastSummary: UInt64 = 1
        var reconnects: UInt64 = 0
        var lastReason: String
        var said: [String] = []
        var saidFlapping = false
        var nextSummary: UInt64
        var summaryInterval: UInt64 = SourceJournal.firstSummaryInterval
    }

    private enum State: Sendable {
        /// Neither opened nor failed yet.
        case fresh
        /// Open since then; `episode` while it has not settled after failures.
        case up(since: UInt64, episode: Episode?)
        case down(Episode)
    }

    private var state = State.fresh

    public init() {}

    /// Whether a failure episode is going on (down, or up but not settled).
    public var isFailing: Bool {
        switch state {
        case .fresh, .up(_, nil): false
        default: true
        }
    }

    /// When `due` has something to say or decide, if no event comes first.
    public var deadline: UInt64? {
        switch state {
        case .fresh, .up(_, nil): nil
        case .up(let since, let e?): min(since &+ Self.settleTime, e.nextSummary)
        case .down(let e): e.nextSummary
        }
    }

    /// The source opened. `line` is said for the first opening and the first reopening of
    /// an episode; later reopenings are quiet until one settles.
    public mutating func opened(now: UInt64, line: String) -> Line? {
        switch state {
        case .fresh:
            state = .up(since: now, episode: nil)
            return Line(text: line, isWarning: false)
        case .up:
            return nil
        case .down(var e):
            e.reconnects &+= 1
            state = .up(since: now, episode: e)
            return e.reconnects == 1 ? Line(text: line, isWarning: false) : nil
        }
    }

    /// The source failed: `line` is the full sentence (reason and fix), `reason` the short
    /// words the summaries repeat. `failures`: the source's own count of failures, when it
    /// keeps one (a source that retries quietly counts the retries the journal never sees).
    public mutating func failed(now: UInt64, line: String, reason: String, failures: UInt64? = nil) -> Line? {
        switch state {
        case .fresh, .up(_, nil):
            return startEpisode(now: now, line: line, reason: reason, failures: failures)
        case .up(let since, var e?):
            if now &- since >= Self.settleTime {
                return startEpisode(now: now, line: line, reason: reason, failures: failures)
            }
            Self.count(&e, reason: reason, failures: failures)
            defer { state = .down(e) }
            if !e.saidFlapping {
                e.saidFlapping = true
                Self.remember(&e, line)
                return Line(
                    text: "\(reason) again, \(Self.duration(now &- since)) after it came back: it keeps failing;"
                        + " retried quietly, with a line now and then while it does", isWarning: true)
            }
            return Self.sayOnce(&e, line)
        case .down(var e):
            Self.count(&e, reason: reason, failures: failures)
            defer { state = .down(e) }
            return Self.sayOnce(&e, line)
        }
    }

    /// What is due at `now`: a "still failing" summary, or the end of an episode.
    /// `failures`: the source's own count, as for `failed`.
    public mutating func due(now: UInt64, failures: UInt64? = nil) -> Line? {
        switch state {
        case .fresh, .up(_, nil):
            return nil
        case .up(let since, var e?):
            if let f = failures { e.failures = max(e.failures, f &- e.baseline) }
            if now &- since >= Self.settleTime {
                state = .up(since: since, episode: nil)
                guard e.saidFlapping || e.failuresAtLastSummary != 1 else { return nil }
                return Line(
                    text: "steady again (connected for \(Self.duration(now &- since))) after "
                        + "\(e.failures) failures in \(Self.duration(now &- e.since))", isWarning: false)
            }
            defer { state = .up(since: since, episode: e) }
            return Self.summary(&e, now: now)
        case .down(var e):
            if let f = failures { e.failures = max(e.failures, f &- e.baseline) }
            defer { state = .down(e) }
            return Self.summary(&e, now: now)
        }
    }

    /// Something else the source has to say (a refused login, a malformed packet): said
    /// when the source is healthy; during an episode, each distinct one once.
    public mutating func notice(_ line: String) -> Line? {
        switch state {
        case .fresh, .up(_, nil):
            return Line(text: line, isWarning: true)
        case .up(let since, var e?):
            defer { state = .up(since: since, episode: e) }
            return Self.sayOnce(&e, line)
        case .down(var e):
            defer { state = .down(e) }
            return Self.sayOnce(&e, line)
        }
    }

    private mutating func startEpisode(now: UInt64, line: String, reason: String, failures: UInt64?) -> Line {
        var e = Episode(since: now, lastReason: reason, nextSummary: now &+ Self.firstSummaryInterval)
        if let f = failures {
            // The source's count goes on across episodes: this episode's part of it.
            e.baseline = f &- 1
        }
        Self.remember(&e, line)
        state = .down(e)
        return Line(text: line, isWarning: true)
    }

    private static func count(_ e: inout Episode, reason: String, failures: UInt64?) {
        e.lastReason = reason
        if let f = failures { e.failures = max(e.failures, f &- e.baseline) } else { e.failures &+= 1 }
    }

    private static func remember(_ e: inout Episode, _ line: String) {
        if !e.said.contains(line), e.said.count < Self.distinctFailures { e.said.append(line) }
    }

    private static func sayOnce(_ e: inout Episode, _ line: String) -> Line? {
        guard !e.said.contains(line), e.said.count < Self.distinctFailures else { return nil }
        e.said.append(line)
        return Line(text: line, isWarning: true)
    }

    private static func summary(_ e: inout Episode, now: UInt64) -> Line? {
        guard now >= e.nextSummary else { return nil }
        e.summaryInterval = min(e.summaryInterval &* 2, Self.longestSummaryInterval)
        e.nextSummary = now &+ e.summaryInterval
        guard e.failures > e.failuresAtLastSummary else { return nil }
        e.failuresAtLastSummary = e.failures
        return Line(
            text: "still failing: \(e.failures) failures in \(Self.duration(now &- e.since)) (last: \(e.lastReason));"
                + " retried quietly", isWarning: true)
    }

    /// "0.3 s", "42 s", "12 min", "3 h 5 min".
    static func duration(_ ns: UInt64) -> String {
        let tenths = ns / (Nanoseconds.perSecond / 10)
        if tenths < 100 { return "\(tenths / 10).\(tenths % 10) s" }
        let s = tenths / 10
        if s < 120 { return "\(s) s" }
        let m = s / 60
        if m < 120 { return "\(m) min" }
        return m % 60 == 0 ? "\(m / 60) h" : "\(m / 60) h \(m % 60) min"
    }
}
