import GaugeConfig
import GaugeDecoders
import GaugeInput
import GaugeSensors
import GaugeWidgets

/// Everything the panel shows, as a pure value: channels fed by samples, needles easing
/// towards them, alarms, the page, day or night. The run loop feeds it samples, input
/// actions and the time, and draws the `Dashboard` that `frame(now:)` returns; tests
/// drive it the same way without a loop, a display or a clock.
public struct PanelState: Sendable {
    /// The board's dashboard: layout and colours; values are filled in per frame.
    public private(set) var layout: Dashboard
    public private(set) var channels: ChannelSet
    public private(set) var themes: ThemeConfiguration
    public private(set) var page: Int32 = 0
    /// Ease needles like a physical one (off: values jump, e.g. for tests).
    public var animates: Bool
    private var animators: [String: NeedleAnimator] = [:]
    /// The channels the layout shows (derived once: the layout's pages don't change).
    private let shownChannels: [String]
    /// Shown channels some widget shows unsmoothed (a lamp's threshold), and of those the
    /// ones nothing eases (no needle to wait for).
    private let rawChannels: [String], rawOnlyChannels: [String]
    /// The board's alarms, then those from sources (`PanelState+SourceAlarms.swift`).
    var alarms: [AlarmMonitor]
    private var triggers: [TriggerMonitor]
    private var backlight: BacklightPlan?
    /// Computed channels by name (`kind = "computed"`), evaluated when read.
    private let computed: [String: ComputedChannel]
    /// `[[counter]]`s, in file order.
    private var counters: [CounterState]
    /// Every chart's history.
    private var charts: ChartRecorder
    /// Channels no source reads (computed, counters) that a chart or statistic shows: taken
    /// per frame.
    private let unreadChartChannels: [String]
    /// Failover channels: the source each used at the last frame ("" before any).
    private var inUse: [String: String?] = [:]
    /// Whether the `[log]` writes rows now (its `start`, then triggers' `logging`).
    public internal(set) var logging: Bool
    /// Markers asked for (`log_marker`) since the start; the log service writes one row each.
    public private(set) var logMarkers: UInt64 = 0
    /// Failover channels that have had a source (switches after that are said).
    private var failoverStarted: Set<String> = []
    /// What to log once (a failover switching), drained by `takeNotices`.
    var notices: [String] = []
    private let bannerPlacement: AlarmBannerPlacement
    /// The banner is on screen (a tap on it acknowledges).
    private var bannerShown = false
    /// The wall clock minus the panel's (nanoseconds), for the sun; nil: not known (`render`,
    /// or a clock not yet set: a Pi without a real-time clock before NTP or GPS sets it).
    var wallClockOffset: Int64?
    /// Whether a computed channel follows the sun (the state wakes now and then for it).
    private let followsSun: Bool
    /// The buttons and switches: taps to messages, pressed buttons.
    var controls: ControlDesk
    /// Outputs switched and sounds asked for, for their services; the outputs' states back.
    var effects = PanelEffects()
    /// `[control]`: commands over MQTT, the state published back.
    var remote: RemoteControl?
    /// The backlight's level as last set by hand or remotely (published by `[control]`).
    var brightness: Int?
    /// Samples accepted since the last frame: a frame is due.
    public internal(set) var isDirty = true

