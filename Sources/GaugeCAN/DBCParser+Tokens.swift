/// The token-level steps of `DBCParser`: each names what it expected and where.
extension DBCParser {
    mutating func next(_ what: String, _ keyword: DBCToken) throws(DBCError) -> DBCToken {
        guard i < tokens.count, allowLineBreaks || !tokens[i].startsLine else {
            throw DBCError(line: keyword.line, message: keyword.text + ": expected " + what + " before the end of the line")
        }
        i += 1
        return tokens[i - 1]
    }

    mutating func identifier(_ what: String, after keyword: DBCToken) throws(DBCError) -> String {
        let t = try next(what, keyword)
        guard t.kind == .identifier else {
            throw DBCError(line: t.line, message: keyword.text + ": expected " + what + ", found " + t.describe)
        }
        return t.text
    }

    mutating func punctuation(_ p: String, after what: String, _ keyword: DBCToken) throws(DBCError) {
        let t = try next("'" + p + "'", keyword)
        guard t.kind == .punctuation, t.text == p else {
            throw DBCError(line: t.line, message: keyword.text + ": expected '" + p + "' after " + what + ", found " + t.describe)
        }
    }

    /// A non-negative integer ≤ `limit`.
    mutating func integer(_ limit: UInt64, _ what: String, after keyword: DBCToken) throws(DBCError) -> UInt64 {
        let t = try next(what, keyword)
        guard t.kind == .number, let v = Self.parseUInt64(t.text.utf8), v <= limit else {
            throw DBCError(
                line: t.line,
                message: keyword.text + ": expected " + what + " (an integer 0…" + String(limit)
                    + "), found " + t.describe)
        }
        return v
    }

    /// A finite decimal number.
    mutating func number(_ what: String, after keyword: DBCToken) throws(DBCError) -> Double {
        let t = try next(what, keyword)
        guard t.kind == .number, let v = Double(t.text), v.isFinite else {
            throw DBCError(line: t.line, message: keyword.text + ": expected " + what + " (a number), found " + t.describe)
        }
        return v
    }

    mutating func endOfLine(_ keyword: DBCToken) throws(DBCError) {
        if i < tokens.count, !tokens[i].startsLine {
            throw DBCError(line: tokens[i].line, message: keyword.text + ": unexpected " + tokens[i].describe)
        }
    }

    mutating func skipLine() {
        while i < tokens.count, !tokens[i].startsLine { i += 1 }
    }

    /// Skips to the `;` that ends the statement (strings may span lines).
    mutating func skipStatement(_ keyword: DBCToken) throws(DBCError) {
        while i < tokens.count {
            let t = tokens[i]
            i += 1
            if t.kind == .punctuation && t.text == ";" { return }
        }
        throw DBCError(line: keyword.line, message: keyword.text + " has no ';' before the end of the file")
    }

    static func parseUInt64<C: Collection>(_ s: C) -> UInt64? where C.Element == UInt8 {
        var v: UInt64 = 0
        var any = false
        for c in s {
            guard DBCTokenizer.isDigit(c) else { return nil }
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(UInt64(c - 48))
            guard !o1, !o2 else { return nil }
            v = a
            any = true
        }
        return any ? v : nil
    }

    static func parseInt64(_ s: String) -> Int64? {
        if s.utf8.first == UInt8(ascii: "-") {
            guard let m = parseUInt64(s.utf8.dropFirst()), m <= UInt64(Int64.max) + 1 else { return nil }
            return m == UInt64(Int64.max) + 1 ? Int64.min : -Int64(m)
        }
        guard let v = parseUInt64(s.utf8), v <= UInt64(Int64.max) else { return nil }
        return Int64(v)
    }
}
