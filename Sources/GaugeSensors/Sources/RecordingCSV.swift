import GaugeDecoders

/// A recording as CSV a spreadsheet opens (RFC 4180): a `time_s` column (seconds since
/// the recording's start, to the millisecond), then one column per recorded name in order
/// of first appearance, headed `name (unit)` by the first unit the name came with. One row
/// per recorded time: a cell holds the value recorded for that name at that time (the
/// last, when a name was recorded twice in one millisecond) and is empty otherwise, so
/// every value of the recording is in the table once and nothing is invented.
public enum RecordingCSV {
    public static func table(_ samples: [RecordedSample]) -> String {
        var columns: [String] = []
        var units: [String: SensorUnit] = [:]
        for s in samples where units[s.name] == nil || units[s.name] == SensorUnit.none {
            if units[s.name] == nil { columns.append(s.name) }
            units[s.name] = s.unit
        }
        let index = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($0.element, $0.offset) })
        var out = "time_s" + columns.map { "," + field(heading($0, units[$0] ?? .none)) }.joined() + "\r\n"
        var row: [String?] = Array(repeating: nil, count: columns.count)
        var time: UInt64?
        func flush() {
            guard let t = time else { return }
            out += seconds(t) + row.map { "," + ($0 ?? "") }.joined() + "\r\n"
            row = Array(repeating: nil, count: columns.count)
        }
        for s in ReplaySource(samples: samples).samples {
            if s.milliseconds != time {
                flush()
                time = s.milliseconds
            }
            if let i = index[s.name] { row[i] = s.value.isFinite ? "\(s.value)" : "" }
        }
        flush()
        return out
    }

    static func heading(_ name: String, _ unit: SensorUnit) -> String { unit == .none ? name : "\(name) (\(unit.symbol))" }

    /// Milliseconds as seconds with three decimals.
    static func seconds(_ ms: UInt64) -> String {
        let fraction = "\(ms % 1000)"
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.utf8.count) + fraction
    }

    /// Quoted when it holds a comma, a quote or a line break (RFC 4180 §2).
    public static func field(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }) else { return s }
        var quoted = "\""
        for c in s.unicodeScalars {
            if c == "\"" { quoted += "\"" }
            quoted.unicodeScalars.append(c)
        }
        return quoted + "\""
    }
}