    public init(board: BoardConfiguration, animates: Bool = true) {
        layout = board.dashboard
        themes = board.themes
        channels = ChannelSet(board.channels.map { $0.channel })
        alarms = board.alarms.map { AlarmMonitor($0) }
        triggers = board.triggers.map { TriggerMonitor($0) }
        backlight = board.backlight.map { BacklightPlan($0) }
        computed = Dictionary(uniqueKeysWithValues: board.computed.map { ($0.name, $0) })
        counters = board.counters.map { CounterState($0) }
        logging = board.log?.startsOn ?? false
        charts = ChartRecorder(board.dashboard, statistics: Self.statistics(board.computed))
        unreadChartChannels = charts.channels(among: Set(board.computed.map { $0.name } + board.counters.map { $0.name }))
        bannerPlacement = board.alarmDisplay.banner
        followsSun = board.computed.contains { c in
            if case .sun = c.formula { return true }
            return false
        }
        controls = ControlDesk(board.controls)
        remote = board.remote.map { RemoteControl($0) }
        self.animates = animates
        shownChannels = layout.channels
        (rawChannels, rawOnlyChannels) = Self.rawChannels(of: layout, shown: shownChannels)
        for c in shownChannels { animators[c] = NeedleAnimator(range: Self.range(of: c, in: layout)) }
    }

    /// The shown channels some widget shows unsmoothed, and those nothing else shows. Not
    /// inlined (nor the lamps' parts of `frame(now:)`): the needles' spring (exp, sin and
    /// cos of constants) is folded at compile time only in a small enough caller, and
    /// otherwise pulls libm's into the firmware (about 20 KB).
    @inline(never)
    static func rawChannels(of dashboard: Dashboard, shown: [String]) -> ([String], [String]) {
        let widgets = dashboard.pages.flatMap { $0.widgets }
        let raw = shown.filter { c in widgets.contains { $0.channel == c && $0.followsRawValue } }
        return (raw, raw.filter { c in !widgets.contains { $0.channel == c && !$0.followsRawValue } })
    }

    // Not inlined, for `frame(now:)` as for `init` above.
    @inline(never) private func isRaw(_ channel: String) -> Bool { rawChannels.contains(channel) }
    @inline(never) private func isRawOnly(_ channel: String) -> Bool { rawOnlyChannels.contains(channel) }

    /// The span of the first widget showing `channel` on a scale (the needle's settling tolerance).
    static func range(of channel: String, in dashboard: Dashboard) -> ClosedRange<Double> {
        for p in dashboard.pages {
            for w in p.widgets where w.channel == channel {
                if let scale = w.scale { return scale }
            }
        }
        return 0...100
    }

    /// After a reload: keeps the readings (and min/max) of channels configured exactly as
    /// before, so gauges don't blank until the next reading; the page too, if it exists.
    public mutating func carryOver(from old: PanelState, oldBoard: BoardConfiguration, newBoard: BoardConfiguration) {
        for c in newBoard.channels {
            guard let before = oldBoard.channels.first(where: { $0.name == c.name }), before == c,
                let kept = old.channels[c.name]
            else { continue }
            channels.add(kept)
        }
        for (name, value) in old.counterValues { restoreCounter(name, to: value) }
        charts.carryOver(from: old.charts)
        show(page: old.page < Int32(truncatingIfNeeded: layout.pages.count) ? old.page : 0)
        if old.themes.active != themes.active, layout.pages.count > 0 { setTheme(old.themes.active) }
        isDirty = true
    }

    // MARK: Inputs

    /// A reading from any source; false if no channel takes it or the pipeline refused it.
    @discardableResult
    public mutating func accept(_ sample: Sample, now: UInt64) -> Bool {
        guard channels.accept(sample, time: now) else { return false }
        for i in counters.indices where counters[i].configuration.channel == sample.name {
            counters[i].take(channels[sample.name]?.value(now: now) ?? .nan, now: now)
        }
        if !charts.isEmpty { charts.record(sample.name, value: channels[sample.name]?.value(now: now) ?? .nan, now: now) }
        isDirty = true
        return true
    }

    /// A source vanished: its channels show "no value" until it returns.
    public mutating func invalidate(_ names: [String]) {
        channels.invalidate(names)
        isDirty = true
    }

