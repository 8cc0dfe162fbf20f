import GaugeASCII
import GaugeDecoders
import GaugeRaster
import GaugeSensors
import GaugeSystem

/// Typed, checked access to one TOML table. Every getter reports a located issue instead
/// of returning a bad value, and remembers the key it was asked for: whatever the file
/// has beyond those is reported by `finish()` as unknown, with the nearest known key.
public final class TableReader {
    let table: TOMLTable
    var path: KeyPath
    let diagnostics: Diagnostics
    private var asked: [String] = []

    init(_ table: TOMLTable, path: KeyPath, diagnostics: Diagnostics) {
        self.table = table
        self.path = path
        self.diagnostics = diagnostics
    }

    public func report(_ key: String?, _ message: String) {
        diagnostics.report(key.map { path.appending($0) } ?? path, message)
    }

    /// The raw value (nil when absent); marks `key` as known.
    public func value(_ key: String) -> TOMLNode? {
        if !asked.contains(key) { asked.append(key) }
        return table[key]
    }

    public func has(_ key: String) -> Bool { table[key] != nil }

    /// The board file being read, as given.
    public var boardFile: String { diagnostics.file }
    /// What the board's other files (DBC, recordings, CA and password files) are read through.
    public var system: any PanelSystem { diagnostics.system }

    /// `name` as given when absolute, else beside the board file.
    public func resolve(_ name: String) -> String {
        guard !name.hasPrefix("/"), let slash = boardFile.lastIndex(of: "/") else { return name }
        return String(boardFile[...slash]) + name
    }

