import GaugeConfig
import GaugeRaster
import GaugeDisplay
import GaugeSensors
import GaugeWidgets

/// What the preview page reads from `GET /board`: the version, the errors, the size and
/// rotation, the theme, the pages with their widgets' ids and frames, and every channel
/// with its unit, its slider's range and its value at start.
///
/// ```json
/// {"version":3,"file":"car.toml","errors":[],"editable":true,"width":800,"height":480,"rotation":0,
///  "theme":"day","pages":[{"name":"drive","widgets":[{"id":"rpm","channel":"rpm","frame":[20,10,340,340]}]}],
///  "channels":[{"name":"rpm","unit":"rpm","min":0,"max":8000,"value":3000}]}
/// ```
public enum BoardJSON {
    public static func encode(_ session: PreviewSession, editable: Bool) -> String {
        var o = "{\"version\":\(session.version),\"file\":\(string(session.path)),\"errors\":["
        o += session.errors.map(string).joined(separator: ",") + "],\"editable\":\(editable)"
        o += ",\"canUndo\":\(session.canUndo),\"canRedo\":\(session.canRedo),\"liveData\":\(session.liveValues != nil)"
        guard let board = session.board else { return o + ",\"loaded\":false}" }
        let layout = TOMLLayout(session.loadedBytes ?? [])
        o += ",\"loaded\":true,\"width\":\(board.display.width),\"height\":\(board.display.height)"
        o += ",\"rotation\":\(board.display.rotation.rawValue),\"theme\":\(string(board.themes.active.rawValue))"
        o += ",\"fonts\":{\"family\":\(string(board.fonts.family ?? "")),\"weight\":\(string(board.fonts.weight == .bold ? "bold" : "regular"))}"
        o += ",\"themes\":{\"day\":\(colours(board.themes.day)),\"night\":\(colours(board.themes.night))},\"pages\":["
        o +=
            board.dashboard.pages.map { page in
                "{\"name\":\(string(page.name)),\"widgets\":["
                    + page.widgets.map { w in
                        let f = w.frame
                        return "{\"id\":\(string(w.id)),\"channel\":\(w.channel.map(string) ?? "null"),"
                            + "\"frame\":[\(f.x0),\(f.y0),\(f.width),\(f.height)],\"toml\":\(keys(layout, widget: w.id))}"
                    }.joined(separator: ",") + "]}"
            }.joined(separator: ",") + "],\"sensors\":\(sensors(layout)),\"channels\":["
        let start = board.values(atNanoseconds: 0)
        o += board.knownChannels.map { name in
            let config = board.channels.first { $0.name == name }
            let r = range(of: name, board: board)
            return "{\"name\":\(string(name)),\"unit\":\(string(config.map { $0.unit.symbol } ?? "")),"
                + "\"min\":\(number(r.lowerBound)),\"max\":\(number(r.upperBound)),\"value\":\(number(start[name] ?? .nan))}"
        }.joined(separator: ",")
        return o + "]}"
    }

    /// A widget's keys as the file writes them (`{"range":"[0, 8000]","title":"\"RPM\""}`):
    /// what the inspector shows and edits.
    static func keys(_ layout: TOMLLayout, widget id: String) -> String {
        guard let path = layout.widgetTable(id: id), let table = layout.table(path) else { return "{}" }
        return "{" + table.keys.map { "\(string($0.name)):\(string(layout.text($0.value)))" }.joined(separator: ",") + "}"
    }

    /// The sensors as the file writes them: each one's keys and its channels' keys.
    static func sensors(_ layout: TOMLLayout) -> String {
        let raw = { (t: TOMLLayout.Table) in "{" + t.keys.map { "\(string($0.name)):\(string(layout.text($0.value)))" }.joined(separator: ",") + "}" }
        var out: [String] = []
        var n = 0
        while let sensor = layout.table("sensor[\(n)]") {
            var channels: [String] = []
            var m = 0
            while let c = layout.table("sensor[\(n)].channel[\(m)]") {
                channels.append(raw(c))
                m += 1
            }
            out.append("{\"toml\":\(raw(sensor)),\"channels\":[\(channels.joined(separator: ","))]}")
            n += 1
        }
        return "[" + out.joined(separator: ",") + "]"
    }

    /// A theme's colours as `#RRGGBB`.
    static func colours(_ t: GaugeTheme) -> String {
        let named = [
            ("background", t.background), ("track", t.track), ("tick", t.tick), ("label", t.label),
            ("value", t.value), ("needle", t.needle), ("hub", t.hub), ("hold", t.hold),
        ]
        return "{" + named.map { "\(string($0.0)):\(string(hex($0.1)))" }.joined(separator: ",") + "}"
    }

    static func hex(_ c: Color) -> String {
        let digits = Array("0123456789ABCDEF")
        return "#" + String([c.r, c.g, c.b].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// A slider's range: the widgets' scales showing the channel, else its alarm levels,
    /// else 0…100 — widened to hold the start value.
    static func range(of channel: String, board: BoardConfiguration) -> ClosedRange<Double> {
        var low = Double.infinity, high = -Double.infinity
        for page in board.dashboard.pages {
            for w in page.widgets where w.channel == channel {
                if let s = w.scale, s.lowerBound.isFinite, s.upperBound.isFinite {
                    low = min(low, s.lowerBound)
                    high = max(high, s.upperBound)
                }
            }
        }
        if low > high, let alarm = board.alarms.first(where: { $0.channel == channel }) {
            for v in alarm.edges {
                low = min(low, 0, v)
                high = max(high, v * 1.25)
            }
        }
        if low > high {
            low = 0
            high = 100
        }
        if let v = board.values(atNanoseconds: 0)[channel], v.isFinite {
            low = min(low, v)
            high = max(high, v)
        }
        return low...max(high, low + 1)
    }

    /// A JSON number; NaN and infinities (no value) as null.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(), abs(v) < 1e15 { return "\(Int64(v))" }
        return "\(v)"
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    public static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
