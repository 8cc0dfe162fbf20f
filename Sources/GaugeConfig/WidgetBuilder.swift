import GaugeDecoders
import GaugeGlyphs
import GaugeRaster
import GaugeWidgets

/// Builds one `[[page.widget]]` into a `DashboardWidget`. Values start as "no value";
/// the board sets each channel's initial value afterwards.
enum WidgetBuilder {
    static let maxMagnitude = TableReader.maxMagnitude
    /// Every gauge kind's styles (a style of another kind is named as such in messages).
    static let allStyles = WidgetKinds.all.flatMap { $0.styles }
    static let types: [String] = WidgetKinds.all.map { $0.type }
    /// Per type: the other types' keys, each with why it does not apply (made once, not
    /// per widget: a board may have thousands).
    static let hints: [String: [String: String]] = {
        var out: [String: [String: String]] = [:]
        for type in types {
            var h: [String: String] = [:]
            for (key, owners) in WidgetKinds.owners where !owners.contains(type) {
                h[key] = "does not apply to a \(type) widget (only to \(owners.joined(separator: ", ")))"
            }
            out[type] = h
        }
        return out
    }()

    /// A button's or switch's keys join `controls`.
    static func build(_ r: TableReader, controls: inout [ControlKeys]) -> DashboardWidget? {
        let id = r.name("id", required: true)
        if let id {
            r.path = r.path.named(id)
            if id.isEmpty { r.report("id", "expected a non-empty name") }
        }
        let type = r.choice("type", types, required: true)
        // A bad frame is reported once; the other keys are still checked against a stand-in.
        let frame = r.frame()
        let box = frame ?? IntRect(x: 0, y: 0, width: 1, height: 1)
        let kind = WidgetKinds.named(type)
        var channel: String?
        // A kind without a channel (a label) leaves the key to "does not apply"; an unknown
        // type still has it checked.
        if kind?.keys.contains("channel") ?? true, let c = r.string("channel", maxLength: 64) {
            if c.isEmpty { r.report("channel", "expected a channel name") } else { channel = c }
        }
        let content = kind?.build(r, box)
        let control = type == "button" || type == "switch" ? ControlKeys.read(r, type: type ?? "", id: id ?? "", channel: channel) : nil
        let labelSize = kind?.labelSize == true ? r.integer("label_size", 4...256) : nil
        let valueSize = kind?.valueSize == true ? r.integer("value_size", 4...512) : nil
        // With an unknown type, which keys are unknown can't be said.
        if let type { r.finish(hints: hints[type] ?? [:]) }
        guard let id, !id.isEmpty, frame != nil, let content else { return nil }
        if let control { controls.append(control) }
        return DashboardWidget(
            id: id, channel: channel, content: content,
            labelSize: Int32(labelSize ?? 14), valueSize: Int32(valueSize ?? 32))
    }

    /// What every gauge kind reads alike; `make` builds the kind from it and the `style`
    /// name (one of the kind's `styles`, else `defaultStyle`, else its first).
    static func gauge(
        _ r: TableReader, type: String, frame: IntRect, defaultStyle: String? = nil,
        make: (GaugeParts, String) -> WidgetContent
    ) -> WidgetContent? {
        let styles = WidgetKinds.named(type)?.styles ?? []
        var style = defaultStyle ?? styles.first ?? ""
        if let v = r.value("style") {
            if let s = v.string, styles.contains(s) {
                style = s
            } else if let s = v.string, allStyles.contains(s) {
                r.report("style", "\"\(s)\" is not a \(type) style; expected one of \(styles.map { "\"\($0)\"" }.joined(separator: ", "))")
            } else {
                let near = v.string.flatMap { NameSuggestion.nearest(to: $0, in: styles) }.map { " (did you mean \"\($0)\"?)" } ?? ""
                r.report("style", "expected one of \(styles.map { "\"\($0)\"" }.joined(separator: ", ")), got \(describe(v))\(near)")
            }
        }
        // A bad range is reported once; values are then only checked for being finite.
        let checked = r.range()
        let range = checked ?? -maxMagnitude...maxMagnitude
        let tint = r.tint(range: range) ?? .solid(Color(rgb: 0x3A8EE0))
        let title = r.string("title", maxLength: 64)
        let minLabel = r.string("min_label", maxLength: 32), maxLabel = r.string("max_label", maxLength: 32)
        let ticks = r.ticks()
        let zones = r.zones(range: range)
        let format = r.valueFormat()
        let hold = r.scaleValue("hold", in: range)
        let readout = r.bool("readout") ?? true
        let parts = GaugeParts(
            range: range, frame: frame, tint: tint, title: title, format: format, minLabel: minLabel,
            maxLabel: maxLabel, ticks: ticks, zones: zones, hold: hold, readout: readout)
        return make(parts, style)
    }

    static func level(_ r: TableReader, frame: IntRect) -> WidgetContent? {
        let range = r.range() ?? -maxMagnitude...maxMagnitude
        let segments = r.integer("segments", 1...256)
        let gap = r.integer("gap", 0...64)
        if let s = segments, s > Int(frame.width) { r.report("segments", "expected at most one segment per pixel (\(frame.width)), got \(s)") }
        if gap != nil && segments == nil { r.report("gap", "applies only with segments") }
        var lit = Color(rgb: 0x30C060), tiers: [GaugeTier] = []
        switch r.tint(range: range, allowGradient: false) {
        case .solid(let c)?: lit = c
        case .tiered(let t)?: tiers = t
        default: break
        }
        let mode: LevelIndicator.Mode = segments.map { .discrete(segments: Int32($0), gap: Int32(gap ?? 2)) } ?? .continuous
        return .level(LevelIndicator(value: .nan, in: range, frame: frame, mode: mode, tiers: tiers, litColor: lit))
    }
}

/// A gauge's settings that do not depend on its kind, read once by `WidgetBuilder.gauge`.
struct GaugeParts {
    let range: ClosedRange<Double>
    let frame: IntRect
    let tint: GaugeTint
    let title: String?
    let format: ValueFormat
    let minLabel: String?, maxLabel: String?
    let ticks: GaugeTicks?
    let zones: [GaugeZone]
    let hold: Double?
    let readout: Bool

    /// A gauge of `style` with these settings, at "no value".
    func gauge<S: GaugeStyle>(_ style: S) -> Gauge<S> {
        var g = Gauge(value: .nan, in: range, frame: frame, style: style, tint: tint, title: title, format: format)
        g.minimumLabel = minLabel
        g.maximumLabel = maxLabel
        g.ticks = ticks
        g.zones = zones
        g.hold = hold
        if !readout { g.currentValueLabel = "" }
        return g
    }
}