    /// Reports keys nobody asked for. `hints` explains known keys used in the wrong place.
    public func finish(hints: [String: String] = [:]) {
        for key in table.keys.sorted() where !asked.contains(key) {
            if let hint = hints[key] {
                report(key, hint)
                continue
            }
            if let near = NameSuggestion.nearest(to: key, in: asked) {
                report(key, "unknown key; did you mean \"\(near)\"?")
            } else {
                report(key, "unknown key; expected one of \(asked.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
        }
    }

    private func missing(_ key: String, _ what: String) { report(key, "missing; expected \(what)") }

    public func string(_ key: String, required: Bool = false, maxLength: Int = 256) -> String? {
        guard let v = value(key) else {
            if required { missing(key, "a string") }
            return nil
        }
        guard let s = v.string else {
            report(key, "expected a string, got \(describe(v))")
            return nil
        }
        if diagnostics.holdsNUL(path.appending(key)) {
            report(key, Diagnostics.nulMessage)
            return nil
        }
        guard s.utf8.count <= maxLength else {
            report(key, "expected at most \(maxLength) bytes, got \(s.utf8.count)")
            return nil
        }
        return s
    }

    /// A name (a page's, a widget's id): a string without control characters, which
    /// would be invisible in messages and logs.
    public func name(_ key: String, required: Bool = false, maxLength: Int = 64) -> String? {
        guard let s = string(key, required: required, maxLength: maxLength) else { return nil }
        guard !s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            report(key, "expected a name without control characters, got \"\(s.escapingControls)\"")
            return nil
        }
        return s
    }

    public func integer(_ key: String, _ range: ClosedRange<Int>, required: Bool = false) -> Int? {
        integer64(key, Int64(range.lowerBound)...Int64(range.upperBound), required: required).map { Int($0) }
    }

    /// Checked in 64 bits, as TOML has integers, so that a value beyond a 32-bit `Int`
    /// (armv6/armv7) gets the same message as on a 64-bit CPU and traps nowhere.
    public func integer64(_ key: String, _ range: ClosedRange<Int64>, required: Bool = false) -> Int64? {
        let what = "an integer in \(range.lowerBound)…\(range.upperBound)"
        guard let v = value(key) else {
            if required { missing(key, what) }
            return nil
        }
        guard let i = v.int64 else {
            report(key, "expected \(what), got \(describe(v))")
            return nil
        }
        guard range.contains(i) else {
            report(key, "expected \(what), got \(i)")
            return nil
        }
        return i
    }

    public func number(_ key: String, _ range: ClosedRange<Double>, required: Bool = false) -> Double? {
        let what = "a number in \(format(range.lowerBound))…\(format(range.upperBound))"
        guard let v = value(key) else {
            if required { missing(key, what) }
            return nil
        }
        guard let d = Self.number(v) else {
            report(key, "expected \(what), got \(describe(v))")
            return nil
        }
        guard d.isFinite, range.contains(d) else {
            report(key, "expected \(what), got \(describe(v))")
            return nil
        }
        return d
    }

    public func bool(_ key: String) -> Bool? {
        guard let v = value(key) else { return nil }
        guard let b = v.bool else {
            report(key, "expected true or false, got \(describe(v))")
            return nil
        }
        return b
    }

    public func choice(_ key: String, _ options: [String], required: Bool = false) -> String? {
        let what = "one of " + options.map { "\"\($0)\"" }.joined(separator: ", ")
        guard let v = value(key) else {
            if required { missing(key, what) }
            return nil
        }
        guard let s = v.string else {
            report(key, "expected \(what), got \(describe(v))")
            return nil
        }
        guard options.contains(s) else {
            let near = NameSuggestion.nearest(to: s, in: options).map { " (did you mean \"\($0)\"?)" } ?? ""
            report(key, "expected \(what), got \"\(s)\"\(near)")
            return nil
        }
        return s
    }

    func color(_ key: String, required: Bool = false) -> Color? {
        guard let v = value(key) else {
            if required { missing(key, "a colour \"#RRGGBB\"") }
            return nil
        }
        return color(v, at: path.appending(key))
    }

    func color(_ v: TOMLNode, at path: KeyPath) -> Color? {
        guard let s = v.string, let c = parseColor(s) else {
            diagnostics.report(path, "expected a colour \"#RRGGBB\", got \(describe(v))")
            return nil
        }
        return c
    }

    func table(_ key: String) -> TableReader? {
        guard let v = value(key) else { return nil }
        guard let t = v.table else {
            report(key, "expected a table, got \(describe(v))")
            return nil
        }
        return TableReader(t, path: path.appending(key), diagnostics: diagnostics)
    }

    /// `[[key]]` elements (or an inline array of tables).
    func tables(_ key: String) -> [TableReader] {
        guard let v = value(key) else { return [] }
        guard let a = v.array else {
            // The header as written: `sensor.channel`, without the array indices.
            let header = path.appending(key).components.compactMap { c -> String? in
                if case .key(let k) = c { return k }
                return nil
            }.joined(separator: ".")
            let written = v.table != nil ? "[\(header)], one table" : describe(v)
            report(key, "expected [[\(header)]] (double brackets: an array of tables, one per \(key)), got \(written)")
            return []
        }
        var out: [TableReader] = []
        for i in 0..<a.count {
            let element = a[i]
            guard let t = element.table else {
                diagnostics.report(path.appending(key).appending(index: i), "expected a table, got \(describe(element))")
                continue
            }
            out.append(TableReader(t, path: path.appending(key).appending(index: i), diagnostics: diagnostics))
        }
        return out
    }

    /// `[[key]]` elements as `tables` gives them, a single `[key]` table as one, and
    /// nothing reported: for checks across tables, after `tables` said what is wrong, so
    /// a `[sensor]` written for `[[sensor]]` is one message, not one per channel it has.
    func tablesAsWritten(_ key: String) -> [TableReader] {
        guard let v = table[key] else { return [] }
        if let t = v.table { return [TableReader(t, path: path.appending(key).appending(index: 0), diagnostics: diagnostics)] }
        guard let a = v.array else { return [] }
        return (0..<a.count).compactMap { i in
            a[i].table.map { TableReader($0, path: path.appending(key).appending(index: i), diagnostics: diagnostics) }
        }
    }

    /// An array of `count` numbers (nil count: any length ≥ 1), each finite and in `range`.
    public func numbers(_ key: String, count: Int?, _ range: ClosedRange<Double>, what: String, required: Bool = false) -> [Double]? {
        guard let v = value(key) else {
            if required { missing(key, what) }
            return nil
        }
        guard let a = v.array, count.map({ a.count == $0 }) ?? (a.count >= 1) else {
            report(key, "expected \(what), got \(describe(v))")
            return nil
        }
        var out: [Double] = []
        for i in 0..<a.count {
            guard let d = Self.number(a[i]), d.isFinite, range.contains(d) else {
                report(key, "expected \(what) (each a number in \(format(range.lowerBound))…\(format(range.upperBound))), got \(describe(v))")
                return nil
            }
            out.append(d)
        }
        return out
    }

    static func number(_ v: TOMLNode) -> Double? {
        if let i = v.int64 { return Double(i) }
        return v.double
    }
}

/// `"#RRGGBB"` (or `"#RGB"`) → an opaque colour.
func parseColor(_ s: String) -> Color? {
    guard s.hasPrefix("#") else { return nil }
    let hex = s.dropFirst()
    guard hex.count == 6 || hex.count == 3, hex.allSatisfy({ $0.isASCIIHexDigit }), var v = UInt32(hex, radix: 16) else { return nil }
    if hex.count == 3 {
        let r = (v >> 8) & 0xF, g = (v >> 4) & 0xF, b = v & 0xF
        v = (r * 17) << 16 | (g * 17) << 8 | (b * 17)
    }
    return Color(rgb: v)
}

/// A TOML value as the user wrote it, for "got …" in messages.
func describe(_ v: TOMLNode, depth: Int = 0) -> String {
    switch v.value {
    case .string:
        let s = v.string ?? ""
        return "\"" + (s.count > 40 ? String(s.prefix(40)) + "…" : s) + "\""
    case .integer(let i): return "\(i)"
    case .float(let d): return format(d)
    case .boolean(let b): return b ? "true" : "false"
    case .array(let a):
        guard depth < 2 else { return "an array" }
        let shown = (0..<Swift.min(a.count, 6)).map { describe(a[$0], depth: depth + 1) }
        return "[" + shown.joined(separator: ", ") + (a.count > 6 ? ", …" : "") + "]"
    case .table: return "a table"
    case .date: return "a \(v.typeName)"
    }
}

/// Numbers in messages: integers without ".0", NaN and infinities as TOML spells them.
func format(_ d: Double) -> String {
    if d.isNaN { return "nan" }
    if d.isInfinite { return d > 0 ? "inf" : "-inf" }
    if d == d.rounded(), Swift.abs(d) < 1e15 { return "\(Int64(d))" }
    return "\(d)"
}

extension TOMLNode {
    /// The value as the user wrote it, for "got …" in messages.
    public var written: String { describe(self) }
}

extension String {
    /// Control characters as `\u{1}`, so a message shows what the file holds.
    public var escapingControls: String {
        var out = ""
        for u in unicodeScalars {
            if u.value < 0x20 || u.value == 0x7F { out += "\\u{\(String(u.value, radix: 16))}" } else { out.unicodeScalars.append(u) }
        }
        return out
    }
}
