import GaugeConfig
import GaugeSensorKinds

/// What the designer's palette and inspector read from `GET /kinds`: every widget kind
/// from the registry (`WidgetCatalog`) with its styles and keys, each key with the kind
/// of value it takes, and the theme's colour names. The page has no list of its own, so a
/// kind or key added to the registry appears in it with no change to the page.
///
/// ```json
/// {"common":["id","type","frame"],"kinds":[{"type":"bar","styles":["linearCapacity","linear"],
///  "keys":[{"name":"thickness","type":"integer","min":1,"max":256}, …]}],"themeKeys":["background", …]}
/// ```
enum KindsJSON {
    static let themeKeys = ["background", "track", "tick", "label", "value", "needle", "hub", "hold"]
    /// The keys every channel takes besides its kind's (SensorConfiguration's channel reader).
    static let channelKeys = [
        "name", "unit", "stale_after", "smoothing", "median", "scale", "offset", "warning", "critical", "alarm", "hysteresis", "alarm_delay",
        "escalate_after", "message",
    ]

    static let encoded: String = {
        let kinds = WidgetCatalog.kinds.map { kind in
            let keys = kind.keys.compactMap { key in
                WidgetCatalog.valueType(of: key, in: kind.type).map { "{\"name\":\(BoardJSON.string(key)),\(describe($0))}" }
            }
            return "{\"type\":\(BoardJSON.string(kind.type)),\"styles\":[\(kind.styles.map(BoardJSON.string).joined(separator: ","))],"
                + "\"keys\":[\(keys.joined(separator: ","))]}"
        }
        return "{\"common\":[\(WidgetCatalog.commonKeys.map(BoardJSON.string).joined(separator: ","))],"
            + "\"kinds\":[\(kinds.joined(separator: ","))],\"themeKeys\":[\(themeKeys.map(BoardJSON.string).joined(separator: ","))],"
            + "\"channelKeys\":[\(channelKeys.map(BoardJSON.string).joined(separator: ","))],\"sensorKinds\":[\(sensorKinds)]}"
    }()

    /// `SensorKinds.all`: each kind's name, summary and keys, for the page's source form.
    static var sensorKinds: String {
        let list = { (keys: [String]) in "[" + keys.map(BoardJSON.string).joined(separator: ",") + "]" }
        return SensorKinds.all.map { k in
            "{\"name\":\(BoardJSON.string(k.name)),\"summary\":\(BoardJSON.string(k.summary)),"
                + "\"sensorKeys\":\(list(k.sensorKeys)),\"channelKeys\":\(list(k.channelKeys))}"
        }.joined(separator: ",")
    }

    static func describe(_ t: WidgetCatalog.ValueType) -> String {
        switch t {
        case .integer(let r): return "\"type\":\"integer\",\"min\":\(r.lowerBound),\"max\":\(r.upperBound)"
        case .number: return "\"type\":\"number\""
        case .text(let n): return "\"type\":\"text\",\"maxLength\":\(n)"
        case .bool(let d): return "\"type\":\"bool\",\"default\":\(d)"
        case .choice(let c): return "\"type\":\"choice\",\"choices\":[\(c.map(BoardJSON.string).joined(separator: ","))]"
        case .channel: return "\"type\":\"channel\""
        case .frame: return "\"type\":\"frame\""
        case .composite(let shape): return "\"type\":\"composite\",\"shape\":\(BoardJSON.string(shape))"
        }
    }
}
