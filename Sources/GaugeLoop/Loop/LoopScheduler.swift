import GaugeSystem
/// Names a scheduled timer, to cancel it.
public struct TimerID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (a: TimerID, b: TimerID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "timer#\(rawValue)" }
}

/// What the real `EventLoop` and the deterministic `TestEventLoop` share: time, timers,
/// descriptors and signals, all served on the loop's one thread. Components that only
/// need these (the frame scheduler, the watchdog) are written against this protocol and
/// tested on the `TestEventLoop`.
public protocol LoopScheduler: AnyObject {
    /// Monotonic nanoseconds.
    var now: UInt64 { get }
    /// Runs `handler` once at `deadline` (at once, in the next iteration, if past).
    @discardableResult
    func schedule(at deadline: UInt64, _ handler: @escaping () -> Void) -> TimerID
    /// Runs `handler` every `period` (≥ 1 ns), first at `first` (default now + period).
    /// Deadlines stay on the grid first + k·period; missed ticks are skipped, not bunched.
    @discardableResult
    func scheduleRepeating(every period: UInt64, first: UInt64?, _ handler: @escaping () -> Void) -> TimerID
    /// False if the timer had already fired (one-shot) or was cancelled.
    @discardableResult
    func cancel(_ timer: TimerID) -> Bool

    /// Calls `handler` with the ready conditions whenever `fd` is ready for `events`.
    /// Replaces an earlier registration of the same descriptor.
    func register(fd: Int32, events: FileEvents, _ handler: @escaping (FileEvents) -> Void)
    func unregister(fd: Int32)
    /// Calls `handler` with the signal number when one of `signals` arrives.
    func onSignals(_ signals: [Int32], _ handler: @escaping (Int32) -> Void) throws(LoopError)
    /// Makes `run()` return after the current iteration.
    func stop()
    /// How many times the loop woke up (the statistics line's `wakeups`).
    var wakeupCount: UInt64 { get }
    /// Releases the loop's own descriptors (where it has any) and drops every handler:
    /// handlers hold their owners strongly (Embedded Swift has no weak or unowned
    /// references), so closing the loop is what frees them. Timers, descriptors and
    /// signals are not served afterwards.
    func close()
}

extension LoopScheduler {
    @discardableResult
    public func schedule(after delay: UInt64, _ handler: @escaping () -> Void) -> TimerID {
        schedule(at: now &+ delay, handler)
    }
    @discardableResult
    public func scheduleRepeating(every period: UInt64, _ handler: @escaping () -> Void) -> TimerID {
        scheduleRepeating(every: period, first: nil, handler)
    }
}
