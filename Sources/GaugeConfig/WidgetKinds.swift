import GaugeRaster
import GaugeWidgets

/// The widget kinds a board can name (`type = "dial"`), one entry each: the keys it
/// takes beyond `id`, `type`, `frame` and how to build it from them. The loader checks
/// `type` against this list and says which kinds a misplaced key belongs to. A new kind
/// is its `WidgetKind` in GaugeWidgets plus one entry here.
struct WidgetKinds {
    struct Entry: Sendable {
        let type: String
        /// Its own keys (`label_size`/`value_size` are named by the two flags below).
        let keys: [String]
        let labelSize: Bool
        let valueSize: Bool
        /// A gauge kind's `style` names, as messages list them.
        var styles: [String] = []
        let build: @Sendable (TableReader, IntRect) -> WidgetContent?
    }

    private static let gaugeKeys = [
        "channel", "style", "range", "title", "min_label", "max_label", "ticks", "zones", "tint",
        "format", "hold", "readout",
    ]

    static let all: [Entry] = [
        Entry(type: "dial", keys: gaugeKeys + ["needle", "value_arc"], labelSize: true, valueSize: true, styles: ["circular"]) { r, frame in
            WidgetBuilder.gauge(r, type: "dial", frame: frame) { parts, _ in
                let needle = r.bool("needle") ?? true, arc = r.bool("value_arc") ?? true
                return .dial(parts.gauge(CircularGaugeStyle(showsValueArc: arc, showsNeedle: needle)))
            }
        },
        Entry(
            type: "ring", keys: gaugeKeys, labelSize: true, valueSize: true,
            styles: ["circularCapacity", "accessoryCircular", "accessoryCircularCapacity"]
        ) { r, frame in
            WidgetBuilder.gauge(r, type: "ring", frame: frame) { parts, style in
                let s: RingGaugeStyle =
                    style == "accessoryCircular"
                    ? .accessoryCircular
                    : style == "accessoryCircularCapacity" ? .accessoryCircularCapacity : .circularCapacity
                return .ring(parts.gauge(s))
            }
        },
        Entry(
            type: "bar", keys: gaugeKeys + ["thickness"], labelSize: true, valueSize: true,
            styles: ["linear", "linearCapacity", "accessoryLinear", "accessoryLinearCapacity"]
        ) { r, frame in
            WidgetBuilder.gauge(r, type: "bar", frame: frame, defaultStyle: "linearCapacity") { parts, style in
                var s: BarGaugeStyle =
                    style == "linear"
                    ? .linear
                    : style == "accessoryLinear"
                        ? .accessoryLinear
                        : style == "accessoryLinearCapacity" ? .accessoryLinearCapacity : .linearCapacity
                if let t = r.integer("thickness", 1...256) { s = s.thickness(Int32(t)) }
                return .bar(parts.gauge(s))
            }
        },
        Entry(type: "level", keys: ["channel", "range", "tint", "segments", "gap"], labelSize: false, valueSize: false) {
            WidgetBuilder.level($0, frame: $1)
        },
        Entry(type: "readout", keys: ["channel", "format", "alignment"], labelSize: false, valueSize: true) { r, frame in
            let format = r.valueFormat(), alignment = r.alignment(default: .right)
            return .readout(NumericReadout(value: .nan, format: format, frame: frame, alignment: alignment))
        },
        Entry(type: "label", keys: ["text", "alignment"], labelSize: true, valueSize: false) { r, frame in
            let text = r.string("text", required: true, maxLength: 128)
            let alignment = r.alignment(default: .left)
            return text.map { .label(TextLabel($0, frame: frame, alignment: alignment)) }
        },
        Entry(type: "rating", keys: ["channel", "tint", "count", "symbol", "step", "spacing"], labelSize: false, valueSize: false) {
            IndicatorBuilder.rating($0, frame: $1)
        },
        Entry(type: "relevance", keys: ["channel", "range", "tint", "shade", "rounded"], labelSize: false, valueSize: false) {
            IndicatorBuilder.relevance($0, frame: $1)
        },
        Entry(type: "progress", keys: ["channel", "range", "tint", "shape", "rounded", "line_width"], labelSize: false, valueSize: false) {
            IndicatorBuilder.progress($0, frame: $1)
        },
        Entry(
            type: "lamp", keys: ["channel", "symbol", "tint", "unlit", "on_above", "on_below", "alarm_level", "blink", "blink_hz"],
            labelSize: false, valueSize: false
        ) { IndicatorBuilder.lamp($0, frame: $1) },
        Entry(
            type: "chart", keys: ["channel", "window", "style", "range", "tint", "line_width", "title", "format", "zones", "history_file", "also"],
            labelSize: true, valueSize: false, styles: ChartBuilder.styles
        ) { ChartBuilder.chart($0, frame: $1) },
        // What a tap on them sends is read beside them (ControlKeys).
        Entry(
            type: "button", keys: ["title", "tint", "command_topic", "payload", "qos", "mqtt", "output", "action"], labelSize: true,
            valueSize: false
        ) {
            r, frame in
            .button(
                ButtonControl(
                    r.string("title", maxLength: 64) ?? "", frame: frame, tint: IndicatorBuilder.solidTint(r, default: Color(rgb: 0x3A8EE0))))
        },
        Entry(
            type: "switch", keys: ["channel", "title", "tint", "command_topic", "payload_on", "payload_off", "qos", "mqtt", "output"],
            labelSize: true, valueSize: false
        ) { r, frame in
            .switch(
                SwitchControl(
                    r.string("title", maxLength: 64) ?? "", frame: frame, tint: IndicatorBuilder.solidTint(r, default: Color(rgb: 0x30C060))))
        },
    ]

    static func named(_ type: String?) -> Entry? { all.first { $0.type == type } }

    /// Every kind-specific key → the kinds that take it (for "does not apply" messages).
    static let owners: [String: [String]] = {
        var o: [String: [String]] = [:]
        for e in all {
            for k in e.keys + (e.labelSize ? ["label_size"] : []) + (e.valueSize ? ["value_size"] : []) {
                o[k, default: []].append(e.type)
            }
        }
        return o
    }()
}
