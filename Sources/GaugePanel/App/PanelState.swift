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
    private var alarms: [AlarmMonitor]
    /// Samples accepted since the last frame: a frame is due.
    public private(set) var isDirty = true

    public init(board: BoardConfiguration, animates: Bool = true) {
        layout = board.dashboard
        themes = board.themes
        channels = ChannelSet(board.channels.map { $0.channel })
        alarms = board.alarms.map { AlarmMonitor($0) }
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
        show(page: old.page < Int32(truncatingIfNeeded: layout.pages.count) ? old.page : 0)
        if old.themes.active != themes.active, layout.pages.count > 0 { setTheme(old.themes.active) }
        isDirty = true
    }

    // MARK: Inputs

    /// A reading from any source; false if no channel takes it or the pipeline refused it.
    @discardableResult
    public mutating func accept(_ sample: Sample, now: UInt64) -> Bool {
        guard channels.accept(sample, time: now) else { return false }
        isDirty = true
        return true
    }

    /// A source vanished: its channels show "no value" until it returns.
    public mutating func invalidate(_ names: [String]) {
        channels.invalidate(names)
        isDirty = true
    }

    /// What an input action changes here. Brightness is the caller's (the backlight).
    public mutating func handle(_ action: InputAction) {
        switch action {
        case .nextPage: show(page: page &+ 1)
        case .previousPage: show(page: page &- 1)
        case .toggleNight: setTheme(themes.active == .day ? .night : .day)
        case .resetHold:
            channels.resetAllMinMax()
            isDirty = true
        case .acknowledgeAlarms:
            for i in alarms.indices { alarms[i].acknowledge() }
            isDirty = true
        case .tap, .brightness: break
        }
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
        isDirty = false
        var shown = layout
        shown.show(page: page)
        var animating = false
        for name in shownChannels {
            let target = channels[name]?.value(now: now) ?? .nan
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
        var wake: UInt64? = nextStaleDeadline(now: now)
        // Blinking lamps: the loop wakes at their next edge.
        if let t = shown.setTime(milliseconds: Int64(now / 1_000_000)) {
            let edge = UInt64(t) &* 1_000_000
            wake = min(wake ?? edge, edge)
        }
        for i in alarms.indices {
            let value = channels[alarms[i].channel]?.value(now: now) ?? .nan
            if alarms[i].update(value, now: now), let p = layout.page(showing: alarms[i].channel) {
                page = p  // a new critical alarm brings its page forward
                shown.show(page: p)
            }
            if let colour = alarms[i].colour(at: now, theme: themes.current) {
                shown.highlight(alarms[i].channel, colour)
            }
            if let t = alarms[i].nextTransition(after: now) { wake = min(wake ?? t, t) }
        }
        return PanelFrame(dashboard: shown, animating: animating, wakeAt: wake)
    }

    /// The first time after `now` at which a fresh channel turns stale.
    func nextStaleDeadline(now: UInt64) -> UInt64? {
        var first: UInt64?
        for c in channels.channels.values {
            guard let ttl = c.timeToLive, let r = c.latest, !c.isStale(now: now) else { continue }
            let (t, overflow) = r.time.addingReportingOverflow(ttl &+ 1)
            if !overflow { first = min(first ?? t, t) }
        }
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
}

extension Dashboard {
    /// Sets the phase of every indeterminate indicator on the visible page; true if any.
    mutating func setIndeterminatePhase(_ phase: Int32) -> Bool {
        guard !pages.isEmpty else { return false }
        let p = Int(currentPage)
        var any = false
        for w in pages[p].widgets.indices where pages[p].widgets[w].isIndeterminate {
            pages[p].widgets[w].setPhase(phase)
            any = true
        }
        return any
    }

    /// The visible page's timed widgets (blinking lamps) at `milliseconds`; the first
    /// time any of them changes next.
    @inline(never)
    mutating func setTime(milliseconds: Int64) -> Int64? {
        guard !pages.isEmpty else { return nil }
        let p = Int(currentPage)
        var first: Int64?
        for w in pages[p].widgets.indices where pages[p].widgets[w].isTimed {
            if let t = pages[p].widgets[w].setTime(milliseconds: milliseconds) { first = min(first ?? t, t) }
        }
        return first
    }

    /// The raw reading to the widgets of `channel` that show it unsmoothed (lamps).
    @inline(never)
    mutating func setRaw(_ channel: String, to value: Double) {
        for p in pages.indices {
            for w in pages[p].widgets.indices where pages[p].widgets[w].channel == channel && pages[p].widgets[w].followsRawValue {
                pages[p].widgets[w].setValue(value)
            }
        }
    }

    /// Colours every widget fed by `channel`.
    mutating func highlight(_ channel: String, _ colour: Color) {
        for p in pages.indices {
            for w in pages[p].widgets.indices where pages[p].widgets[w].channel == channel {
                pages[p].widgets[w].highlight(colour)
            }
        }
    }
}
