import GaugeRaster
import GaugeWidgets

/// The HIG indicators: rating (stars or dots), relevance (a shaded bar) and progress
/// (a bar or ring; indeterminate, animating, until its channel has a value); and the
/// tell-tale lamp.
enum IndicatorBuilder {
    /// A solid `tint` (these indicators take one colour).
    static func solidTint(_ r: TableReader, default fallback: Color) -> Color {
        guard let v = r.value("tint") else { return fallback }
        guard v.string != nil else {
            r.report("tint", "expected a colour \"#RRGGBB\", got \(describe(v))")
            return fallback
        }
        return r.color(v, at: r.path.appending("tint")) ?? fallback
    }

    static func rating(_ r: TableReader, frame: IntRect) -> WidgetContent {
        let count = r.integer("count", 1...64) ?? 5
        let symbol: RatingIndicator.Symbol = r.choice("symbol", ["star", "dot"]) == "dot" ? .dot : .star
        let step: RatingIndicator.Step = r.choice("step", ["whole", "half"]) == "whole" ? .whole : .half
        let spacing = r.integer("spacing", 0...64) ?? 4
        let lit = solidTint(r, default: Color(rgb: 0xF0B830))
        return .rating(
            RatingIndicator(
                value: .nan, count: Int32(count), frame: frame, symbol: symbol, step: step,
                spacing: Int32(spacing), litColor: lit))
    }

    static func relevance(_ r: TableReader, frame: IntRect) -> WidgetContent {
        let range = r.range() ?? 0...1
        let tint = solidTint(r, default: Color(rgb: 0x3A8EE0))
        let shade = r.integer("shade", 0...255) ?? 208
        let rounded = r.bool("rounded") ?? true
        return .relevance(
            RelevanceIndicator(
                value: .nan, in: range, frame: frame, tint: tint, shade: UInt8(shade),
                roundedEnds: rounded))
    }

    static func progress(_ r: TableReader, frame: IntRect) -> WidgetContent {
        let range = r.range() ?? 0...1
        let kind: ProgressIndicator.Kind = r.choice("shape", ["bar", "ring"]) == "ring" ? .ring : .bar
        let tint = solidTint(r, default: Color(rgb: 0x3A8EE0))
        let rounded = r.bool("rounded") ?? true
        let width = r.integer("line_width", 1...256).map(Int32.init)
        // No value yet: indeterminate, as the widget shows until a reading arrives.
        return .progress(
            ProgressIndicator(
                kind, progress: .indeterminate(phase: 0), frame: frame, tint: tint,
                roundedEnds: rounded, lineWidth: width), range: range)
    }

    /// The symbols' names as boards write them (the first is the default).
    static let lampSymbols = LampSymbol.allCases.map { $0.name }

    /// Blinks while lit with `blink = true` (1 Hz) or at `blink_hz`; `blink = false` is steady.
    static func lamp(_ r: TableReader, frame: IntRect) -> WidgetContent {
        let symbol = r.choice("symbol", lampSymbols).flatMap { LampSymbol(name: $0) } ?? .engine
        let tint = solidTint(r, default: symbol.isoColor)
        let unlit: LampIndicator.Unlit = r.choice("unlit", ["dim", "hidden"]) == "hidden" ? .hidden : .dim
        let limit = WidgetBuilder.maxMagnitude
        var rule = LampRule(onAbove: r.number("on_above", -limit...limit), onBelow: r.number("on_below", -limit...limit))
        if let word = r.choice("alarm_level", ["alert", "warn", "alarm", "emergency", "warning", "critical"]) {
            let state = word == "warning" ? AlarmState.warn : word == "critical" ? .alarm : AlarmState(name: word) ?? .warn
            rule.alarmLevel = Int8(state.rawValue) - 1
            for key in ["on_above", "on_below"] where r.has(key) {
                r.report(key, "does not apply with alarm_level (the lamp is lit by its channel's alarm state)")
            }
        }
        let blink = r.bool("blink"), hz = r.number("blink_hz", 0.1...20)
        let period: Int32 = blink == false ? 0 : hz.map { Int32(1000 / $0) } ?? (blink == true ? 1000 : 0)
        return .lamp(LampIndicator(symbol, frame: frame, rule: rule, litColor: tint, unlit: unlit, blinkPeriod: period))
    }
}
