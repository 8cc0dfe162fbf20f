/// What a tool that writes widgets needs to know of them (the preview's palette and
/// inspector): every kind of `WidgetKinds`, its keys and styles, and what value each key
/// takes. Taken from the registry itself, so a new kind or key appears in the designer
/// with no change to the page; the value types here are checked against the loader by
/// the tests (a key's limits load, one past them does not).
public enum WidgetCatalog {
    /// The kind of value a widget key takes, as the inspector offers it.
    public enum ValueType: Sendable, Equatable {
        /// A whole number within the range.
        case integer(ClosedRange<Int>)
        /// A number in the widget's units (inside its range where that matters).
        case number
        /// A string of at most this many bytes.
        case text(maxLength: Int)
        /// `true`/`false`, and what leaving it out means.
        case bool(default: Bool)
        /// One of these strings (the first is the default).
        case choice([String])
        /// A channel of the board.
        case channel
        /// `[x, y, width, height]`.
        case frame
        /// TOML values with a shape of their own: `range` `[min, max]`, `tint`, `ticks`,
        /// `zones`, `format`, written as TOML text.
        case composite(String)
    }

    public struct Kind: Sendable {
        public let type: String
        /// Its keys beyond `id`, `type` and `frame`, `label_size`/`value_size` included.
        public let keys: [String]
        /// A gauge kind's styles, the default first; empty for the others.
        public let styles: [String]
    }

    /// The keys every widget has.
    public static let commonKeys = ["id", "type", "frame"]

    public static let kinds: [Kind] = WidgetKinds.all.map { e in
        Kind(
            type: e.type, keys: e.keys + (e.labelSize ? ["label_size"] : []) + (e.valueSize ? ["value_size"] : []),
            styles: e.type == "bar" ? ["linearCapacity"] + e.styles.filter { $0 != "linearCapacity" } : e.styles)
    }

    /// The value `key` takes in a widget of kind `type`; nil for a key the kind does not take.
    public static func valueType(of key: String, in type: String) -> ValueType? {
        if key == "id" { return .text(maxLength: 64) }
        if key == "frame" { return .frame }
        if key == "type" { return .choice(kinds.map { $0.type }) }
        guard let kind = kinds.first(where: { $0.type == type }), kind.keys.contains(key) else { return nil }
        if key == "style" { return .choice(kind.styles) }
        if key == "rounded" { return .bool(default: true) }
        if type == "lamp", key == "symbol" { return .choice(IndicatorBuilder.lampSymbols) }
        if type == "chart", key == "line_width" { return .integer(1...16) }
        return shared[key]
    }

    /// Keys that mean the same in every kind that takes them (the limits are the loader's:
    /// WidgetBuilder, IndicatorBuilder, WidgetAppearance).
    private static let shared: [String: ValueType] = [
        "channel": .channel,
        "range": .composite("range"), "tint": .composite("tint"), "ticks": .composite("ticks"),
        "zones": .composite("zones"), "format": .composite("format"),
        "title": .text(maxLength: 64), "min_label": .text(maxLength: 32), "max_label": .text(maxLength: 32),
        "text": .text(maxLength: 128),
        "hold": .number,
        "readout": .bool(default: true), "needle": .bool(default: true), "value_arc": .bool(default: true),
        "thickness": .integer(1...256), "segments": .integer(1...256), "gap": .integer(0...64),
        "count": .integer(1...64), "spacing": .integer(0...64), "shade": .integer(0...255), "line_width": .integer(1...256),
        "alarm_level": .choice(["alert", "warn", "alarm", "emergency"]),
        "symbol": .choice(["star", "dot"]), "step": .choice(["half", "whole"]), "shape": .choice(["bar", "ring"]),
        "alignment": .choice(["left", "centre", "right"]),
        "unlit": .choice(["dim", "hidden"]), "on_above": .number, "on_below": .number,
        "blink": .bool(default: false), "blink_hz": .number,
        "label_size": .integer(4...256), "value_size": .integer(4...512),
        "window": .integer(10...86_400), "history_file": .text(maxLength: 4096),
        "also": .composite("also"),
        "command_topic": .text(maxLength: 256), "payload": .text(maxLength: 1024), "payload_on": .text(maxLength: 1024),
        "payload_off": .text(maxLength: 1024), "qos": .integer(0...1), "mqtt": .text(maxLength: 64),
        "output": .text(maxLength: 64), "action": .choice(InputConfiguration.Action.allCases.map { $0.rawValue }),
    ]
}