    /// What an input action changes here at `now`; a tap on a control queues its message
    /// (`takeMessages`). Brightness is the caller's (the backlight): the step a brightness
    /// key, or a button whose action is one, asks for is returned.
    @discardableResult
    public mutating func handle(_ action: InputAction, now: UInt64 = 0) -> Int? {
        switch action {
        case .nextPage: show(page: page &+ 1)
        case .previousPage: show(page: page &- 1)
        case .toggleNight: setTheme(themes.active == .day ? .night : .day)
        case .logMarker: logMarkers &+= 1
        case .resetTrip:
            for i in counters.indices { counters[i].reset() }
            isDirty = true
        case .resetHold:
            channels.resetAllMinMax()
            isDirty = true
        case .acknowledgeAlarms: acknowledgeAlarms()
        case .tap(let x, let y):
            let banner = AlarmPresentation.bannerFrame(width: layout.width, height: layout.height, placement: bannerPlacement)
            if bannerShown, banner?.contains(x: x, y: y) == true {
                acknowledgeAlarms()
            } else if let a = tapControl(atX: x, y: y, now: now) {
                return handle(a, now: now)
            }
        case .brightness(let step):
            backlight?.overrideByHand()
            return step
        }
        return nil
    }

    /// The counters' values by name (saved by the counter service).
    public var counterValues: [(name: String, value: Double)] { counters.map { ($0.configuration.name, $0.value) } }

    /// A counter's value as its file held it at start.
    public mutating func restoreCounter(_ name: String, to value: Double) {
        for i in counters.indices where counters[i].configuration.name == name { counters[i].restore(value) }
        isDirty = true
    }

    /// A touch or key at `now`: keeps the screen awake. True when it woke it — the input
    /// did that and nothing else.
    public mutating func noteInput(now: UInt64) -> Bool {
        guard backlight?.input(now: now) == true else { return false }
        isDirty = true
        return true
    }

    /// Every active alarm stops blinking, escalating and asking for attention (the banner
    /// goes) until it gets worse or ends.
    public mutating func acknowledgeAlarms() {
        queueNotificationAcknowledgements()
        for i in alarms.indices { alarms[i].acknowledge() }
        isDirty = true
    }

    public mutating func show(page index: Int32) {
        var d = layout
        d.show(page: index)
        if d.currentPage != page {
            page = d.currentPage
            isDirty = true
        }
    }

    public mutating func setTheme(_ name: ThemeConfiguration.Name) {
        guard name != themes.active else { return }
        themes.active = name
        layout.apply(themes.current)
        isDirty = true
    }

    // MARK: Output

    /// What to draw at `now`, whether something still moves, and when the picture will
    /// change by itself (a reading going stale, an alarm blinking).
    public mutating func frame(now: UInt64) -> PanelFrame {
        advanceHistories(now: now)  // first: a window statistic is read as of now
        var wake = judge(now: now)
        var shown = layout
        shown.show(page: page)
        let animating = setValues(on: &shown, now: now)
        // Blinking lamps: the loop wakes at their next edge.
        if let t = shown.setTime(milliseconds: Int64(now / 1_000_000)) {
            let edge = UInt64(t) &* 1_000_000
            wake = min(wake ?? edge, edge)
        }
        if let t = present(on: &shown, now: now) { wake = min(wake ?? t, t) }
        if let t = showCharts(on: &shown, now: now) { wake = min(wake ?? t, t) }
        if !controls.isEmpty, let t = controls.show(on: &shown, now: now, outputs: effects.outputsOn) { wake = min(wake ?? t, t) }
        publishState()
        isDirty = false  // what triggers changed is in this frame
        return PanelFrame(dashboard: shown, animating: animating, wakeAt: wake, backlight: backlight?.request)
    }

