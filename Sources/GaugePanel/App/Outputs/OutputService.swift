import GaugeConfig
import GaugeSystem

/// The board's `[[output]]`s on the loop: each rule (`OutputLogic`) asked again whenever a
/// reading is taken or a channel loses its value, and at the times it names itself (a
/// blink, a flash, a minimum time, a reading going stale) on one timer; what it decides
/// goes to its GPIO lines at once (an ioctl only when a value changes). Nothing here
/// redraws. At stop every line is set inactive and released.
final class OutputService<Loop: LoopScheduler>: PanelService {
    struct Output {
        let configuration: OutputConfiguration
        var logic: OutputLogic
        /// Its lines, held since start-up (nil: not opened, as in tests of the rules alone).
        let lines: GPIOOutputLines?
    }

    private(set) var outputs: [Output]
    private let display: DisplayService<Loop>
    private let log: PanelLogger
    private var loop: Loop?
    private var wake: (id: TimerID, at: UInt64)?

    /// `lines`: the opened lines of each output, in order (see `open`).
    init(
        _ configurations: [OutputConfiguration], lines: [GPIOOutputLines], display: DisplayService<Loop>, alarms: [AlarmConfiguration],
        log: PanelLogger
    ) {
        outputs = configurations.enumerated().map { i, c in
            Output(configuration: c, logic: OutputLogic(rule: c.rule, lineCount: c.lines.count), lines: i < lines.count ? lines[i] : nil)
        }
        self.display = display
        self.log = log
    }

    /// Requests every output's lines, inactive; the first that cannot be had releases
    /// those already held and says why.
    static func open(_ configurations: [OutputConfiguration], calls: any GPIOSystemCalls) throws(GPIOError) -> [GPIOOutputLines] {
        var opened: [GPIOOutputLines] = []
        for c in configurations {
            do {
                opened.append(
                    try GPIOOutputLines.open(
                        chip: c.chip, lines: c.lines, activeLow: c.activeLow, consumer: consumerName(c.name), calls: calls))
            } catch {
                for o in opened { o.release() }
                throw GPIOError("[[output]] \"\(c.name)\": \(error.description)")
            }
        }
        return opened
    }

    /// What the kernel records as the lines' holder (GPIO_MAX_NAME_SIZE: 31 bytes).
    static func consumerName(_ name: String) -> String {
        var s = "gaugepanel:"
        for c in name where s.utf8.count + String(c).utf8.count <= 31 { s.append(c) }
        return s
    }

    func start(on loop: Loop) {
        // A board without outputs costs its readings nothing.
        guard !outputs.isEmpty else { return }
        self.loop = loop
        display.readingsTaken.append { [self] now in self.evaluate(now: now) }
        for o in outputs {
            guard let l = o.lines else { continue }
            // The kernel does not say whether a chip without pulls ignored the bias: "asked".
            let pull = l.pulledInactive ? "pull-\(o.configuration.activeLow ? "up" : "down") asked (inactive)" : "no pull (the chip refused one)"
            log.info("output \(o.configuration.name): \(l.chipDescription) line(s) \(l.offsets.map { "\($0)" }.joined(separator: ", ")), \(pull)")
        }
        evaluate(now: loop.now)
    }

    /// Every line inactive and released; the timer cancelled.
    func stop() {
        display.readingsTaken.removeAll()  // at shutdown: the sound's goes too
        if let w = wake, let loop { _ = loop.cancel(w.id) }
        wake = nil
        for o in outputs { o.lines?.release() }
        loop = nil
    }

    /// Asks every rule, applies what changed, and arms the timer for the earliest wake.
    func evaluate(now: UInt64) {
        guard loop != nil else { return }
        let state = display.state
        let inputs = OutputInputs(
            value: { state.value(of: $0, now: now) },
            alarm: { name in
                guard let a = state.alarmStatus(of: name, now: now) else { return OutputAlarm() }
                return OutputAlarm(level: Int32(a.state.rawValue), acknowledged: a.acknowledged)
            })
        for c in display.state.takeOutputCommands() where c.output < outputs.count {
            outputs[c.output].logic.command(c.set, seconds: c.seconds, now: now)
            log.info("output \(outputs[c.output].configuration.name): \(c.set.rawValue)\(c.seconds.map { " for \($0) s" } ?? "")")
        }
        var next: UInt64?
        for i in outputs.indices {
            let decision = outputs[i].logic.update(inputs, now: now)
            if let t = decision.wakeAt { next = min(next ?? t, t) }
            if let c = outputs[i].configuration.channel, let t = display.state.channels[c]?.staleDeadline(now: now) { next = min(next ?? t, t) }
            guard let lines = outputs[i].lines else { continue }
            do { try lines.set(decision.bits) } catch {
                log.warn("output-\(i)", "output \(outputs[i].configuration.name): cannot set \(lines.chipDescription): \(error)", now: now)
            }
        }
        arm(next)
        // The switches showing an output show what it does now.
        if display.state.noteOutputs(outputs.map { $0.logic.isOn }) { display.invalidate() }
    }

    private func arm(_ at: UInt64?) {
        guard wake?.at != at, let loop else { return }
        if let w = wake { _ = loop.cancel(w.id) }
        wake = nil
        guard let at else { return }
        let id = loop.schedule(at: at) { [self] in
            self.wake = nil
            self.evaluate(now: self.loop?.now ?? at)
        }
        wake = (id, at)
    }

    /// The lines' logical values now, by output (tests, the run summary).
    var values: [UInt64] { outputs.map { $0.lines?.bits ?? 0 } }
}
