import GaugeSystem
/// A deterministic loop for unit tests, after swift-nio's EmbeddedEventLoop: time moves
/// only with `advance(by:)`, which runs every timer due by then in deadline order with
/// `now` set to each timer's deadline; descriptors and signals are delivered by hand.
/// The same `TimerQueue` as the real loop, so scheduling logic is what gets tested.
public final class TestEventLoop: LoopScheduler {
    public private(set) var now: UInt64
    public private(set) var timersFired: UInt64 = 0
    public private(set) var isStopped = false
    private var timers = TimerQueue<() -> Void>()
    private var registrations: [Int32: (events: FileEvents, handler: (FileEvents) -> Void)] = [:]
    private var signalHandlers: [Int32: (Int32) -> Void] = [:]

    public init(now: UInt64 = 0) { self.now = now }

    public var timerCount: Int { timers.count }
    /// Each timer that ran counts as a wake-up.
    public var wakeupCount: UInt64 { timersFired }
    public var nextDeadline: UInt64? { timers.nextDeadline }
    public var registeredDescriptors: [Int32] { registrations.keys.sorted() }
    public var handledSignals: [Int32] { signalHandlers.keys.sorted() }

    @discardableResult
    public func schedule(at deadline: UInt64, _ handler: @escaping () -> Void) -> TimerID {
        timers.schedule(at: deadline, handler)
    }

    @discardableResult
    public func scheduleRepeating(every period: UInt64, first: UInt64?, _ handler: @escaping () -> Void) -> TimerID {
        timers.scheduleRepeating(every: period, first: first, now: now, handler)
    }

    @discardableResult
    public func cancel(_ timer: TimerID) -> Bool { timers.cancel(timer) }

    public func register(fd: Int32, events: FileEvents, _ handler: @escaping (FileEvents) -> Void) {
        registrations[fd] = (events, handler)
    }

    public func unregister(fd: Int32) { registrations[fd] = nil }

    public func onSignals(_ signals: [Int32], _ handler: @escaping (Int32) -> Void) throws(LoopError) {
        for s in signals { signalHandlers[s] = handler }
    }

    public func stop() { isStopped = true }

    /// Drops every timer, registration and signal handler, as `EventLoop.close()` does
    /// (that is what frees owners their handlers capture). Time still moves with `advance`.
    public func close() {
        timers = TimerQueue()
        registrations = [:]
        signalHandlers = [:]
    }

    /// Moves time forward by `delta`, running due timers in order (including ones that
    /// handlers schedule inside the window). Returns how many ran.
    @discardableResult
    public func advance(by delta: UInt64) -> Int {
        advance(to: now &+ delta)
    }

    @discardableResult
    public func advance(to target: UInt64) -> Int {
        var ran = 0
        while let deadline = timers.nextDeadline, deadline <= target,
            let due = timers.popDue(now: max(deadline, now))
        {
            now = max(now, due.deadline)
            ran += 1
            timersFired += 1
            due.payload()
        }
        now = max(now, target)
        return ran
    }

    /// Runs timers due at the current time (what one loop pass would do).
    @discardableResult
    public func runDue() -> Int { advance(by: 0) }

    /// Delivers readiness to a registered descriptor; false if none is registered or it
    /// did not ask for any of `events` (hang-up, error and invalid are always delivered).
    @discardableResult
    public func deliver(fd: Int32, _ events: FileEvents = .readable) -> Bool {
        guard let r = registrations[fd] else { return false }
        let wanted = events.intersection(r.events.union([.hangup, .error, .invalid]))
        guard !wanted.isEmpty else { return false }
        r.handler(wanted)
        if wanted.contains(.invalid) { registrations[fd] = nil }
        return true
    }

    /// Delivers a signal as the signalfd would; false if no handler is installed for it.
    @discardableResult
    public func deliver(signal: Int32) -> Bool {
        guard let h = signalHandlers[signal] else { return false }
        h(signal)
        return true
    }
}
