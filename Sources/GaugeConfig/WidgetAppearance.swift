import GaugeGlyphs
import GaugeRaster
import GaugeWidgets

/// The parts of a widget shared by several types: range, frame, tint, ticks, zones, format.
extension TableReader {
    static let maxMagnitude = 1e9

    /// `frame = [x, y, width, height]` in whole pixels (checked against the display later).
    func frame(required: Bool = true) -> IntRect? {
        let what = "[x, y, width, height] in whole pixels, width and height ≥ 1"
        guard let v = value("frame") else {
            if required { report("frame", "missing; expected \(what)") }
            return nil
        }
        guard let a = v.array, a.count == 4 else {
            report("frame", "expected \(what), got \(describe(v))")
            return nil
        }
        var n: [Int64] = []
        for i in 0..<4 {
            guard let x = a[i].int64 else {
                report("frame", "expected \(what), got \(describe(v))")
                return nil
            }
            n.append(x)
        }
        guard (-4096...4096).contains(n[0]), (-4096...4096).contains(n[1]), (1...4096).contains(n[2]), (1...4096).contains(n[3]) else {
            report("frame", "expected \(what) (x, y within ±4096, sizes 1…4096), got \(describe(v))")
            return nil
        }
        return IntRect(x: Int32(n[0]), y: Int32(n[1]), width: Int32(n[2]), height: Int32(n[3]))
    }

    /// `range = [min, max]`, finite, min < max; nil (reported) when it isn't.
    func range(default fallback: ClosedRange<Double> = 0...1) -> ClosedRange<Double>? {
        let what = "[min, max] with min < max"
        guard let v = value("range") else { return fallback }
        guard let a = v.array, a.count == 2, let lo = Self.number(a[0]), let hi = Self.number(a[1]),
            lo.isFinite, hi.isFinite, Swift.abs(lo) <= Self.maxMagnitude, Swift.abs(hi) <= Self.maxMagnitude, lo < hi
        else {
            report("range", "expected \(what) (each within ±1e9), got \(describe(v))")
            return nil
        }
        return lo...hi
    }

    /// A value on the scale (hold, tier bounds): finite and inside the range.
    func scaleValue(_ key: String, in range: ClosedRange<Double>) -> Double? {
        number(key, range.lowerBound...range.upperBound)
    }

    /// `tint = ["#a", "#b", …]`: a gradient with its stops evenly spaced.
    private func evenGradient(_ a: [TOMLNode], allowed: Bool) -> GaugeTint? {
        let key = "tint"
        guard allowed else {
            report(key, "a gradient does not apply here; expected a colour or [{up_to, color}] tiers")
            return nil
        }
        var stops: [GradientStop] = []
        for i in 0..<a.count {
            guard let c = color(a[i], at: path.appending(key).appending(index: i)) else { return nil }
            stops.append(GradientStop(c, at: a.count == 1 ? 0 : Double(i) / Double(a.count - 1)))
        }
        return .gradient(stops)
    }

