import GaugeSystem

/// The run loop: one thread, one poll(2). Everything the panel waits for is a file
/// descriptor: sensors, the DRM fd (page-flip events), evdev, inotify, one timerfd for
/// all timers (armed to the earliest deadline, absolute CLOCK_MONOTONIC, so the loop
/// wakes only for real deadlines) and one signalfd (signals become ordinary events, so
/// handlers run on the loop thread, not in async-signal context).
///
/// Not thread-safe by design: create it, register and run it on one thread; handlers
/// may register, schedule, cancel and `stop()` freely.
public final class EventLoop: LoopScheduler {
    public struct Statistics: Sendable, Equatable {
        /// Returns from poll(2): the number to watch for "wake-ups per second".
        public var wakeups: UInt64 = 0
        public var timersFired: UInt64 = 0
        public var descriptorEvents: UInt64 = 0
        public var signals: UInt64 = 0
        /// timerfd_settime calls (only when the earliest deadline changes).
        public var timerRearms: UInt64 = 0
        /// Registrations dropped because their descriptor was closed behind the loop.
        public var invalidDescriptors: UInt64 = 0
        public init() {}
    }

    private struct Registration {
        var events: FileEvents
        var handler: (FileEvents) -> Void
        /// Distinguishes a re-registration of the same fd made by a handler in this pass.
        var generation: UInt64
    }

    public private(set) var statistics = Statistics()
    private let system: any LoopSystemCalls
    private var timers = TimerQueue<() -> Void>()
    private var registrations: [Int32: Registration] = [:]
    private var generation: UInt64 = 0
    private var pollSet: [PollDescriptor] = []
    private var pollSetValid = false
    private let timerFD: Int32
    private var armedDeadline: UInt64?
    private var signalFD: Int32?
    private var signalHandlers: [Int32: (Int32) -> Void] = [:]
    private var savedMask: SignalMask?
    private var stopRequested = false
    private var closed = false

    public init(system: any LoopSystemCalls = LinuxLoopSystemCalls()) throws(LoopError) {
        self.system = system
        do { timerFD = try system.createTimer() } catch { throw LoopError(call: "timerfd_create", errno: error) }
    }

    deinit { close() }

    /// Closes the timerfd and signalfd, restores the signal mask and drops every
    /// handler (handlers usually capture the loop: dropping them breaks that cycle so
    /// the loop can be freed). Idempotent; the loop cannot run afterwards.
    public func close() {
        guard !closed else { return }
        closed = true
        stopRequested = true
        system.close(timerFD)
        if let signalFD { system.close(signalFD) }
        if let savedMask { system.restoreSignalMask(savedMask) }
        registrations = [:]
        signalHandlers = [:]
        timers = TimerQueue()
    }

    public var now: UInt64 { system.monotonicNanoseconds() }
    public var wakeupCount: UInt64 { statistics.wakeups }

    /// Scheduled timers (live ones).
    public var timerCount: Int { timers.count }
    public var nextDeadline: UInt64? { timers.nextDeadline }

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
        generation += 1
        registrations[fd] = Registration(events: events, handler: handler, generation: generation)
        pollSetValid = false
    }

    public func unregister(fd: Int32) {
        if registrations.removeValue(forKey: fd) != nil { pollSetValid = false }
    }

    public var registeredDescriptors: [Int32] { registrations.keys.sorted() }

    /// Blocks `signals` in this thread and routes them through the signalfd. Call it
    /// before any other thread starts (threads inherit the mask), or a signal may be
    /// delivered to a thread that does not block it and take its default action.
    public func onSignals(_ signals: [Int32], _ handler: @escaping (Int32) -> Void) throws(LoopError) {
        let all = Array(Set(signalHandlers.keys).union(signals)).sorted()
        let previous = try system.blockSignals(all)
        if savedMask == nil { savedMask = previous }
        signalFD = try system.createSignalDescriptor(all, existing: signalFD)
        for s in signals { signalHandlers[s] = handler }
        pollSetValid = false
    }

    public func stop() { stopRequested = true }

    /// Runs until `stop()`. Returns the error of a failing poll or timerfd call.
    public func run() throws(LoopError) {
        stopRequested = closed
        while !stopRequested { try runOnce(timeoutMilliseconds: -1) }
    }

    /// One iteration: re-arm the timerfd if needed, wait (-1 forever), then serve timers,
    /// signals and descriptors. Tests and embedding code may drive the loop with this.
    public func runOnce(timeoutMilliseconds: Int32 = -1) throws(LoopError) {
        guard !closed else { throw LoopError(call: "EventLoop.runOnce", subject: "loop closed", errno: .badFileDescriptor) }
        try rearmTimer()
        if !pollSetValid { rebuildPollSet() }
        var ready = pollSet
        do { _ = try system.poll(&ready, timeoutMilliseconds: timeoutMilliseconds) } catch {
            throw LoopError(call: "poll", errno: error)
        }
        statistics.wakeups += 1

        var timerReady = false
        var signalReady = false
        var fdReady: [(fd: Int32, events: FileEvents, generation: UInt64)] = []
        for d in ready where !d.returned.isEmpty {
            if d.fd == timerFD {
                timerReady = true
            } else if d.fd == signalFD {
                signalReady = true
            } else if let r = registrations[d.fd] {
                fdReady.append((d.fd, d.returned, r.generation))
            }
        }
        if timerReady {
            // The count is irrelevant: due timers are found by comparing with the clock.
            do { _ = try system.readTimer(timerFD) } catch {
                throw LoopError(call: "read timerfd", subject: "fd \(timerFD)", errno: error)
            }
            armedDeadline = nil
        }
        if signalReady, let signalFD { try serveSignals(signalFD) }
        for (fd, events, gen) in fdReady {
            // A handler earlier in this pass may have unregistered or replaced it.
            guard let r = registrations[fd], r.generation == gen else { continue }
            statistics.descriptorEvents += 1
            r.handler(events)
            if events.contains(.invalid), registrations[fd]?.generation == gen {
                statistics.invalidDescriptors += 1
                unregister(fd: fd)
            }
        }
        serveTimers()
    }

    private func serveTimers() {
        // Only timers that existed before this pass: one scheduled "now" by a handler
        // runs in the next iteration, so a handler cannot keep the loop here forever.
        let mark = timers.sequenceMark
        let t = now
        while let due = timers.popDue(now: t, sequenceLimit: mark) {
            statistics.timersFired += 1
            due.payload()
        }
    }

    private func serveSignals(_ fd: Int32) throws(LoopError) {
        for s in try system.readSignals(fd) {
            statistics.signals += 1
            signalHandlers[s]?(s)
        }
    }

    private func rearmTimer() throws(LoopError) {
        let wanted = timers.nextDeadline
        guard wanted != armedDeadline else { return }
        do { try system.setTimer(timerFD, deadline: wanted) } catch {
            throw LoopError(call: "timerfd_settime", subject: "fd \(timerFD)", errno: error)
        }
        statistics.timerRearms += 1
        armedDeadline = wanted
    }

    private func rebuildPollSet() {
        pollSet = [PollDescriptor(fd: timerFD, events: .readable)]
        if let signalFD { pollSet.append(PollDescriptor(fd: signalFD, events: .readable)) }
        for fd in registrations.keys.sorted() {
            pollSet.append(PollDescriptor(fd: fd, events: registrations[fd]!.events))
        }
        pollSetValid = true
    }
}
