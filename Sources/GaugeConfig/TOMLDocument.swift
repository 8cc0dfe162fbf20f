import CTOML

/// A TOML document as values, read once from toml++ through the C shim (`Sources/CTOML`):
/// every table, array and value with the line it starts on. Plain Swift values, no
/// Foundation, so the same reader serves the host and the Embedded firmware.
enum TOMLDocument {
    /// toml++'s description of a syntax error and where it is (1-based; 0 when unknown).
    struct ParseError: Error, Sendable {
        var message: String
        var line: Int
        var column: Int
    }

    /// Parses UTF-8 TOML text into its root table. Any bytes: what toml++ would assert on
    /// is refused first (`TOMLGuard`), everything else wrong is toml++'s error.
    static func parse(_ bytes: [UInt8]) throws(ParseError) -> TOMLTable {
        var nulLines: Set<Int> = []
        return try parse(bytes, nulLines: &nulLines)
    }

    /// `parse`, also giving the lines whose strings hold an escaped NUL (one scan for both).
    static func parse(_ bytes: [UInt8], nulLines: inout Set<Int>) throws(ParseError) -> TOMLTable {
        let scan = TOMLGuard.scan(bytes)
        if let problem = scan.problem {
            throw ParseError(message: problem.message, line: problem.line, column: 0)
        }
        nulLines = scan.nulLines
        let parsed: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { ctoml_parse($0.baseAddress, $0.count) }
        }
        guard let document = parsed else { throw ParseError(message: "out of memory", line: 0, column: 0) }
        defer { ctoml_free(document) }
        if let message = ctoml_error_message(document) {
            throw ParseError(
                message: String(cString: message), line: Int(ctoml_error_line(document)),
                column: Int(ctoml_error_column(document)))
        }
        guard let root = ctoml_root(document), case .table(let table) = node(root).value else {
            throw ParseError(message: "no root table", line: 0, column: 0)
        }
        return table
    }

    private static func node(_ n: OpaquePointer) -> TOMLNode {
        let line = Int(ctoml_node_line(n))
        switch ctoml_node_type(n) {
        case CTOML_TABLE:
            var entries: [(key: String, node: TOMLNode)] = []
            let count = ctoml_count(n)
            entries.reserveCapacity(count)
            for i in 0..<count {
                var key: UnsafePointer<CChar>?
                var length = 0
                guard let child = ctoml_table_entry(n, i, &key, &length) else { continue }
                entries.append((string(key, length), node(child)))
            }
            return TOMLNode(.table(TOMLTable(entries)), line: line)
        case CTOML_ARRAY:
            var elements: [TOMLNode] = []
            let count = ctoml_count(n)
            elements.reserveCapacity(count)
            for i in 0..<count { if let child = ctoml_array_element(n, i) { elements.append(node(child)) } }
            return TOMLNode(.array(elements), line: line)
        case CTOML_STRING:
            var bytes: UnsafePointer<CChar>?
            var length = 0
            _ = ctoml_string(n, &bytes, &length)
            return TOMLNode(.string(string(bytes, length)), line: line)
        case CTOML_INTEGER:
            var v: Int64 = 0
            _ = ctoml_integer(n, &v)
            return TOMLNode(.integer(v), line: line)
        case CTOML_FLOAT:
            var v = 0.0
            _ = ctoml_float(n, &v)
            return TOMLNode(.float(v), line: line)
        case CTOML_BOOLEAN:
            var v = false
            _ = ctoml_boolean(n, &v)
            return TOMLNode(.boolean(v), line: line)
        case CTOML_DATE, CTOML_TIME, CTOML_DATE_TIME:
            var v = ctoml_date_time()
            _ = ctoml_date_time_value(n, &v)
            let kind: TOMLNode.Value.DateKind = ctoml_node_type(n) == CTOML_DATE ? .date : ctoml_node_type(n) == CTOML_TIME ? .time : .dateTime
            return TOMLNode(.date(kind, v), line: line)
        default:
            return TOMLNode(.array([]), line: line)  // toml++ has no other node types
        }
    }

    /// toml++'s bytes (UTF-8, validated by its parser; may hold NUL) as a String.
    private static func string(_ bytes: UnsafePointer<CChar>?, _ length: Int) -> String {
        guard let bytes, length > 0 else { return "" }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}

/// One TOML value and the line it starts on.
public struct TOMLNode: Sendable {
    enum Value: Sendable {
        enum DateKind: Sendable { case date, time, dateTime }
        case table(TOMLTable)
        case array([TOMLNode])
        case string(String)
        case integer(Int64)
        case float(Double)
        case boolean(Bool)
        case date(DateKind, ctoml_date_time)
    }
    var value: Value
    /// 1-based line where the value (or a table's header) starts; 0 when toml++ has none.
    var line: Int

    init(_ value: Value, line: Int) {
        self.value = value
        self.line = line
    }

    /// The string up to any NUL. The loader refuses strings holding NUL by key (see
    /// `TOMLGuard`); reading them cut, as the earlier C-string bridge did, keeps every
    /// other check on such a file saying what it said before.
    public var string: String? {
        guard case .string(let s) = value else { return nil }
        return s.upToNUL
    }
    /// An integer (not a float with an integral value), as TOML has it: 64 bits.
    public var int64: Int64? {
        if case .integer(let i) = value { return i }
        return nil
    }
    /// The integer as an `Int`; nil also when it does not fit (`Int` is 32 bits on armv6/armv7).
    public var int: Int? { int64.flatMap { Int(exactly: $0) } }
    /// A float (not an integer).
    public var double: Double? {
        if case .float(let d) = value { return d }
        return nil
    }
    public var bool: Bool? {
        if case .boolean(let b) = value { return b }
        return nil
    }
    var table: TOMLTable? {
        if case .table(let t) = value { return t }
        return nil
    }
    public var array: [TOMLNode]? {
        if case .array(let a) = value { return a }
        return nil
    }

    /// The type as messages name it ("a \(typeName)").
    var typeName: String {
        switch value {
        case .table: return "table"
        case .array: return "array"
        case .string: return "string"
        case .integer: return "integer"
        case .float: return "floating-point number"
        case .boolean: return "bool"
        case .date(.date, _): return "date"
        case .date(.time, _): return "time"
        case .date(.dateTime, _): return "date-time"
        }
    }
}

/// A TOML table: its entries in key order.
struct TOMLTable: Sendable {
    private(set) var entries: [(key: String, node: TOMLNode)]

    init(_ entries: [(key: String, node: TOMLNode)]) { self.entries = entries }

    /// Keys compare by their bytes (not by Unicode equivalence, as toml++ does); the
    /// lengths first, which is most of the answer.
    subscript(key: String) -> TOMLNode? {
        let count = key.utf8.count
        return entries.first { $0.key.utf8.count == count && $0.key.utf8.elementsEqual(key.utf8) }?.node
    }

    /// The keys (each up to any NUL, like strings).
    var keys: [String] { entries.map { $0.key.upToNUL } }
}

extension String {
    var upToNUL: String {
        guard let nul = utf8.firstIndex(of: 0) else { return self }
        return String(self[..<nul])
    }
}
