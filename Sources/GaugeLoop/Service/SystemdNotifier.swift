/// A state change to report to systemd (sd_notify(3) keys).
public enum NotifyMessage: Sendable, Equatable {
    case ready
    /// Free text shown by `systemctl status`; newlines are replaced by spaces.
    case status(String)
    case watchdog
    case stopping
    /// With the time of the reload request, as Type=notify-reload requires.
    case reloading(monotonicMicroseconds: UInt64)

    var line: String {
        switch self {
        case .ready: return "READY=1"
        case .status(let text):
            return "STATUS=" + String(text.map { $0.isNewline ? " " : $0 })
        case .watchdog: return "WATCHDOG=1"
        case .stopping: return "STOPPING=1"
        case .reloading(let us): return "RELOADING=1\nMONOTONIC_USEC=\(us)"
        }
    }
}

/// sd_notify without libsystemd: one datagram per call to the unix socket named by
/// NOTIFY_SOCKET (a path, or '@name' in the abstract namespace). Without NOTIFY_SOCKET
/// (started by hand) every call does nothing, so the panel runs the same either way.
public struct SystemdNotifier {
    public let socketPath: String?
    /// WATCHDOG_USEC in nanoseconds, when the watchdog is on for this process.
    public let watchdogInterval: UInt64?
    private let system: any LoopSystemCalls

    /// Reads NOTIFY_SOCKET, WATCHDOG_USEC and WATCHDOG_PID (the watchdog is ours only if
    /// WATCHDOG_PID is absent or equals our pid, as sd_watchdog_enabled decides).
    public init(environment: [String: String], system: any LoopSystemCalls = LinuxLoopSystemCalls()) {
        self.system = system
        let socket = environment["NOTIFY_SOCKET"] ?? ""
        socketPath = socket.isEmpty ? nil : socket
        var interval: UInt64?
        if let text = environment["WATCHDOG_USEC"], let us = UInt64(text), us > 0 {
            let pidMatches = environment["WATCHDOG_PID"].map { Int32($0) == system.processID() } ?? true
            if pidMatches { interval = us.multipliedReportingOverflow(by: 1000).overflow ? nil : us * 1000 }
        }
        watchdogInterval = interval
    }

    public var isEnabled: Bool { socketPath != nil }

    /// Pet the watchdog at half its interval, as systemd recommends.
    public var watchdogPetInterval: UInt64? { watchdogInterval.map { max($0 / 2, 1) } }

    /// Sends `messages` in one datagram. Does nothing (success) without NOTIFY_SOCKET.
    public func notify(_ messages: [NotifyMessage]) -> Result<Void, LoopError> {
        guard let socketPath, !messages.isEmpty else { return .success(()) }
        let text = messages.map { $0.line }.joined(separator: "\n") + "\n"
        do { try system.sendDatagram(Array(text.utf8), to: socketPath) } catch { return .failure(error) }
        return .success(())
    }

    public func notify(_ message: NotifyMessage) -> Result<Void, LoopError> { notify([message]) }

    /// RELOADING=1 stamped with the current monotonic time.
    public func reloading() -> Result<Void, LoopError> {
        notify(.reloading(monotonicMicroseconds: system.monotonicNanoseconds() / 1000))
    }

    /// Schedules WATCHDOG=1 every `watchdogPetInterval` on the loop; a pet proves the loop
    /// still turns. `onError` hears failed sends (rate-limit its logging). Returns the
    /// timer (cancel it on shutdown), or nil when the watchdog is off.
    @discardableResult
    public func startWatchdog(
        on loop: some LoopScheduler,
        onError: @escaping (LoopError) -> Void = { _ in }
    ) -> TimerID? {
        guard isEnabled, let period = watchdogPetInterval else { return nil }
        let notifier = self
        return loop.scheduleRepeating(every: period, first: loop.now &+ period) {
            if case .failure(let e) = notifier.notify(.watchdog) { onError(e) }
        }
    }
}
