import GaugeConfig
import GaugeDecoders
import GaugeDisplay
import GaugeRaster
import GaugeSystem

/// The screen and what is on it: the panel's state, drawn at most once per refresh and
/// only what changed (FrameScheduler, FrameComposer), the display's flip events, a wake-up
/// for what changes by itself (staleness, a blink), and the console given back at the end.
/// Sensors and input change the state through it; it counts frames and the latency from a
/// reading to the frame that shows it.
final class DisplayService<Loop: LoopScheduler>: PanelService {
    let device: any Display
    /// The calls made around the loop's own (giving the heap back after start-up).
    private let system: any PanelSystem
    var state: PanelState
    var fonts: PanelFonts
    private(set) var composer: FrameComposer
    /// Called after each frame is presented, with what it redrew (empty: nothing changed).
    var frameDrawn: ((Region) -> Void)?
    /// Called when a reading changed the state or channels lost their value, and at each
    /// frame, with the time: the outputs and the alarm sound decide at once, not at the next frame.
    var readingsTaken: [(UInt64) -> Void] = []
    /// Called with the messages the state made (a control tapped), for the network to send.
    var send: (([PanelMessage]) -> Void)?
    /// Sets the backlight to a level (per cent) a remote command asked for; the level set.
    var setBrightness: ((Int) -> Int?)?
    private let settings: Settings
    private let log: PanelLogger
    private var console: (any ConsoleMode)?
    private var loop: Loop?
    private var scheduler: FrameScheduler<Loop>?
    private var wakeTimer: (id: TimerID, at: UInt64)?
    private(set) var counts = Counts()
    /// The backlight `[backlight]` drives, and what it was last told.
    var backlight: (any BacklightOutput)?
    private var backlightApplied: BacklightRequest?
    /// The screen itself is off (no backlight to switch: DPMS, FBIOBLANK): nothing is drawn.
    private(set) var screenAsleep = false
    /// Said once: this display cannot be turned off.
    private var screenPowerRefusedSaid = false

    struct Settings {
        var refreshPeriod: UInt64
        var maxFrames: Int64?
        var notifier: SystemdNotifier
    }

    /// Frames presented, and reading → frame presented in microseconds.
    struct Counts {
        var frames: Int64 = 0
        /// When the oldest reading not yet on screen was read.
        var pendingSince: UInt64?
        var latencyTotal: UInt64 = 0
        var latencyMax: UInt64 = 0
        var latencySamples: UInt64 = 0
    }

    init(
        device: any Display, state: PanelState, fonts: PanelFonts, tracksDamage: Bool, settings: Settings,
        console: (any ConsoleMode)?, system: any PanelSystem, log: PanelLogger
    ) {
        self.system = system
        self.device = device
        self.state = state
        self.fonts = fonts
        composer = FrameComposer(tracksDamage: tracksDamage)
        self.settings = settings
        self.console = console
        self.log = log
    }

    func start(on loop: Loop) {
        self.loop = loop
        scheduler = FrameScheduler(loop: loop, pacer: FramePacer(refreshPeriod: settings.refreshPeriod)) { [self] now in
            self.drawFrame(now: now)
        }
        if let fd = device.eventDescriptor {
            loop.register(fd: fd, events: .readable) { [self] _ in self.displayEvents() }
        }
    }

    /// Gives the screen and the console back. The frame scheduler's `draw` holds this
    /// service (Embedded Swift has no weak references): stopping it drops that.
    func stop() {
        if let loop, let fd = device.eventDescriptor { loop.unregister(fd: fd) }
        if let w = wakeTimer, let loop { loop.cancel(w.id) }
        wakeTimer = nil
        if screenAsleep { _ = device.setPower(on: true) }  // the console shows on a lit screen
        device.close()
        // A screen left asleep stays dark for whoever comes next.
        if backlightApplied?.on == false, let f = backlight?.apply(percent: nil, on: true) { warn("backlight", "backlight: \(f)") }
        console?.restore()
        console = nil
        send = nil
        setBrightness = nil
        scheduler?.stop()
    }

    /// Whether the console stays in text mode, and why.
    var consoleNotes: (unavailable: String?, leftBehind: String?) { (console?.unavailableReason, console?.leftBehind) }

    /// The state changed: schedule a frame.
    func invalidate() { scheduler?.invalidate() }

    /// A reading changed what is shown: note when, for latency, and schedule a frame.
    func readingsChanged(at now: UInt64) {
        if counts.pendingSince == nil { counts.pendingSince = now }
        invalidate()
    }

    func accept(_ sample: Sample, now: UInt64) {
        guard state.accept(sample, now: now) else { return }
        for f in readingsTaken { f(now) }
        readingsChanged(at: now)
    }

    /// A source's alarm zones for `channel` (see `PanelState.takeSourceZones`).
    func takeSourceZones(_ zones: [SourceZone], of channel: String) {
        state.takeSourceZones(zones, of: channel)
        invalidate()
    }

    /// A source's notification (see `PanelState.takeNotification`).
    func takeNotification(_ key: String, state name: String?, message: String, sensor: Int?) {
        state.takeNotification(key, state: name, message: message, sensor: sensor)
        invalidate()
    }

    /// `channels` have no value now (a source lost, a file unreadable).
    func invalidate(_ channels: [String]) {
        state.invalidate(channels)
        for f in readingsTaken { f(loop?.now ?? 0) }
        invalidate()
    }

