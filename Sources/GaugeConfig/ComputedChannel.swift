import GaugeDecoders
import GaugeECU

/// A channel computed from others (`kind = "computed"`): an `expression` — C's
/// arithmetic, comparison, logic and `?:` operators over numbers and channel names — or
/// `sources`, channels in priority order of which the first with a value wins (failover:
/// two GPS receivers, a log and a GPS). Linked against the board's channels once every
/// sensor is read. An expression has no value while any channel it reads has none (stale,
/// not yet read); a division by zero is no value too.
public struct ComputedChannel: Sendable {
    public enum Formula: Sendable {
        case expression(ECUExpression)
        /// Indexes into `names`, first choice first.
        case firstOf([Int])
        /// A statistic of the channel `names[of]` over a window: the panel keeps its history.
        case statistic(WindowStatistic.Kind, of: Int, seconds: Int64)
        /// The sun's elevation in degrees at a place: each coordinate fixed (`.degrees`) or
        /// the value of `names[i]` (`.channel(i)`). It needs the time of day: the panel's.
        case sun(latitude: Place, longitude: Place)
    }

    /// A coordinate of `Formula.sun`.
    public enum Place: Sendable {
        case degrees(Double)
        case channel(Int)
    }

    public var name: String
    public var formula: Formula
    /// The names the formula's channel indexes stand for.
    public var names: [String]
    public var scale: Double
    public var offset: Double

    /// The channels it reads.
    public var inputs: [String] {
        switch formula {
        case .expression(let e): e.channelsRead.map { names[$0] }
        case .firstOf(let order): order.map { names[$0] }
        case .statistic(_, let of, _): [names[of]]
        case .sun(let latitude, let longitude):
            [latitude, longitude].compactMap { p in
                if case .channel(let i) = p { return names[i] }
                return nil
            }
        }
    }

    /// Failover: the source in use now (the first with a value), nil for none or an expression.
    public func sourceInUse(_ channel: (String) -> Double) -> String? {
        guard case .firstOf(let order) = formula else { return nil }
        return order.first { channel(names[$0]).isFinite }.map { names[$0] }
    }

    /// Its value from the channels' (`value(name)`, NaN for none) at `unixSeconds` (the
    /// wall clock; nil: not known, and the sun has no value). A statistic has none here: it
    /// needs the history the panel keeps (`PanelState`).
    public func value(_ channel: (String) -> Double, unixSeconds: Double? = nil) -> Double {
        let v: Double
        switch formula {
        case .statistic: return .nan
        case .sun(let latitude, let longitude):
            func degrees(_ p: Place) -> Double {
                switch p {
                case .degrees(let d): d
                case .channel(let i): channel(names[i])
                }
            }
            guard let unixSeconds else { return .nan }
            v = SolarPosition.elevation(latitude: degrees(latitude), longitude: degrees(longitude), unixSeconds: unixSeconds)
        case .firstOf:
            guard let source = sourceInUse(channel) else { return .nan }
            v = channel(source)
        case .expression(let e):
            var missing = false
            v = e.evaluate { i in
                let x = channel(names[i])
                if !x.isFinite { missing = true }
                return x
            }
            if missing { return .nan }
        }
        guard v.isFinite else { return .nan }
        return v * scale + offset
    }
}

extension BoardConfiguration {
    /// Every computed channel's expression compiled against `channels`, in an order where
    /// each comes after the computed channels it reads; an unknown name, a syntax error or
    /// a cycle is reported at the channel's `expression`.
    static func linkComputed(_ channels: [ChannelConfiguration], _ diagnostics: Diagnostics) -> [ComputedChannel] {
        let names = channels.map { $0.name }
        var compiled: [String: ComputedChannel] = [:]
        var locations: [String: KeyPath] = [:]
        for c in channels {
            guard let at = c.expressionLocation else { continue }
            locations[c.name] = at
            if let statistic = c.statistic {
                guard let of = names.firstIndex(of: statistic.of) else {
                    diagnostics.report(at, unknownChannelMessage(statistic.of, among: names))
                    continue
                }
                let formula = ComputedChannel.Formula.statistic(statistic.kind, of: of, seconds: statistic.seconds)
                compiled[c.name] = ComputedChannel(name: c.name, formula: formula, names: names, scale: c.scale, offset: c.offset)
                continue
            }
            if let sun = c.sun {
                if let formula = linkSun(sun, of: c, channels: channels, at: at, diagnostics) {
                    compiled[c.name] = ComputedChannel(name: c.name, formula: formula, names: names, scale: c.scale, offset: c.offset)
                }
                continue
            }
            if let order = c.failover {
                let unknown = order.filter { !names.contains($0) }
                for u in unknown { diagnostics.report(at, unknownChannelMessage(u, among: names)) }
                guard unknown.isEmpty else { continue }
                // One value from whichever source: all in one unit, the channel's.
                let units = order.compactMap { n in channels.first { $0.name == n }?.unit }.filter { $0 != .none } + (c.unit == .none ? [] : [c.unit])
                if let first = units.first, let other = units.first(where: { $0 != first }) {
                    diagnostics.report(
                        at,
                        "the sources and the channel are in \(first.configName) and \(other.configName): each value stands for the channel as it is; scale a source to one unit"
                    )
                }
                let formula = ComputedChannel.Formula.firstOf(order.compactMap { names.firstIndex(of: $0) })
                compiled[c.name] = ComputedChannel(name: c.name, formula: formula, names: names, scale: c.scale, offset: c.offset)
                continue
            }
            guard let text = c.expression else { continue }
            do {
                let e = try ECUExpression.compile(Array(text.utf8)[...], names: names)
                checkUnits(e, of: c, channels: channels, at: at, diagnostics)
                compiled[c.name] = ComputedChannel(name: c.name, formula: .expression(e), names: names, scale: c.scale, offset: c.offset)
            } catch {
                diagnostics.report(at, describe(error, names: names))
            }
        }
        return ordered(compiled, locations: locations, diagnostics)
    }

