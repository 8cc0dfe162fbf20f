import GaugeConfig

/// An alarm as an output reads it: the state it shows (an `AlarmState`'s raw value; 0
/// for none) and whether the user acknowledged it. Plain values, so whoever keeps the alarms feeds them.
public struct OutputAlarm: Sendable, Equatable {
    public var level: Int32
    public var acknowledged: Bool

    public init(level: Int32 = 0, acknowledged: Bool = false) {
        self.level = level
        self.acknowledged = acknowledged
    }
}

/// What the rules read at one moment: each channel's value (NaN: none, or stale) and
/// alarm. Closures over whatever holds them (the panel's state; a test's dictionaries).
public struct OutputInputs {
    public var value: (String) -> Double
    public var alarm: (String) -> OutputAlarm

    public init(value: @escaping (String) -> Double, alarm: @escaping (String) -> OutputAlarm = { _ in OutputAlarm() }) {
        self.value = value
        self.alarm = alarm
    }
}

/// One output's rule as a pure state machine: inputs and the time in, the lines' values
/// and the next time it must be asked again (a blink, a flash, a minimum time running out)
/// out. No I/O and no clock: the run loop feeds it, tests drive it by hand.
/// No value (missing or stale) is the safe state at once: every line inactive.
public struct OutputLogic: Sendable {
    public let rule: OutputRule
    public let lineCount: Int
    /// The switched rules' state (hysteresis and minimum times applied).
    public private(set) var isOn = false
    /// When `isOn` last changed (nil: never, so no minimum time holds it yet).
    private var changedAt: UInt64?
    /// A shift light: since when it flashes.
    private var flashingSince: UInt64?
    /// A manual output: what its buttons and triggers last asked for, and until when a
    /// timed `on` holds (nil: steady).
    private var commanded = false
    private var commandedUntil: UInt64?

    public struct Decision: Sendable, Equatable {
        /// Bit i: line i active.
        public var bits: UInt64
        /// Ask again at this time even if no input changes (nil: only when one does).
        public var wakeAt: UInt64?
    }

    public init(rule: OutputRule, lineCount: Int) {
        self.rule = rule
        self.lineCount = max(1, min(lineCount, 64))
    }

    var allLines: UInt64 { lineCount >= 64 ? ~0 : (UInt64(1) << UInt64(lineCount)) &- 1 }

    public mutating func update(_ inputs: OutputInputs, now: UInt64) -> Decision {
        switch rule.kind {
        case .above(let channel, let on, let off):
            let v = inputs.value(channel)
            guard v.isFinite else { return safe(now: now) }
            return switched(want: isOn ? v >= off : v >= on, now: now)
        case .below(let channel, let on, let off):
            let v = inputs.value(channel)
            guard v.isFinite else { return safe(now: now) }
            return switched(want: isOn ? v <= off : v <= on, now: now)
        case .alarm(let channel, let level, let unacknowledged):
            let a = inputs.alarm(channel)
            return switched(want: a.level >= level && !(unacknowledged && a.acknowledged), now: now)
        case .shiftLight(let light):
            return shiftLight(light, value: inputs.value(light.channel), now: now)
        case .manual:
            if let until = commandedUntil, now >= until {
                commanded = false
                commandedUntil = nil
            }
            var d = switched(want: commanded, now: now)
            if let until = commandedUntil { d.wakeAt = min(d.wakeAt ?? until, until) }
            return d
        }
    }

    /// A button's, switch's or trigger's order (a manual output; others ignore it). A
    /// toggle turns it to the opposite of what it asked for last.
    public mutating func command(_ set: OutputCommand.Setting, seconds: Double? = nil, now: UInt64) {
        guard rule.kind == .manual else { return }
        switch set {
        case .on: commanded = true
        case .off: commanded = false
        case .toggle: commanded = !commanded
        }
        commandedUntil = commanded ? seconds.map { now &+ Self.nanoseconds($0) } : nil
    }

    /// No value: inactive now, whatever the minimum times say (a stale reading must not
    /// keep a relay on).
    private mutating func safe(now: UInt64) -> Decision {
        if isOn {
            isOn = false
            changedAt = now
        }
        return Decision(bits: 0, wakeAt: nil)
    }

    /// The hysteresis' wish, held back while the current state's minimum time runs.
    private mutating func switched(want: Bool, now: UInt64) -> Decision {
        var wake: UInt64?
        if want != isOn {
            let minimum = Self.nanoseconds(isOn ? rule.minOnSeconds : rule.minOffSeconds)
            if let since = changedAt, now &- since < minimum {
                wake = since &+ minimum
            } else {
                isOn = want
                changedAt = now
            }
        }
        guard isOn else { return Decision(bits: 0, wakeAt: wake) }
        guard let hz = rule.blinkHz else { return Decision(bits: allLines, wakeAt: wake) }
        let (lit, next) = Self.blink(since: changedAt ?? now, hz: hz, now: now)
        return Decision(bits: lit ? allLines : 0, wakeAt: min(wake ?? next, next))
    }

    private mutating func shiftLight(_ light: OutputRule.ShiftLight, value v: Double, now: UInt64) -> Decision {
        guard v.isFinite else {
            flashingSince = nil
            return Decision(bits: 0, wakeAt: nil)
        }
        if let above = light.flashAbove, v >= above {
            let since = flashingSince ?? now
            flashingSince = since
            let (lit, next) = Self.blink(since: since, hz: light.flashHz, now: now)
            return Decision(bits: lit ? allLines : 0, wakeAt: next)
        }
        flashingSince = nil
        var lit = 0
        for i in 0..<lineCount where v >= Self.step(i, of: lineCount, light) { lit = i + 1 }
        return Decision(bits: lit == 0 ? 0 : lit >= 64 ? ~0 : (UInt64(1) << UInt64(lit)) &- 1, wakeAt: nil)
    }

    /// Where line `i` of `n` lights: `from`, …, `to`, evenly.
    static func step(_ i: Int, of n: Int, _ light: OutputRule.ShiftLight) -> Double {
        n <= 1 ? light.from : light.from + (light.to - light.from) * Double(i) / Double(n - 1)
    }

    /// On for the first half of each period from `since`; and when that next changes.
    static func blink(since: UInt64, hz: Double, now: UInt64) -> (lit: Bool, next: UInt64) {
        let half = max(UInt64(5e8 / hz), 1_000_000)
        let halves = (now &- since) / half
        return (halves % 2 == 0, since &+ (halves &+ 1) &* half)
    }

    static func nanoseconds(_ seconds: Double) -> UInt64 { seconds > 0 ? UInt64(min(seconds, 1e7) * 1e9) : 0 }
}