    /// Messages on `[control]`'s command topics.
    func receive(_ messages: [TopicMessage]) {
        if let asked = state.receive(messages), let set = setBrightness?(asked) { state.noteBrightness(set) }
        for notice in state.takeNotices() { log.info(notice) }
        invalidate()
    }

    /// Sensor `sensor`'s line connected (`[control]` publishes its state again).
    func connected(sensor: Int) {
        state.connected(sensor: sensor)
        invalidate()
    }

    /// Hands what the state has to send to the network.
    func sendMessages() {
        let messages = state.takeMessages()
        if !messages.isEmpty { send?(messages) }
    }

    /// A new board's state and fonts (SIGHUP): the next frame draws everything.
    func replace(state: PanelState, fonts: PanelFonts) {
        self.state = state
        self.fonts = fonts
        composer.invalidate()
    }

    private func drawFrame(now: UInt64) -> FrameOutcome {
        state.setWallClock(realtime: system.realtimeNanoseconds(), at: now)
        let frame = state.frame(now: now)
        for notice in state.takeNotices() { log.info(notice) }
        sendMessages()
        // Alarm states move at frames (a delay ending, escalation, an acknowledgement):
        // what reads them (outputs) looks again.
        for f in readingsTaken { f(now) }
        if screenAsleep {  // nothing to show until it wakes; what wakes it still counts
            armWake(frame.wakeAt)
            applyBacklight(frame.backlight)
            return FrameOutcome(flipPending: false, animating: false)
        }
        let damage = composer.draw(frame.dashboard, on: device.surface, fonts: fonts)
        var flipPending = false
        do { flipPending = try device.present(damage: damage) } catch { warn("present", "display: \(error)") }
        frameDrawn?(damage)
        let done = loop?.now ?? now
        if let since = counts.pendingSince {
            let l = (done &- since) / 1000
            counts.latencyMax = max(counts.latencyMax, l)
            counts.latencyTotal &+= l
            counts.latencySamples += 1
            counts.pendingSince = nil
        }
        if counts.frames == 0 {
            // The status replaces any "waiting for the display" said before (systemctl status
            // shows the last one).
            _ = settings.notifier.notify([.ready, .status("showing the dashboard (\(device.summary))")])
            // Start-up is over: what the board's parse, the font search and the first draw
            // freed is handed back rather than kept resident for the life of the panel.
            system.releaseFreeHeap()
        }
        counts.frames += 1
        if let max = settings.maxFrames, counts.frames >= max { loop?.stop() }
        armWake(frame.wakeAt)
        applyBacklight(frame.backlight)
        return FrameOutcome(flipPending: flipPending, animating: frame.animating)
    }

    /// Tells the backlight what the state asks when that changed; without one, the screen
    /// itself sleeps and wakes.
    private func applyBacklight(_ request: BacklightRequest?) {
        guard let request, request != backlightApplied else { return }
        let before = backlightApplied
        backlightApplied = request
        guard let backlight else {
            if before?.on ?? true != request.on { powerScreen(on: request.on) }
            return
        }
        if let f = backlight.apply(percent: request.percent, on: request.on) {
            warn("backlight", "backlight \(backlight.name): \(f)")
            return
        }
        if before?.on != request.on { log.info("backlight \(backlight.name): \(request.on ? "on (woken)" : "off (asleep)")") }
        if let p = request.percent, before?.percent != p { log.info("backlight \(backlight.name): \(p) %") }
    }

    /// A backlight that was not there at start and is now (its driver loaded after the
    /// panel): it takes over brightness and sleep at once, with what the state asks now.
    func adopt(backlight output: any BacklightOutput) {
        if screenAsleep { powerScreen(on: true) }  // the backlight sleeps from now on
        backlight = output
        let asked = backlightApplied
        backlightApplied = nil
        log.info("backlight \(output.name): there now (it came after the start); [backlight] drives it")
        applyBacklight(asked)
    }

    /// The screen off (asleep) or on (woken, drawn whole) through the display itself.
    private func powerScreen(on: Bool) {
        switch device.setPower(on: on) {
        case .done:
            screenAsleep = !on
            log.info("display: \(on ? "on (woken)" : "off (asleep: the screen itself, no backlight to switch)")")
            if on {
                composer.invalidate()
                invalidate()
            }
        case .unsupported:
            guard !on, !screenPowerRefusedSaid else { return }
            screenPowerRefusedSaid = true
            log.info("display: cannot sleep (no backlight, and \(device.summary) has no power switch): it stays on")
        case .failed(let why):
            warn("display-power", "display: \(why)")
        }
    }

    /// Something will change by itself at `at` (staleness, a blink): wake then, once.
    private func armWake(_ at: UInt64?) {
        guard wakeTimer?.at != at, let loop else { return }
        if let w = wakeTimer { loop.cancel(w.id) }
        wakeTimer = nil
        guard let at else { return }
        let id = loop.schedule(at: at) { [self] in
            self.wakeTimer = nil
            self.invalidate()
        }
        wakeTimer = (id, at)
    }

    private func displayEvents() {
        do {
            if try device.handleEvents() { scheduler?.flipCompleted() }
        } catch { warn("display-events", "display: \(error)") }
    }

    private func warn(_ key: String, _ message: String) { log.warn(key, message, now: loop?.now ?? 0) }
}
