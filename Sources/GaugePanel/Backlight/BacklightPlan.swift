import GaugeConfig

/// What the backlight should show: a level (nil: leave it as it is) and on or off.
public struct BacklightRequest: Sendable, Equatable {
    public var percent: Int?
    public var on: Bool
}

/// `[backlight]` as time passes, without touching a device: the level the curve gives
/// for the channel's value (followed only when it moves by `hysteresis` points, so a
/// reading wandering on a boundary never flickers), a brightness key's override (held
/// until the curve's level moves on), and sleep after `sleep_after` without activity —
/// input, an alarm asking for attention, the wake channel moving. An input that wakes
/// the screen does nothing else.
struct BacklightPlan: Sendable {
    let configuration: BacklightConfiguration
    /// The level followed from the curve (nil: none yet, or a key overrode it).
    private(set) var level: Int?
    /// The curve's level when a key overrode it: followed again once it moves on.
    private var overriddenAt: Int?
    private(set) var asleep = false
    /// The last activity (nil until the first frame: the run starts as activity).
    private var lastActivity: UInt64?
    /// The wake channel's value at its last counted movement (NaN: no value then).
    private var wakeReference: Double = .nan

    init(_ configuration: BacklightConfiguration) { self.configuration = configuration }

    /// A touch or a key at `now`; true when it woke the screen (the caller drops it).
    mutating func input(now: UInt64) -> Bool {
        lastActivity = now
        guard asleep else { return false }
        asleep = false
        return true
    }

    /// A brightness key set the level by hand: the curve waits until its level moves on.
    mutating func overrideByHand() {
        overriddenAt = level ?? overriddenAt
        level = nil
    }

    /// Takes the curve channel's and the wake channel's values and whether an alarm asks
    /// for attention, at `now`.
    mutating func update(curveValue: Double, wakeValue: Double, alarmActive: Bool, now: UInt64) {
        if let target = configuration.percent(at: curveValue).map({ Int($0.rounded()) }) {
            let h = configuration.hysteresis
            if let o = overriddenAt {
                if Double(abs(target - o)) >= max(h, 1) {
                    overriddenAt = nil
                    level = target
                }
            } else if level.map({ Double(abs(target - $0)) >= h }) ?? true {
                level = target
            }
        }
        if configuration.wakeChannel != nil, moved(wakeValue) {
            wakeReference = wakeValue
            lastActivity = now
        }
        if alarmActive || lastActivity == nil { lastActivity = now }
        if let s = configuration.sleepAfter, let last = lastActivity { asleep = now >= last && now - last >= s }
    }

    /// The wake channel counts as moving when it gains a value or moves by `wake_change`
    /// (any change when 0) from where it last counted.
    private func moved(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        guard wakeReference.isFinite else { return true }
        let d = abs(value - wakeReference)
        return configuration.wakeChange > 0 ? d >= configuration.wakeChange : d > 0
    }

    var request: BacklightRequest { BacklightRequest(percent: level, on: !asleep) }

    /// When the screen goes to sleep if nothing happens (the loop wakes then).
    func nextTransition(after now: UInt64) -> UInt64? {
        guard let s = configuration.sleepAfter, !asleep, let last = lastActivity else { return nil }
        let (t, overflow) = last.addingReportingOverflow(s)
        return overflow || t <= now ? nil : t
    }
}
