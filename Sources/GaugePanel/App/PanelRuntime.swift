import GaugeConfig
import GaugeDisplay
import GaugeDisplayDevices
import GaugeImages
import GaugeInput
import GaugeRaster
import GaugeSensors
import GaugeSystem
import GaugeWidgets

/// `gaugepanel run`: one thread, one loop. Sensors, input and the display's flip events
/// arrive as descriptors and timers; readings make the frame scheduler draw at most once
/// per refresh, only what changed; signals stop (TERM, INT), reload (HUP) or snapshot
/// (USR1). Nothing wakes the process when nothing changes, beyond sensor polls.
///
/// Generic over its loop and given its display: `PanelRuntime.open` wires the real
/// `EventLoop`, the board's display and the console for `gaugepanel run`; tests give it a
/// `TestEventLoop` and an `OffscreenDisplay` and drive the whole panel — board file in,
/// frames out — deterministically (PanelRuntimeTests).
public final class PanelRuntime<Loop: LoopScheduler> {
    let options: RunOptions
    var board: BoardConfiguration
    var state: PanelState
    let loop: Loop
    let display: any Display
    var fonts: PanelFonts
    var composer: FrameComposer
    var log: RateLimitedLog
    let notifier: SystemdNotifier
    private var console: ConsoleGraphicsMode?
    private(set) var scheduler: FrameScheduler<Loop>!
    /// Everything registered for the current board (dropped on reload).
    var sensorTimers: [TimerID] = []
    var sensorFDs: [Int32] = []
    /// One timer per serial line, for its next deadline (reopen, ELM327 poll).
    var serialTimers: [Int: TimerID] = [:]
    /// Per serial line not open: its folder's inotify descriptor, registered on the loop.
    var serialWatches: [Int: Int32] = [:]
    /// Per line: its descriptor as registered and for what (writable while a TCP connect
    /// is in progress), so that a change re-registers it.
    var serialRegistrations: [Int: (fd: Int32, events: FileEvents)] = [:]
    /// One timer per replayed recording, for its next sample.
    var replayTimers: [Int: TimerID] = [:]
    var sensors: SensorHub
    var input: InputHub?
    var inputTimer: TimerID?
    private var wakeTimer: (id: TimerID, at: UInt64)?
    private var snapshotTimer: TimerID?
    private var startTime: UInt64 = 0
    var summary = RunSummary()
    /// Decoded names no channel reads, already logged once.
    var unreadNames: Set<String> = []
    /// `--record`: where samples are written as they arrive.
    var recorder: Recorder?
    /// When the oldest reading not yet on screen was read (latency measurement).
    var pendingSince: UInt64?
    private var latencyTotal: UInt64 = 0
    private var isShutDown = false

    /// `environment`: the service's `NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID`.
    /// `console`: switched back to text mode at shutdown.
    public init(options: RunOptions, board: BoardConfiguration, display: any Display, loop: Loop, log sink: any PanelLog,
                environment: [String: String] = [:], console: ConsoleGraphicsMode? = nil) throws(RunError) {
        self.options = options
        self.board = board
        self.display = display
        self.loop = loop
        self.console = console
        log = RateLimitedLog(sink: sink)
        notifier = SystemdNotifier(environment: environment)
        state = PanelState(board: board, animates: options.animates)
        fonts = PanelFonts(board.fonts)
        composer = FrameComposer(tracksDamage: options.tracksDamage)
        sensors = SensorHub(board.sensors)
        // Take the service signals now, not when the loop starts: a SIGUSR1 or SIGHUP sent
        // during start-up waits in the signalfd instead of killing the process.
        do { try loop.onSignals(LoopSignals.service) { [self] in self.signal($0) } } catch {
            shutDown()
            throw .loop(error)
        }
    }

