import GaugeGlyphs
import GaugeRaster
import GaugeWidgets
import GaugeSensors

/// Builds one `[[page.widget]]` into a `DashboardWidget`. Values start as "no value";
/// the board sets each channel's initial value afterwards.
enum WidgetBuilder {
    static let maxMagnitude = TableReader.maxMagnitude
    static let ringStyles = ["circularCapacity", "accessoryCircular", "accessoryCircularCapacity"]
    static let barStyles = ["linear", "linearCapacity", "accessoryLinear", "accessoryLinearCapacity"]
    static let allStyles = ["circular"] + ringStyles + barStyles
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

    static func build(_ r: TableReader) -> DashboardWidget? {
        let id = r.name("id", required: true)
        if let id {
            r.path = r.path.named(id)
            if id.isEmpty { r.report("id", "expected a non-empty name") }
        }
        let type = r.choice("type", types, required: true)
        // A bad frame is reported once; the other keys are still checked against a stand-in.
        let frame = r.frame()
        let box = frame ?? IntRect(x: 0, y: 0, width: 1, height: 1)
        var channel: String?
        if type != "label", let c = r.string("channel", maxLength: 64) {
            if c.isEmpty { r.report("channel", "expected a channel name") } else { channel = c }
        }
        let kind = WidgetKinds.all.first { $0.type == type }
        let content = kind?.build(r, box)
        let labelSize = kind?.labelSize == true ? r.integer("label_size", 4...256) : nil
        let valueSize = kind?.valueSize == true ? r.integer("value_size", 4...512) : nil
        // With an unknown type, which keys are unknown can't be said.
        if let type { r.finish(hints: hints[type] ?? [:]) }
        guard let id, !id.isEmpty, frame != nil, let content else { return nil }
        return DashboardWidget(id: id, channel: channel, content: content,
                               labelSize: Int32(labelSize ?? 14), valueSize: Int32(valueSize ?? 32))
    }

    static func gauge(_ r: TableReader, type: String, frame: IntRect) -> WidgetContent? {
        let styles = type == "dial" ? ["circular"] : type == "ring" ? ringStyles : barStyles
        var style = styles[type == "bar" ? 1 : 0]
        if let v = r.value("style") {
            if let s = v.string, styles.contains(s) { style = s }
            else if let s = v.string, allStyles.contains(s) {
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
        func configure<S: GaugeStyle>(_ g: inout Gauge<S>) {
            g.minimumLabel = minLabel; g.maximumLabel = maxLabel
            g.ticks = ticks; g.zones = zones; g.hold = hold
            if !readout { g.currentValueLabel = "" }
        }
        switch type {
        case "dial":
            let needle = r.bool("needle") ?? true, arc = r.bool("value_arc") ?? true
            var g = Gauge(value: .nan, in: range, frame: frame, style: CircularGaugeStyle(showsValueArc: arc, showsNeedle: needle),
                          tint: tint, title: title, format: format)
            configure(&g)
            return .dial(g)
        case "ring":
            let s: RingGaugeStyle = style == "accessoryCircular" ? .accessoryCircular
                : style == "accessoryCircularCapacity" ? .accessoryCircularCapacity : .circularCapacity
            var g = Gauge(value: .nan, in: range, frame: frame, style: s, tint: tint, title: title, format: format)
            configure(&g)
            return .ring(g)
        default:
            var s: BarGaugeStyle = style == "linear" ? .linear : style == "accessoryLinear" ? .accessoryLinear
                : style == "accessoryLinearCapacity" ? .accessoryLinearCapacity : .linearCapacity
            if let t = r.integer("thickness", 1...256) { s = s.thickness(Int32(t)) }
            var g = Gauge(value: .nan, in: range, frame: frame, style: s, tint: tint, title: title, format: format)
            configure(&g)
            return .bar(g)
        }
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
