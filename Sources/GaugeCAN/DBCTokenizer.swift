/// DBC text → tokens, each with its 1-based line. Quoted strings may span lines
/// (`CM_` comments do); `\"` and `\\` are their escapes.
struct DBCToken: Equatable {
    enum Kind: Equatable {
        case identifier
        case number
        case string
        case punctuation
    }

    var kind: Kind
    var text: String
    var line: Int32
    /// First token on its line.
    var startsLine: Bool
    /// First token on its line, and the line begins with a blank (NS_ entries are indented).
    var indented: Bool

    var describe: String {
        switch kind {
        case .string: return "string \"" + text + "\""
        default: return "'" + text + "'"
        }
    }
}

enum DBCTokenizer {
    static func tokens(_ b: [UInt8]) throws(DBCError) -> [DBCToken] {
        var out: [DBCToken] = []
        var i = 0
        var line: Int32 = 1
        var atLineStart = true
        var lineIndented = false
        func push(_ kind: DBCToken.Kind, _ text: String, _ tokenLine: Int32) {
            out.append(
                DBCToken(
                    kind: kind, text: text, line: tokenLine, startsLine: atLineStart,
                    indented: atLineStart && lineIndented))
            atLineStart = false
        }
        while i < b.count {
            let c = b[i]
            switch c {
            case 10:
                line += 1
                atLineStart = true
                lineIndented = false
                i += 1
            case 32, 9, 13:
                if atLineStart { lineIndented = true }
                i += 1
            case 34:
                let start = line
                push(.string, try string(b, &i, &line), start)
            case 47 where i + 1 < b.count && b[i + 1] == 47:
                // A `//` comment runs to the end of its line.
                while i < b.count, b[i] != 10 { i += 1 }
            default:
                if isIdentifierStart(c) {
                    let start = i
                    while i < b.count, isIdentifierStart(b[i]) || isDigit(b[i]) { i += 1 }
                    push(.identifier, String(decoding: b[start..<i], as: UTF8.self), line)
                } else if isDigit(c) || ((c == 45 || c == 46) && i + 1 < b.count && (isDigit(b[i + 1]) || b[i + 1] == 46)) {
                    let start = i
                    i = numberEnd(b, from: i)
                    push(.number, String(decoding: b[start..<i], as: UTF8.self), line)
                } else if c < 32 || c >= 127 {
                    throw DBCError(line: line, message: "unexpected byte 0x" + hexString(UInt64(c)) + " outside a string")
                } else {
                    push(.punctuation, String(decoding: CollectionOfOne(c), as: UTF8.self), line)
                    i += 1
                }
            }
        }
        return out
    }

    /// A quoted string from its opening quote at `i`: `\"` and `\\` escaped, newlines kept
    /// (and counted); `i` ends past the closing quote.
    static func string(_ b: [UInt8], _ i: inout Int, _ line: inout Int32) throws(DBCError) -> String {
        let start = line
        var text: [UInt8] = []
        i += 1
        while i < b.count {
            let d = b[i]
            if d == 34 {
                i += 1
                return String(decoding: text, as: UTF8.self)
            }
            if d == 92, i + 1 < b.count, b[i + 1] == 34 || b[i + 1] == 92 {
                text.append(b[i + 1])
                i += 2
                continue
            }
            if d == 10 { line += 1 }
            text.append(d)
            i += 1
        }
        throw DBCError(line: start, message: "string not closed before the end of the file")
    }

    /// Where the number starting at `start` ends: digits, points, letters (an exponent, a
    /// hex digit), and a sign right after an exponent's e.
    static func numberEnd(_ b: [UInt8], from start: Int) -> Int {
        var i = start + 1
        while i < b.count {
            let d = b[i]
            if isDigit(d) || d == 46 || isIdentifierStart(d) {
                i += 1
                continue
            }
            if d == 43 || d == 45, b[i - 1] == 101 || b[i - 1] == 69 {
                i += 1
                continue
            }
            break
        }
        return i
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95
    }
}

/// A DBC that cannot be read: the 1-based line and what is wrong there.
public struct DBCError: Error, Equatable, Sendable {
    public var line: Int32
    public var message: String

    public init(line: Int32, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line " + String(line) + ": " + message }
}
