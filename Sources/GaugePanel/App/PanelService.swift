import GaugeLoop

/// A part of the running panel that lives on the loop: it owns its descriptors and
/// timers, registers them in `start(on:)` and removes them in `stop()`. Nothing else
/// registers on its behalf, so stopping a service leaves nothing of it on the loop.
///
/// Services reach each other by plain references in one direction (sensors and input
/// feed the display service; nothing points back), so no service keeps another alive
/// in a cycle; the loop's handlers, which do hold them, go with `loop.close()`.
protocol PanelService: AnyObject {
    associatedtype Loop: LoopScheduler
    func start(on loop: Loop)
    /// Safe before `start(on:)` and more than once.
    func stop()
}

/// The runtime's log, shared by its services: plain lines, and warnings that may repeat
/// (a device failing every poll) rate-limited by key.
final class PanelLogger {
    private var limited: RateLimitedLog

    init(sink: any PanelLog) { limited = RateLimitedLog(sink: sink) }

    var sink: any PanelLog { limited.sink }

    func info(_ message: String) { limited.sink.log(.info, message) }

    func warn(_ key: String, _ message: String, now: UInt64) {
        _ = limited.log(.warning, key: key, message, now: now)
    }

    /// Writes what the windows ending by `now` suppressed.
    func flush(now: UInt64) { limited.flush(now: now) }
}
