import GaugeDecoders
import GaugeSystem

/// One `[[output]]`: GPIO lines the panel drives (a fan's relay, a warning lamp, a buzzer,
/// a shift light) and the rule over channels that decides them. Described here, opened by
/// the panel (`GPIOOutputLines`), decided by GaugePanel's pure `OutputLogic`.
public struct OutputConfiguration: Sendable, Equatable {
    public var name: String
    /// A path (`/dev/gpiochip0`), a kernel name (`gpiochip0`) or a label (`pinctrl-bcm2835`).
    public var chip: String
    /// In the order the rule uses them (a shift light lights them first to last).
    public var lines: [GPIOLineName]
    public var activeLow: Bool
    public var rule: OutputRule

    public init(name: String, chip: String = "gpiochip0", lines: [GPIOLineName], activeLow: Bool = false, rule: OutputRule) {
        self.name = name
        self.chip = chip
        self.lines = lines
        self.activeLow = activeLow
        self.rule = rule
    }

    /// The channel the rule reads (nil: a manual output reads none).
    public var channel: String? {
        switch rule.kind {
        case .above(let c, _, _), .below(let c, _, _), .alarm(let c, _, _): return c
        case .shiftLight(let s): return s.channel
        case .manual: return nil
        }
    }

    /// Switched by buttons, switches and triggers rather than a rule over a channel.
    public var isManual: Bool { rule.kind == .manual }
}

/// What decides an output: a threshold with hysteresis (or a channel's alarm) switching
/// every line, steady or blinking, or a shift light lighting its lines progressively.
public struct OutputRule: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Active at or above `on`; inactive again below `off` (off ≤ on).
        case above(channel: String, on: Double, off: Double)
        /// Active at or below `on`; inactive again above `off` (off ≥ on).
        case below(channel: String, on: Double, off: Double)
        /// Active while the channel's alarm shows `level` or worse (an `AlarmState`'s raw
        /// value), and with `unacknowledged` only until someone acknowledges it (a buzzer).
        case alarm(channel: String, level: Int32, unacknowledged: Bool)
        case shiftLight(ShiftLight)
        /// No rule: switched by buttons, switches and triggers (`OutputCommand`), inactive
        /// until one does.
        case manual
    }

    /// Line i (of n) lit at `from + (to - from) · i / (n - 1)`; all flashing at `flashAbove`.
    public struct ShiftLight: Sendable, Equatable {
        public var channel: String
        public var from: Double
        public var to: Double
        public var flashAbove: Double?
        public var flashHz: Double

        public init(channel: String, from: Double, to: Double, flashAbove: Double? = nil, flashHz: Double = 8) {
            self.channel = channel
            self.from = from
            self.to = to
            self.flashAbove = flashAbove
            self.flashHz = flashHz
        }
    }

    public var kind: Kind
    /// Once active, active at least this long (a fan's relay not chattering).
    public var minOnSeconds: Double
    /// Once inactive, inactive at least this long.
    public var minOffSeconds: Double
    /// While active, blinking at this rate (half on, half off) instead of steady.
    public var blinkHz: Double?

    public init(kind: Kind, minOnSeconds: Double = 0, minOffSeconds: Double = 0, blinkHz: Double? = nil) {
        self.kind = kind
        self.minOnSeconds = minOnSeconds
        self.minOffSeconds = minOffSeconds
        self.blinkHz = blinkHz
    }
}

extension OutputConfiguration {
    /// Reads one `[[output]]`; `channels`: the names the board's sensors provide.
    static func read(_ r: TableReader, channels: [String], alarmChannels: [String]) -> OutputConfiguration? {
        let name = r.name("name", required: true)
        let chip = r.string("chip") ?? "gpiochip0"
        if chip.isEmpty { r.report("chip", "expected a chip: a path, a name (gpiochip0) or a label (pinctrl-bcm2835)") }
        let lines = readLines(r)
        let activeLow = r.bool("active_low") ?? false
        let rule = readRule(r, channels: channels, alarmChannels: alarmChannels)
        r.finish()
        guard let name, let lines, let rule, !chip.isEmpty else { return nil }
        return OutputConfiguration(name: name, chip: chip, lines: lines, activeLow: activeLow, rule: rule)
    }

    /// `line = 17` or `line = "GPIO17"`, or `lines = [17, 27, 22, 23]` (at most 64, no repeats).
    static func readLines(_ r: TableReader) -> [GPIOLineName]? {
        let one = r.value("line"), many = r.value("lines")
        let what = "a line number (0…65535) or a line name (\"GPIO17\")"
        guard one == nil || many == nil else {
            r.report("lines", "give either line or lines, not both")
            return nil
        }
        if let one { return line(one).map { [$0] } ?? bad(r, "line", "expected \(what), got \(one.written)") }
        guard let many else {
            r.report("line", "missing; expected \(what), or lines = [...] for several")
            return nil
        }
        guard let a = many.array, (1...64).contains(a.count) else {
            return bad(r, "lines", "expected an array of 1 to 64 lines (each \(what)), got \(many.written)")
        }
        var out: [GPIOLineName] = []
        for node in a {
            guard let l = line(node) else { return bad(r, "lines", "expected each entry to be \(what), got \(node.written)") }
            guard !out.contains(l) else { return bad(r, "lines", "line \(l.description) is listed twice") }
            out.append(l)
        }
        return out
    }

    private static func line(_ node: TOMLNode) -> GPIOLineName? {
        if let n = node.int64 { return (0...65535).contains(n) ? .offset(UInt32(n)) : nil }
        if let s = node.string, !s.isEmpty, s.utf8.count < 32 { return .name(s) }
        return nil
    }

    private static func bad<T>(_ r: TableReader, _ key: String, _ message: String) -> T? {
        r.report(key, message)
        return nil
    }
}

/// A button's, switch's or trigger's order to a manual `[[output]]`.
public struct OutputCommand: Sendable, Equatable {
    public enum Setting: String, Sendable, Equatable, CaseIterable {
        case on, off, toggle
    }

    /// An index into the board's outputs.
    public var output: Int
    public var set: Setting
    /// With `on`: off again after this many seconds (a horn's blast); nil: stays on.
    public var seconds: Double?

    public init(output: Int, set: Setting, seconds: Double? = nil) {
        self.output = output
        self.set = set
        self.seconds = seconds
    }
}