    /// `tint = "#hex"` | `["#a", "#b", …]` (gradient, evenly spaced) | `[{at, color}]`
    /// (gradient stops, at 0…1) | `[{up_to, color}]` (tiers, up_to in the widget's units).
    func tint(range: ClosedRange<Double>, allowGradient: Bool = true) -> GaugeTint? {
        let key = "tint"
        let what = "a colour \"#RRGGBB\", a list of colours (gradient), [{at, color}] stops or [{up_to, color}] tiers"
        guard let v = value(key) else { return nil }
        if v.string != nil { return color(v, at: path.appending(key)).map { .solid($0) } }
        guard let a = v.array, a.count >= 1, a.count <= 16 else {
            report(key, "expected \(what) (1…16 entries), got \(describe(v))")
            return nil
        }
        if a[0].string != nil { return evenGradient(a, allowed: allowGradient) }
        var stops: [GradientStop] = [], tiers: [GaugeTier] = []
        var previous = -Double.infinity
        for i in 0..<a.count {
            guard let t = a[i].table else {
                report(key, "expected \(what), got \(describe(v))")
                return nil
            }
            let r = TableReader(t, path: path.appending(key).appending(index: i), diagnostics: diagnostics)
            defer { r.finish() }
            let c = r.color("color", required: true)
            if r.has("up_to") {
                guard let u = r.scaleValue("up_to", in: range) else { return nil }
                if u <= previous {
                    r.report("up_to", "expected tiers in increasing order, got \(format(u)) after \(format(previous))")
                    return nil
                }
                previous = u
                if let c { tiers.append(GaugeTier(upTo: (u - range.lowerBound) / (range.upperBound - range.lowerBound), c)) }
            } else if allowGradient, r.has("at") {
                guard let at = r.number("at", 0...1) else { return nil }
                if at < previous {
                    r.report("at", "expected stops in increasing order, got \(format(at)) after \(format(previous))")
                    return nil
                }
                previous = at
                if let c { stops.append(GradientStop(c, at: at)) }
            } else {
                _ = r.value("up_to")
                if allowGradient { _ = r.value("at") }
                r.report(nil, "expected \(allowGradient ? "\"at\" (gradient stop) or " : "")\"up_to\" (tier) with \"color\"")
                return nil
            }
        }
        if !tiers.isEmpty && !stops.isEmpty {
            report(key, "expected either gradient stops or tiers, not both")
            return nil
        }
        guard tiers.count + stops.count == a.count else { return nil }
        return tiers.isEmpty ? .gradient(stops) : .tiered(tiers)
    }

    /// `ticks = { major, minor, divisor, labels, decimals }`.
    func ticks() -> GaugeTicks? {
        guard let t = table("ticks") else { return nil }
        defer { t.finish() }
        let major = t.integer("major", 2...64, required: true)
        let minor = t.integer("minor", 0...16) ?? 0
        let divisor = t.number("divisor", 1e-6...1e9) ?? 1
        let labels = t.bool("labels") ?? true
        let decimals = t.integer("decimals", 0...6) ?? 0
        guard let major else { return nil }
        return GaugeTicks(
            major: Int32(major), minor: Int32(minor), labelDivisor: divisor,
            labelFormat: ValueFormat(decimals: Int32(decimals)), showsLabels: labels)
    }

    /// `zones = [{ from, to, color }]`, inside the range, from < to.
    func zones(range: ClosedRange<Double>) -> [GaugeZone] {
        var out: [GaugeZone] = []
        for z in tables("zones") {
            let from = z.scaleValue("from", in: range), to = z.scaleValue("to", in: range)
            let c = z.color("color", required: true)
            if from == nil && !z.has("from") { z.report("from", "missing; expected a number in the widget's range") }
            if to == nil && !z.has("to") { z.report("to", "missing; expected a number in the widget's range") }
            if let from, let to, from >= to { z.report(nil, "expected from < to, got from = \(format(from)), to = \(format(to))") }
            z.finish()
            if let from, let to, let c, from < to { out.append(GaugeZone(from: from, to: to, color: c)) }
        }
        return out
    }

    /// `format = { decimals, unit, thousands }`; thousands is a one-character separator.
    func valueFormat() -> ValueFormat {
        guard let f = table("format") else { return ValueFormat() }
        defer { f.finish() }
        let decimals = f.integer("decimals", 0...6) ?? 0
        let unit = f.string("unit", maxLength: 16) ?? ""
        var separator: Unicode.Scalar?
        if let s = f.string("thousands", maxLength: 4) {
            if s.unicodeScalars.count == 1 {
                separator = s.unicodeScalars.first
            } else {
                f.report("thousands", "expected one character like \",\" or \" \", got \"\(s)\"")
            }
        }
        return ValueFormat(decimals: Int32(decimals), thousandsSeparator: separator, unit: unit)
    }

    func alignment(default fallback: TextAlignment) -> TextAlignment {
        switch choice("alignment", ["left", "centre", "center", "right"]) {
        case "left": return .left
        case "centre", "center": return .centre
        case "right": return .right
        default: return fallback
        }
    }
}
