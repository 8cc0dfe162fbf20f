import GaugeConfig
import GaugeDisplay
import GaugeInput
import GaugeSystem

/// The board's input devices on the loop: each opened evdev device by its descriptor,
/// hot-plug by the input folder's inotify descriptor, and a timer for a long press, which
/// completes by time rather than by an event. Actions change the display service's state;
/// brightness keys step the backlight.
final class InputService<Loop: LoopScheduler>: PanelService {
    private let configuration: InputConfiguration
    private let displayConfiguration: DisplayConfiguration
    private let directory: String
    private let devices: DisplayDevices
    private let inputs: InputDevices
    /// The devices and their routers while started.
    private(set) var hub: InputHub?
    private var gestureTimer: TimerID?
    private let display: DisplayService<Loop>
    private let log: PanelLogger
    private var loop: Loop?

    init(
        _ configuration: InputConfiguration, display displayConfiguration: DisplayConfiguration, directory: String,
        devices: DisplayDevices, inputs: InputDevices, feeding display: DisplayService<Loop>, log: PanelLogger
    ) {
        self.configuration = configuration
        self.displayConfiguration = displayConfiguration
        self.directory = directory
        self.devices = devices
        self.inputs = inputs
        self.display = display
        self.log = log
    }

    func start(on loop: Loop) {
        self.loop = loop
        let hub = InputHub(configuration, display: displayConfiguration, directory: directory, devices: inputs)
        self.hub = hub
        for p in hub.problems { log.info("input: \(p)") }
        if case .success(let fd) = hub.scanner.startWatching() {
            loop.register(fd: fd, events: .readable) { [self] _ in
                guard let hub = self.hub else { return }
                self.applyScan(hub.scanner.handleWatchEvents())
            }
        }
        applyScan(hub.scanner.rescan())
    }

    func stop() {
        guard let hub, let loop else { return }
        for o in hub.opened.values { loop.unregister(fd: o.device.fd) }
        if let w = hub.scanner.watchFD { loop.unregister(fd: w) }
        if let t = gestureTimer {
            loop.cancel(t)
            gestureTimer = nil
        }
        for path in Array(hub.opened.keys) { hub.scanner.remove(path) }
        self.hub = nil
    }

    /// Applies `actions` to the panel's state and schedules a frame.
    func perform(_ actions: [InputAction]) {
        guard !actions.isEmpty else { return }
        if display.state.noteInput(now: loop?.now ?? 0) {
            display.invalidate()  // it woke the screen, and does nothing else
            return
        }
        let now = loop?.now ?? 0
        for a in actions {
            if let step = display.state.handle(a, now: now) { stepBrightness(step) }  // a key's or a button's
        }
        display.sendMessages()
        display.invalidate()
    }

    /// Brightness keys and encoders: 10 % steps on the first backlight (never fully off,
    /// so the panel can't be dimmed into looking dead).
    private func stepBrightness(_ step: Int) {
        switch devices.stepBacklight(step > 0 ? 10 : -10) {
        case .success(let set):
            log.info("backlight \(set.name): \(set.percent) %")
            display.state.noteBrightness(set.percent)
        case .failure(let error): log.warn("backlight", "brightness: \(error)", now: loop?.now ?? 0)
        }
    }

    private func applyScan(_ report: ScanReport) {
        guard let hub, let loop, !report.isEmpty else { return }
        let (added, removed, lines) = hub.apply(report)
        for fd in removed { loop.unregister(fd: fd) }
        for device in added {
            let path = device.path
            loop.register(fd: device.fd, events: .readable) { [self] _ in self.readInput(path) }
        }
        for l in lines { log.info(l) }
    }

    private func readInput(_ path: String) {
        guard let hub, let loop else { return }
        let fd = hub.opened[path]?.device.fd
        let (actions, gone) = hub.read(path: path)
        if gone, let fd {
            loop.unregister(fd: fd)
            log.info("input device lost: \(path)")
        }
        perform(actions)
        armGestureTimer()
    }

    /// A long press completes by time, not by an event: wake for it.
    private func armGestureTimer() {
        guard let loop else { return }
        if let t = gestureTimer {
            loop.cancel(t)
            gestureTimer = nil
        }
        guard let hub, let deadline = hub.nextDeadline, deadline > 0 else { return }
        gestureTimer = loop.schedule(at: UInt64(deadline) &* 1000) { [self] in
            self.gestureTimer = nil
            guard let hub = self.hub, let loop = self.loop else { return }
            self.perform(hub.advance(to: Int64(loop.now / 1000)))
            self.armGestureTimer()
        }
    }
}