    /// Starts everything on the loop: sensors, input, snapshots, the first frame.
    public func start() {
        // Unpaced (benchmarks): the next frame as soon as the loop comes round.
        let period = options.unpaced ? 1 : LoopTime.refreshPeriod(hertz: Double(max(board.display.refresh, 1))) ?? 16_666_667
        scheduler = FrameScheduler(loop: loop, pacer: FramePacer(refreshPeriod: period)) { [self] now in self.drawFrame(now: now) }
        if let fd = display.eventDescriptor {
            loop.register(fd: fd, events: .readable) { [self] _ in self.displayEvents() }
        }
        startTime = loop.now
        info("display \(display.summary), \(board.dashboard.width)x\(board.dashboard.height), fonts: \(fonts.summary)")
        if let note = display.conversionNote { info(note) }
        if let why = console?.unavailableReason { info("console: left in text mode (\(why))") }
        if let found = console?.leftBehind {
            log.sink.log(.notice, "console: found in \(found) (left by a panel that was killed?); text mode and a working keyboard on exit")
        }
        if let path = options.recordPath { startRecording(path) }
        startSensors()
        startInput()
        startSnapshots()
        if let s = options.duration, s.isFinite, s > 0 {
            loop.schedule(after: UInt64(min(s, 1e7) * 1e9)) { [self] in self.loop.stop() }
        }
        if let s = options.statsInterval, s.isFinite, s > 0 {
            loop.scheduleRepeating(every: UInt64(max(min(s, 1e6), 0.01) * 1e9)) { [self] in
                self.info("stats \(self.currentSummary())")
            }
        }
        _ = notifier.startWatchdog(on: loop) { [self] e in self.warn("watchdog", "sd_notify: \(e)") }
        scheduler.invalidate()
    }

    /// Stops sensors and input, gives the screen and console back, closes the loop.
    public func stop() -> RunSummary {
        let s = currentSummary()
        shutDown()
        return s
    }

    /// The picture on the panel now (tests compare it with `gaugepanel render`).
    public var screen: Surface { display.snapshotSurface }

    /// The loop the panel runs on, for what serves beside it (`run --preview`).
    public var eventLoop: Loop { loop }

    /// Called after each frame is presented, with what it redrew (empty: nothing changed).
    public var frameDrawn: ((Region) -> Void)?

    // MARK: Frames

    private func drawFrame(now: UInt64) -> FrameOutcome {
        let frame = state.frame(now: now)
        let damage = composer.draw(frame.dashboard, on: display.surface, fonts: fonts)
        var flipPending = false
        do { flipPending = try display.present(damage: damage) } catch { warn("present", "display: \(error)") }
        frameDrawn?(damage)
        let done = loop.now
        if let since = pendingSince {
            let l = (done &- since) / 1000
            summary.latencyMaxMicroseconds = max(summary.latencyMaxMicroseconds, l)
            latencyTotal &+= l
            summary.latencySamples += 1
            pendingSince = nil
        }
        if summary.frames == 0 {
            // The status replaces any "waiting for the display" said before (systemctl status
            // shows the last one).
            _ = notifier.notify([.ready, .status("showing the dashboard (\(display.summary))")])
            // Start-up is over: what the board's parse, the font search and the first draw
            // freed is handed back rather than kept resident for the life of the panel.
            SystemCall.releaseFreeHeap()
        }
        summary.frames += 1
        if let max = options.maxFrames, summary.frames >= max { loop.stop() }
        armWake(frame.wakeAt)
        return FrameOutcome(flipPending: flipPending, animating: frame.animating)
    }

    /// Something will change by itself at `at` (staleness, a blink): wake then, once.
    private func armWake(_ at: UInt64?) {
        guard wakeTimer?.at != at else { return }
        if let w = wakeTimer { loop.cancel(w.id) }
        wakeTimer = nil
        guard let at else { return }
        let id = loop.schedule(at: at) { [self] in
            self.wakeTimer = nil
            self.scheduler.invalidate()
        }
        wakeTimer = (id, at)
    }

    private func displayEvents() {
        do {
            if try display.handleEvents() { scheduler.flipCompleted() }
        } catch { warn("display-events", "display: \(error)") }
    }

    /// A reading changed what is shown: note when, for latency, and schedule a frame.
    func readingsChanged(at now: UInt64) {
        if pendingSince == nil { pendingSince = now }
        scheduler.invalidate()
    }

    func perform(_ actions: [InputAction]) {
        guard !actions.isEmpty else { return }
        for a in actions {
            state.handle(a)
            if case .brightness(let step) = a { stepBrightness(step) }
        }
        scheduler.invalidate()
    }

    /// Brightness keys and encoders: 10 % steps on the first backlight (never fully off,
    /// so the panel can't be dimmed into looking dead).
    private func stepBrightness(_ step: Int) {
        let backlights = Backlights()
        do {
            let name = try backlights.device(nil)
            let now = try backlights.state(name)
            let percent = min(max(now.percent + (step > 0 ? 10 : -10), 5), 100)
            try backlights.setBrightness(name, percent: percent)
            info("backlight \(name): \(percent) %")
        } catch {
            warn("backlight", "brightness: \(error)")
        }
    }

    // MARK: Signals, snapshots, reload