    /// The alarms' states and the triggers at `now` (a page brought forward, a theme, an
    /// acknowledgement); when the first of them, or a reading going stale, changes next.
    /// Out of line: `frame` stays small enough for the needles' spring to fold at compile
    /// time (inlined, the firmware pulls in libm's exp, sin and cos).
    @inline(never)
    private mutating func judge(now: UInt64) -> UInt64? {
        var wake: UInt64? = nextStaleDeadline(now: now)
        func wakeAt(_ t: UInt64?) { if let t { wake = min(wake ?? t, t) } }
        // The sun moves a degree in 4 minutes at most: a look every 10 s follows it.
        if followsSun { wakeAt(now &+ 10_000_000_000) }
        for i in alarms.indices {
            let value = alarms[i].notificationLevel ?? value(of: alarms[i].channel, now: now)
            if alarms[i].update(value, now: now), let p = layout.page(showing: alarms[i].channel) {
                page = p  // a new alarm brings its page forward
            }
            wakeAt(alarms[i].nextTransition(after: now))
        }
        for i in triggers.indices {
            if triggers[i].update(holds: holds(triggers[i].configuration.condition, now: now), now: now) {
                perform(triggers[i].configuration.actions)
            }
            wakeAt(triggers[i].nextTransition(after: now))
        }
        return wake
    }

    /// The alarms' colours and banner on `shown`, the backlight's plan, the failovers'
    /// notices; when the backlight next changes by itself (sleep).
    @inline(never)
    private mutating func present(on shown: inout Dashboard, now: UInt64) -> UInt64? {
        AlarmPresentation.apply(alarms, at: now, theme: themes.current, placement: bannerPlacement, to: &shown)
        bannerShown = !shown.overlay.isEmpty
        noteFailovers(now: now)
        guard var b = backlight else { return nil }
        let c = b.configuration
        b.update(
            curveValue: c.channel.map { value(of: $0, now: now) } ?? .nan,
            wakeValue: c.wakeChannel.map { value(of: $0, now: now) } ?? .nan,
            alarmActive: alarms.contains { $0.isUnacknowledged }, now: now)
        backlight = b
        return b.nextTransition(after: now)
    }

    /// The window statistics among `computed`: each one's name, the channel it reads, its window.
    static func statistics(_ computed: [ComputedChannel]) -> [(name: String, of: String, seconds: Int64)] {
        computed.compactMap { c in
            guard case .statistic(_, let of, let seconds) = c.formula else { return nil }
            return (c.name, c.names[of], seconds)
        }
    }

    /// Every chart's and window statistic's history moved to `now`; those of channels no
    /// source reads take their value now.
    @inline(never)
    private mutating func advanceHistories(now: UInt64) {
        guard !charts.isEmpty else { return }
        var unread: [String: Double] = [:]
        for c in unreadChartChannels { unread[c] = value(of: c, now: now) }
        charts.advance(now: now, unread: unread)
    }

    /// The charts on `shown` given their histories; when the first of those, or of the
    /// window statistics holding readings, moves on a column.
    @inline(never)
    private mutating func showCharts(on shown: inout Dashboard, now: UInt64) -> UInt64? {
        guard !charts.isEmpty else { return nil }
        let shownNext = charts.show(on: &shown, now: now)
        guard let statisticNext = charts.nextStatisticChange(now: now) else { return shownNext }
        return min(shownNext ?? statisticNext, statisticNext)
    }

    /// The run starts at `now` of the panel's clock: charts cut their columns from here.
    public mutating func startClock(at now: UInt64) { charts.start(at: now) }

    /// Gives the chart `id` a history read back from its file.
    public mutating func restoreChart(_ id: String, series: Int = 0, _ history: ChartHistory) {
        charts.restore(id, series: series, history)
        isDirty = true
    }

    /// The history of the chart `id`, as the panel keeps it.
    public func chartHistory(of id: String, series: Int = 0) -> ChartHistory? { charts.history(of: id, series: series) }

