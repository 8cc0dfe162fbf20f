import GaugeConfig
import GaugeWidgets

/// One channel's alarm as time passes: the state its value is in (held steady by the
/// configuration's hysteresis and delay), whether the user acknowledged it, and the state
/// it shows (one level worse when left unacknowledged past `escalate_after`).
///
/// A state is entered when the value's zone is worse than the current one, and left when
/// the value is `hysteresis` past the current zone; either change waits `delay` with the
/// value staying so (a value dithering on an edge changes nothing). No value (stale, a
/// source gone) is `normal` at once: staleness has its own look. An acknowledgement
/// holds until the state gets worse or the alarm ends.
struct AlarmMonitor: Sendable {
    /// A source's zones may change while the state holds (`PanelState.takeSourceZones`).
    var configuration: AlarmConfiguration
    /// The zones came from the channel's source (a Signal K server's `meta`), not the board.
    var fromSource = false
    /// A source's notification: judged by this level (its state's raw value; NaN when
    /// cleared) instead of a channel's value, and its banner shows no value.
    var notificationLevel: Double?
    /// The sensor a notification came from (its acknowledgement goes back there).
    var notificationSensor: Int?
    /// The state as judged from the values.
    private(set) var state: AlarmState = .normal
    /// When `state` was entered.
    private(set) var since: UInt64 = 0
    /// A change waiting for `delay`: the state it goes to, and since when it has been due.
    private var pending: (state: AlarmState, since: UInt64)?
    /// The state the user acknowledged (nil: not acknowledged).
    private(set) var acknowledged: AlarmState?
    /// The latest value (the banner shows it).
    private(set) var value: Double = .nan
    /// The state shown after the last update (to see it become an alarm).
    private var lastShown: AlarmState = .normal

    init(_ configuration: AlarmConfiguration) { self.configuration = configuration }

    var channel: String { configuration.channel }

    /// Takes the value at `now`; true when the shown state has just become `alarm` or
    /// worse (the run loop then brings the channel's page forward).
    mutating func update(_ value: Double, now: UInt64) -> Bool {
        self.value = value
        let target = target(for: value)
        if target == state {
            pending = nil
        } else if !value.isFinite || configuration.delay == 0 {
            enter(target, now: now)
        } else if let p = pending, (p.state > state) == (target > state) {
            pending = (target, p.since)  // still changing the same way: the wait goes on
            if now &- p.since >= configuration.delay { enter(target, now: now) }
        } else {
            pending = (target, now)
        }
        let shown = shownState(at: now)
        defer { lastShown = shown }
        return lastShown < .alarm && shown >= .alarm
    }

    /// The state the value asks for: a worse zone at once; a better one only past the
    /// hysteresis margin (then the state of the widened zones it is still in).
    private func target(for value: Double) -> AlarmState {
        guard value.isFinite else { return .normal }
        let raw = configuration.state(of: value)
        if raw > state { return raw }
        let held = configuration.state(of: value, margin: configuration.hysteresis)
        return held < state ? held : state
    }

    private mutating func enter(_ new: AlarmState, now: UInt64) {
        pending = nil
        guard new != state else { return }
        if let a = acknowledged, new > a || !new.isActive { acknowledged = nil }
        state = new
        since = now
    }

    /// The user has seen the alarm: it stops blinking and escalating (nothing to do
    /// when there is none).
    mutating func acknowledge() {
        guard state.isActive else { return }
        acknowledged = state
    }

    /// Whether the alarm still asks for attention (a banner, a sound).
    var isUnacknowledged: Bool { state.isActive && acknowledged == nil }

    /// The state shown at `now`: escalated once unacknowledged past `escalate_after`.
    func shownState(at now: UInt64) -> AlarmState {
        guard let e = configuration.escalateAfter, isUnacknowledged, now >= since, now &- since >= e else { return state }
        return state.escalated
    }

    /// When the shown state started (escalation counts from its own moment).
    private func shownSince(at now: UInt64) -> UInt64 {
        guard let e = configuration.escalateAfter, shownState(at: now) != state else { return since }
        return since &+ e
    }

    /// The colour the channel's widgets take at `now`, or nil for their own: alarm and
    /// emergency blink (1 Hz, 2 Hz) until acknowledged.
    func colour(at now: UInt64, theme: GaugeTheme) -> Color? {
        let shown = shownState(at: now)
        guard shown.isActive else { return nil }
        if let b = blinker(at: now), !b.isOn(at: now) { return nil }
        return AlarmColours.colour(of: shown, theme: theme)
    }

    private func blinker(at now: UInt64) -> Blinker? {
        let shown = shownState(at: now)
        guard shown >= .alarm, acknowledged == nil else { return nil }
        let origin = shownSince(at: now)
        return shown == .emergency ? Blinker(period: 500_000_000, origin: origin) : .warning(startingAt: origin)
    }

    /// The next time the picture or the state changes by itself: a blink edge, the end
    /// of a pending change's delay, the moment of escalation.
    func nextTransition(after now: UInt64) -> UInt64? {
        var next: UInt64?
        func consider(_ t: UInt64) { if t > now { next = min(next ?? t, t) } }
        if let b = blinker(at: now) { consider(b.nextTransition(after: now)) }
        if let p = pending { consider(p.since &+ configuration.delay) }
        if let e = configuration.escalateAfter, isUnacknowledged, shownState(at: now) == state { consider(since &+ e) }
        return next
    }

    /// What the banner says: the zone's message, else the channel's, else its name; with
    /// the value and its unit.
    var bannerText: String {
        let what = configuration.message(for: value) ?? configuration.channel
        guard value.isFinite, notificationLevel == nil else { return what }
        let decimals: Int32 = abs(value) >= 100 ? 0 : 1
        return what + "  " + ValueFormat(decimals: decimals, unit: configuration.unit.symbol).string(for: value)
    }
}
