import GaugeConfig
import GaugeDecoders
import GaugeDisplay
import GaugeInput
import GaugeRaster
import GaugeSystem
import GaugeSensorKinds
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
    let loop: Loop
    let log: PanelLogger
    let notifier: SystemdNotifier
    /// Display names for a reload's board, and the backlight for brightness keys.
    let devices: DisplayDevices
    /// The input devices, and the key names a board's `[input] keys` use.
    let inputs: InputDevices
    /// The calls made beside the loop's and the devices' own.
    private let system: any PanelSystem
    /// The services, each owning its descriptors and timers (PanelService). Sensors and
    /// input feed the display's state; sensors, input and snapshots follow the board on a
    /// reload, the display and the recording last the whole run.
    let display: DisplayService<Loop>
    let sensors: SensorService<Loop>
    private(set) var input: InputService<Loop>
    private var snapshots: SnapshotService<Loop>
    /// The GPIO outputs: the lines held for the whole run (a reload keeps them as started).
    let outputs: OutputService<Loop>
    /// The alarms' sound (silent without `[alarms] sound` or its device).
    let sound: SoundService<Loop>
    private let recording: RecordingService<Loop>
    private var counters: CounterService<Loop>
    private var chartHistories: ChartHistoryService<Loop>
    private var logger: LogService<Loop>
    private var startTime: UInt64 = 0
    private var isShutDown = false

    /// `environment`: the service's `NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID`.
    /// `console`: switched back to text mode at shutdown. `devices`, `inputs`: the command line's.
    /// `system`: the calls the services make beside the loop's and the devices' own (the
    /// snapshot's file, the heap given back, the host name).
    public init(
        options: RunOptions, board: BoardConfiguration, display: any Display, loop: Loop, devices: DisplayDevices,
        inputs: InputDevices, log sink: any PanelLog, environment: [String: String] = [:], console: (any ConsoleMode)? = nil,
        system: any PanelSystem = LinuxSystem.standard, outputLines: [GPIOOutputLines] = [],
        soundOutput: PCMOutput? = nil
    ) throws(RunError) {
        self.system = system
        self.options = options
        self.devices = devices
        self.inputs = inputs
        self.board = board
        self.loop = loop
        let log = PanelLogger(sink: sink)
        self.log = log
        let notifier = SystemdNotifier(environment: environment)
        self.notifier = notifier
        // Unpaced (benchmarks): the next frame as soon as the loop comes round.
        let period = options.unpaced ? 1 : LoopTime.refreshPeriod(hertz: Double(max(board.display.refresh, 1))) ?? 16_666_667
        let shown = DisplayService<Loop>(
            device: display, state: PanelState(board: board, animates: options.animates),
            fonts: PanelFonts(board.fonts), tracksDamage: options.tracksDamage,
            settings: .init(refreshPeriod: period, maxFrames: options.maxFrames, notifier: notifier),
            console: console, system: system, log: log)
        shown.backlight = Self.backlight(board, devices, log)
        let recording = RecordingService<Loop>(path: options.recordPath, log: log)
        counters = CounterService(board.counters, display: shown, system: system, log: log)
        chartHistories = ChartHistoryService(board.dashboard, display: shown, system: system, log: log)
        logger = Self.logService(board, shown, system, log)
        self.display = shown
        self.recording = recording
        let sensors = SensorService(SensorHub(board.sensors, remote: board.remote, system: system), display: shown, recording: recording, log: log)
        self.sensors = sensors
        input = Self.input(board, options, devices, inputs, shown, log)
        // Messages go one way: the state makes them, the sensors' lines send them. Dropped
        // with the display service's other handlers when it stops.
        shown.send = { messages in sensors.publish(messages) }
        // A remote brightness: the first backlight stepped from where it is to the level.
        shown.setBrightness = { percent in
            guard case .success(let now) = devices.stepBacklight(0),
                case .success(let set) = devices.stepBacklight(percent - now.percent)
            else { return nil }
            log.info("backlight \(set.name): \(set.percent) % (remote)")
            return set.percent
        }
        outputs = OutputService(board.outputs, lines: outputLines, display: shown, alarms: board.alarms, log: log)
        sound = SoundService(board.alarmDisplay.sound, output: soundOutput, display: shown, log: log)
        snapshots = Self.snapshots(board, options, display, system, log)
        // Take the service signals now, not when the loop starts: a SIGUSR1 or SIGHUP sent
        // during start-up waits in the signalfd instead of killing the process.
        do { try loop.onSignals(LoopSignals.service) { [self] in self.signal($0) } } catch {
            shutDown()
            throw .loop(error)
        }
    }

    /// The backlight `[backlight]` wants, not there at start (a display's driver, and its
    /// backlight's, may load after the panel at boot): looked for every 2 s for 2 minutes.
    private func lookForLateBacklight(tries: Int) {
        loop.schedule(after: 2_000_000_000) { [self] in
            guard self.display.backlight == nil, let b = self.board.backlight else { return }
            if case .success(let output) = self.devices.openBacklight(b.device) {
                self.display.adopt(backlight: output)
            } else if tries > 1 {
                self.lookForLateBacklight(tries: tries - 1)
            }
        }
    }

    /// The backlight `[backlight]` names, or none (said: the screen itself sleeps then).
    private static func backlight(_ board: BoardConfiguration, _ devices: DisplayDevices, _ log: PanelLogger) -> (any BacklightOutput)? {
        guard let b = board.backlight else { return nil }
        switch devices.openBacklight(b.device) {
        case .success(let output): return output
        case .failure(let f):
            let what =
                (b.sleepAfter == nil ? "[backlight] has no effect" : "its brightness has no effect; sleep_after turns the screen itself off")
                + " (looked for again for 2 minutes, as a driver may load late)"
            log.sink.log(.warning, "backlight: \(f) — \(what)")
            return nil
        }
    }

    private static func input(
        _ board: BoardConfiguration, _ options: RunOptions, _ devices: DisplayDevices,
        _ inputs: InputDevices, _ display: DisplayService<Loop>, _ log: PanelLogger
    ) -> InputService<Loop> {
        InputService(
            board.input, display: board.display, directory: options.inputDirectory, devices: devices,
            inputs: inputs, feeding: display, log: log)
    }

    private static func logService(
        _ board: BoardConfiguration, _ display: DisplayService<Loop>, _ system: any PanelSystem, _ log: PanelLogger
    ) -> LogService<Loop> {
        var units: [String: SensorUnit] = [:]
        for c in board.channels { units[c.name] = c.unit }
        return LogService(board.log, units: units, display: display, system: system, log: log)
    }

    private static func snapshots(
        _ board: BoardConfiguration, _ options: RunOptions, _ device: any Display,
        _ system: any PanelSystem, _ log: PanelLogger
    ) -> SnapshotService<Loop> {
        SnapshotService(
            path: options.snapshotPath ?? board.snapshot?.path,
            interval: options.snapshotInterval ?? board.snapshot?.intervalSeconds, of: device, system: system, log: log)
    }

    /// Starts everything on the loop: sensors, input, snapshots, the first frame.
    public func start() {
        display.start(on: loop)
        startTime = loop.now
        let device = display.device
        info("display \(device.summary), \(board.dashboard.width)x\(board.dashboard.height), fonts: \(display.fonts.summary)")
        if let note = device.conversionNote { info(note) }
        let console = display.consoleNotes
        if let why = console.unavailable { info("console: left in text mode (\(why))") }
        if let found = console.leftBehind {
            log.sink.log(.notice, "console: found in \(found) (left by a panel that was killed?); text mode and a working keyboard on exit")
        }
        recording.start(on: loop)
        counters.start(on: loop)
        logger.start(on: loop)
        outputs.start(on: loop)
        sound.start(on: loop)
        // Time zero of the charts: the instant the sensors start (a recording's first
        // sample is due then), so a run cuts their columns as `render --time` does.
        display.state.startClock(at: loop.now)
        chartHistories.start(on: loop)  // after the clock: the histories read back start at it
        sensors.start(on: loop)
        input.start(on: loop)
        snapshots.start(on: loop)
        if board.backlight != nil, display.backlight == nil { lookForLateBacklight(tries: 60) }
        if let s = options.duration, s.isFinite, s > 0 {
            loop.schedule(after: UInt64(min(s, 1e7) * 1e9)) { [self] in self.loop.stop() }
        }
        for t in options.taps {
            loop.schedule(after: UInt64(t.seconds * 1e9)) { [self] in self.input.perform([.tap(x: t.x, y: t.y)]) }
        }
        if let s = options.statsInterval, s.isFinite, s > 0 {
            loop.scheduleRepeating(every: UInt64(max(min(s, 1e6), 0.01) * 1e9)) { [self] in
                self.info("stats \(self.currentSummary())")
            }
        }
        _ = notifier.startWatchdog(on: loop) { [self] e in self.log.warn("watchdog", "sd_notify: \(e)", now: self.loop.now) }
        display.invalidate()
    }

    /// Stops sensors and input, gives the screen and console back, closes the loop.
    public func stop() -> RunSummary {
        let s = currentSummary()
        shutDown()
        return s
    }

    /// The picture on the panel now (tests compare it with `gaugepanel render`).
    public var screen: Surface { display.device.snapshotSurface }

    /// The loop the panel runs on, for what serves beside it (`run --preview`).
    public var eventLoop: Loop { loop }

    /// Called after each frame is presented, with what it redrew (empty: nothing changed).
    public var frameDrawn: ((Region) -> Void)? {
        get { display.frameDrawn }
        set { display.frameDrawn = newValue }
    }

    // MARK: Signals, reload

    private func signal(_ number: Int32) {
        switch number {
        case LoopSignals.terminate, LoopSignals.interrupt:
            info("signal \(number == LoopSignals.terminate ? "TERM" : "INT"): stopping")
            loop.stop()
        case LoopSignals.user1: snapshots.write()
        case LoopSignals.reload: reload()
        default: break
        }
    }

    /// SIGHUP: the board file again. An invalid file keeps the running one (and says why).
    private func reload() {
        _ = notifier.reloading()
        defer { _ = notifier.notify(.ready) }
        let new: BoardConfiguration
        do { new = try BoardConfiguration.load(path: options.boardPath, displayOutputs: devices.names, sensorKinds: SensorKinds.all) } catch {
            log.sink.log(.error, "config reload failed, keeping the running configuration: \(error.description)")
            return
        }
        if new.display != board.display { info("config reload: [display] changed; restart the service to apply it") }
        if new.outputs != board.outputs { info("config reload: [[output]] changed; restart the service to apply it") }
        if new.alarmDisplay.sound != board.alarmDisplay.sound { info("config reload: [alarms] sound changed; restart the service to apply it") }
        sensors.stop()
        input.stop()
        counters.stop()  // saved before the new board's counters read their files
        chartHistories.stop()
        var next = PanelState(board: new, animates: options.animates)
        next.carryOver(from: display.state, oldBoard: board, newBoard: new)
        board = new
        display.replace(state: next, fonts: PanelFonts(new.fonts))
        counters = CounterService(new.counters, display: display, system: system, log: log)
        counters.start(on: loop)
        // The histories carried over from the running board stay; only new saves follow.
        chartHistories = ChartHistoryService(new.dashboard, display: display, system: system, log: log, restores: false)
        chartHistories.start(on: loop)
        logger.stop()
        logger = Self.logService(new, display, system, log)
        logger.start(on: loop)
        sensors.hub = SensorHub(new.sensors, remote: new.remote, system: system)
        sensors.start(on: loop)
        input = Self.input(new, options, devices, inputs, display, log)
        input.start(on: loop)
        snapshots.stop()
        snapshots = Self.snapshots(new, options, display.device, system, log)
        snapshots.start(on: loop)
        info("config reloaded from \(options.boardPath)")
        display.invalidate()
    }

    // MARK: Statistics and shutdown

    /// What the services counted: frames, latency, samples, retired sources' dropped lines.
    var summary: RunSummary {
        var s = RunSummary()
        let f = display.counts, c = sensors.counts
        s.frames = f.frames
        s.latencyMaxMicroseconds = f.latencyMax
        s.latencySamples = f.latencySamples
        s.samples = c.samples
        s.unreadSamples = c.unread
        s.droppedLines = c.retiredDroppedLines
        return s
    }

    func currentSummary() -> RunSummary {
        var s = summary
        let f = display.counts
        s.seconds = Double(loop.now &- startTime) / 1e9
        s.wakeups = loop.wakeupCount
        s.pixelsDrawn = display.composer.pixelsDrawn
        s.bytesCopied = display.device.statistics.bytesCopied
        // Lines dropped by sources retired on a reload, plus the current ones.
        s.droppedLines = s.droppedLines &+ sensors.droppedLines
        s.latencyMeanMicroseconds = f.latencySamples == 0 ? 0 : f.latencyTotal / f.latencySamples
        s.cpuSeconds = ProcessUsage.cpuSeconds()
        s.residentKilobytes = ProcessUsage.residentKilobytes()
        s.sources = sensors.sourceStates()
        s.failover = display.state.failoverSummary
        return s
    }

    private func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        _ = notifier.notify(.stopping)
        // The lines inactive first, before anything else can fail on the way out.
        outputs.stop()
        sound.stop()
        recording.stop()
        sensors.stop()
        input.stop()
        snapshots.stop()
        counters.stop()
        chartHistories.stop()
        logger.stop()
        log.flush(now: loop.now)
        // The loop's handlers and the frame scheduler's `draw` hold the services and the
        // runtime (Embedded Swift has no weak or unowned references): stopping the display
        // and closing the loop frees them.
        display.stop()
        loop.close()
    }

    func info(_ message: String) { log.info(message) }
}

// For the host's designer (`gaugepanel preview --live`) only: the firmware has no preview,
// and its binary stays as it was.
#if !hasFeature(Embedded)
    extension PanelRuntime {
        /// The channels' values now (stale or never read: absent), for a designer showing
        /// the board's live data.
        public var channelValues: [String: Double] {
            let now = loop.now
            var out: [String: Double] = [:]
            for (name, channel) in display.state.channels.channels {
                if let v = channel.value(now: now) { out[name] = v }
            }
            return out
        }

        /// The board file again, as SIGHUP does (a designer wrote it).
        public func reloadBoard() { reload() }
    }
#endif
