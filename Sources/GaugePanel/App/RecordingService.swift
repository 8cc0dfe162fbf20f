import GaugeSensors

/// `run --record`: every sample as its source gave it (before routing and processing),
/// appended to a file and flushed each second, so a crash loses at most that.
final class RecordingService<Loop: LoopScheduler>: PanelService {
    private let path: String?
    private var recorder: Recorder?
    private let log: PanelLogger
    private var loop: Loop?
    private var timer: TimerID?

    init(path: String?, log: PanelLogger) {
        self.path = path
        self.log = log
    }

    func start(on loop: Loop) {
        self.loop = loop
        guard let path else { return }
        let r = Recorder(path: path)
        if let e = r.lastError {
            warn("record: \(e) (recording off)")
            return
        }
        recorder = r
        log.info("recording samples to \(path)")
        timer = loop.scheduleRepeating(every: Nanoseconds.perSecond) { [self] in self.flush() }
    }

    /// Writes what is buffered.
    func stop() {
        flush()
        if let timer, let loop { loop.cancel(timer) }
        timer = nil
    }

    func record(_ sample: Sample, now: UInt64) {
        recorder?.record(sample, now: now)
    }

    private func flush() {
        recorder?.flush()
        if let e = recorder?.lastError { warn("record: \(e)") }
    }

    private func warn(_ message: String) { log.warn("record", message, now: loop?.now ?? 0) }
}