    private func signal(_ number: Int32) {
        switch number {
        case LoopSignals.terminate, LoopSignals.interrupt:
            info("signal \(number == LoopSignals.terminate ? "TERM" : "INT"): stopping")
            loop.stop()
        case LoopSignals.user1: writeSnapshot()
        case LoopSignals.reload: reload()
        default: break
        }
    }

    private func startSnapshots() {
        if let t = snapshotTimer { loop.cancel(t); snapshotTimer = nil }
        guard let interval = options.snapshotInterval ?? board.snapshot?.intervalSeconds, interval.isFinite, interval > 0,
              snapshotPath != nil else { return }
        snapshotTimer = loop.scheduleRepeating(every: UInt64(max(min(interval, 1e6), 0.05) * 1e9)) { [self] in
            self.writeSnapshot()
        }
    }

    private var snapshotPath: String? { options.snapshotPath ?? board.snapshot?.path }

    /// Writes the picture on screen as a PNG (atomically: a viewer never sees half a file).
    func writeSnapshot() {
        guard let path = snapshotPath else { info("snapshot: no path configured ([snapshot] path or --snapshot)"); return }
        let temporary = path + ".tmp"
        do {
            try ImageFile.save(display.snapshotSurface, as: .png, to: temporary)
            do { try SystemCall.rename(temporary, to: path) } catch {
                warn("snapshot", "snapshot: cannot rename \(temporary) to \(path)"); return
            }
        } catch { warn("snapshot", "snapshot: \(path): \(error)") }
        // zlib's state (about 260 KB at level 9) and the file were freed below live objects.
        SystemCall.releaseFreeHeap()
    }

    /// SIGHUP: the board file again. An invalid file keeps the running one (and says why).
    private func reload() {
        _ = notifier.reloading()
        defer { _ = notifier.notify(.ready) }
        let new: BoardConfiguration
        do { new = try BoardConfiguration.load(path: options.boardPath, displayOutputs: DisplayBackends.names) } catch {
            log.sink.log(.error, "config reload failed, keeping the running configuration: \(error.description)")
            return
        }
        if new.display != board.display { info("config reload: [display] changed; restart the service to apply it") }
        stopSensors()
        stopInput()
        var next = PanelState(board: new, animates: options.animates)
        next.carryOver(from: state, oldBoard: board, newBoard: new)
        board = new
        state = next
        fonts = PanelFonts(new.fonts)
        composer.invalidate()
        sensors = SensorHub(new.sensors)
        startSensors()
        startInput()
        startSnapshots()
        info("config reloaded from \(options.boardPath)")
        scheduler.invalidate()
    }

    // MARK: Statistics and shutdown

    func currentSummary() -> RunSummary {
        var s = summary
        s.seconds = Double(loop.now &- startTime) / 1e9
        s.wakeups = loop.wakeupCount
        s.pixelsDrawn = composer.pixelsDrawn
        s.bytesCopied = display.statistics.bytesCopied
        // Lines dropped by sources retired on a reload, plus the current ones.
        s.droppedLines = summary.droppedLines &+ sensors.serial.reduce(0) { $0 &+ $1.droppedCount }
        s.latencyMeanMicroseconds = s.latencySamples == 0 ? 0 : latencyTotal / s.latencySamples
        s.cpuSeconds = ProcessUsage.cpuSeconds()
        s.residentKilobytes = ProcessUsage.residentKilobytes()
        s.sources = sourceStates()
        return s
    }

    /// Samples go to `path` from now on, flushed each second (a crash loses at most that).
    private func startRecording(_ path: String) {
        let r = Recorder(path: path)
        if let e = r.lastError { warn("record", "record: cannot write \(path): \(e) (recording off)"); return }
        recorder = r
        info("recording samples to \(path)")
        loop.scheduleRepeating(every: Nanoseconds.perSecond) { [self] in self.flushRecording() }
    }

    private func flushRecording() {
        recorder?.flush()
        if let e = recorder?.lastError { warn("record", "record: \(e)") }
    }

    private func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        _ = notifier.notify(.stopping)
        flushRecording()
        stopSensors()
        stopInput()
        display.close()
        console?.restore()
        console = nil
        log.flush(now: loop.now)
        // The loop's handlers and the frame scheduler's `draw` hold the runtime (Embedded
        // Swift has no weak or unowned references): dropping them frees it.
        scheduler?.stop()
        loop.close()
    }

    func info(_ message: String) { log.sink.log(.info, message) }

    /// A warning that may repeat (a device failing every poll): rate-limited by `key`.
    func warn(_ key: String, _ message: String) {
        _ = log.log(.warning, key: key, message, now: loop.now)
    }
}