    /// Each shown channel's needle eased towards its reading; true while any still moves.
    private mutating func setValues(on shown: inout Dashboard, now: UInt64) -> Bool {
        var animating = false
        for name in shownChannels {
            let target = value(of: name, now: now)
            var a = animators[name] ?? NeedleAnimator(range: 0...100)
            if animates && !isRawOnly(name) {
                if a.target != (target.isFinite ? target : nil) {
                    // The needle starts moving when the reading arrived, not at this frame.
                    let read = min(channels[name]?.latest?.time ?? now, now)
                    a.setTarget(target, now: max(read, a.time ?? 0))
                }
                a.advance(to: now)
            } else {
                a.jump(to: target, now: now)
            }
            animators[name] = a
            if !a.isSettled { animating = true }
            shown.set(name, to: a.value ?? .nan)
            if isRaw(name) { shown.setRaw(name, to: target) }
        }
        // Indicators waiting for a first reading spin: they animate while visible.
        if shown.setIndeterminatePhase(
            ProgressIndicator.phase(
                atMilliseconds: Int64(now / 1_000_000),
                periodMilliseconds: 1500))
        {
            animating = true
        }
        return animating
    }

    /// A channel's value at `now` (NaN: none): its reading, or a computed channel's value
    /// from its inputs' (linked without cycles, so this ends).
    public func value(of name: String, now: UInt64) -> Double {
        if let c = computed[name] {
            if case .statistic(let kind, _, _) = c.formula {
                let v = charts.statistic(name, kind)
                return v.isFinite ? v * c.scale + c.offset : .nan
            }
            return c.value({ value(of: $0, now: now) }, unixSeconds: unixSeconds(at: now))
        }
        if let c = counters.first(where: { $0.configuration.name == name }) { return c.value }
        return channels[name]?.value(now: now) ?? .nan
    }

    /// Each failover channel's source in use; a change is a notice.
    private mutating func noteFailovers(now: UInt64) {
        for c in computed.values {
            guard case .firstOf = c.formula else { continue }
            let source = c.sourceInUse { value(of: $0, now: now) }
            // Until a first source has had a value (start-up) nothing is said.
            let before = inUse[c.name] ?? nil
            guard before != source else { continue }
            inUse[c.name] = .some(source)
            guard before != nil || failoverStarted.contains(c.name) else {
                failoverStarted.insert(c.name)
                continue
            }
            let first = c.inputs.first
            notices.append(
                source.map { s in
                    s == first ? "failover \(c.name): back to \(s)" : "failover \(c.name): using \(s) (\(before ?? "none") has no value)"
                } ?? "failover \(c.name): no source has a value")
        }
    }

    /// Lines for the log since the last call (a failover switching).
    public mutating func takeNotices() -> [String] {
        defer { notices = [] }
        return notices
    }

    /// Each failover channel and its source in use (`speed=gps1.speed`, `=none`).
    public var failoverSummary: [String] {
        inUse.keys.sorted().map { "failover:\($0)=\((inUse[$0] ?? nil) ?? "none")" }
    }

    /// A channel's alarm as the last frame judged it: the state it shows and whether it
    /// was acknowledged (nil: the channel has no alarm).
    public func alarmStatus(of channel: String, now: UInt64) -> (state: AlarmState, acknowledged: Bool)? {
        guard let m = alarms.first(where: { $0.channel == channel }) else { return nil }
        return (m.shownState(at: now), m.acknowledged != nil)
    }

    /// The first time after `now` at which a fresh channel turns stale.
    func nextStaleDeadline(now: UInt64) -> UInt64? {
        var first: UInt64?
        for c in channels.channels.values { if let t = c.staleDeadline(now: now) { first = min(first ?? t, t) } }
        return first
    }
}

/// One frame's worth of output from `PanelState`.
public struct PanelFrame: Sendable {
    public var dashboard: Dashboard
    /// Needles still moving: draw again next refresh.
    public var animating: Bool
    /// When the picture changes without new input (nil: not by itself).
    public var wakeAt: UInt64?
    /// What the backlight should show (nil: the board leaves it alone).
    public var backlight: BacklightRequest? = nil
}