    /// `sun`'s coordinates linked to their channels (known, in degrees when they say), and
    /// the channel itself in degrees.
    private static func linkSun(
        _ sun: SunElevation, of c: ChannelConfiguration, channels: [ChannelConfiguration], at: KeyPath, _ diagnostics: Diagnostics
    ) -> ComputedChannel.Formula? {
        let names = channels.map { $0.name }
        var ok = true
        func place(_ coordinate: SunElevation.Coordinate) -> ComputedChannel.Place? {
            switch coordinate {
            case .degrees(let d): return .degrees(d)
            case .channel(let name):
                guard let i = names.firstIndex(of: name) else {
                    diagnostics.report(at, unknownChannelMessage(name, among: names))
                    ok = false
                    return nil
                }
                if channels[i].unit != .none, channels[i].unit != .degrees {
                    diagnostics.report(at, "\(name) is in \(channels[i].unit.configName), not degrees: a latitude or longitude is in deg")
                    ok = false
                }
                return .channel(i)
            }
        }
        let latitude = place(sun.latitude), longitude = place(sun.longitude)
        if c.unit != .none, c.unit != .degrees {
            diagnostics.report(at, "the sun's elevation is in degrees but the channel's unit is \(c.unit.configName): give it unit = \"deg\"")
            ok = false
        }
        guard ok, let latitude, let longitude else { return nil }
        return .sun(latitude: latitude, longitude: longitude)
    }

    /// An expression's units agree where they meet, and with the channel's own `unit`
    /// (a channel without a unit is taken as a plain number).
    private static func checkUnits(
        _ e: ECUExpression, of c: ChannelConfiguration, channels: [ChannelConfiguration], at: KeyPath, _ diagnostics: Diagnostics
    ) {
        func described(_ u: SensorUnit) -> String { "\(u.configName) (\(noun(of: u.dimension)))" }
        let (unit, mismatch) = e.unit(
            of: { channels[$0].unit == .none ? nil : channels[$0].unit }, describe: described, name: { channels[$0].name })
        if let mismatch { diagnostics.report(at, "the expression \(mismatch)") }
        if let unit, c.unit != .none, c.unit != unit {
            diagnostics.report(
                at,
                "the expression gives \(described(unit)) but the channel's unit is \(described(c.unit)): give it unit = \"\(unit.configName)\", or scale an input"
            )
        }
    }

    private static func noun(of d: SensorUnit.Dimension) -> String {
        switch d {
        case .dimensionless: "a number"
        case .temperature: "a temperature"
        case .speed: "a speed"
        case .pressure: "a pressure"
        case .length: "a length"
        case .volume: "a volume"
        case .angle: "an angle"
        case .voltage: "a voltage"
        case .current: "a current"
        case .power: "a power"
        case .rotation: "a rotation rate"
        case .frequency: "a frequency"
        case .ratio: "a ratio"
        }
    }

    /// The parser's words for an INI are not a board's: an unknown name is a channel.
    private static func describe(_ error: ExpressionError, names: [String]) -> String {
        let m = error.message
        guard m.hasPrefix("reads "), let end = m.firstIndex(of: ",") else { return m }
        return unknownChannelMessage(String(m[m.index(m.startIndex, offsetBy: 6)..<end]), among: names)
    }

    /// Depth-first: inputs before the channels reading them; a cycle reported once.
    private static func ordered(_ all: [String: ComputedChannel], locations: [String: KeyPath], _ diagnostics: Diagnostics) -> [ComputedChannel] {
        var out: [ComputedChannel] = []
        var done: Set<String> = []
        var cyclic: Set<String> = []
        func visit(_ name: String, _ path: [String]) {
            guard let c = all[name], !done.contains(name) else { return }
            if let i = path.firstIndex(of: name) {
                let cycle = Array(path[i...]) + [name]
                if cycle.allSatisfy({ !cyclic.contains($0) }), let at = locations[name] {
                    diagnostics.report(at, "a cycle: \(cycle.joined(separator: " → ")) (a computed channel cannot read itself)")
                }
                cyclic.formUnion(cycle)
                return
            }
            for input in c.inputs { visit(input, path + [name]) }
            if !done.contains(name) && !cyclic.contains(name) {
                done.insert(name)
                out.append(c)
            }
        }
        for name in all.keys.sorted() { visit(name, []) }
        return out
    }
}
