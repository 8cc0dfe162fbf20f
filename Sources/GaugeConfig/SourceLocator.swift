/// Finds the line of a key path in TOML source text, the way messages have always placed
/// keys: this indexes the text once: table headers (`[display]`,
/// `[[page]]`, `[[page.widget]]`, counted in order) and `key =` lines within them.
/// A locator, not a parser: it only needs to agree with toml++ on documents that parsed.
struct SourceLocator: Sendable {
    /// Canonical path (`page[1].widget[0].range`) → 1-based line.
    private var lines: [String: Int] = [:]

    init(_ text: String) {
        var arrayCounts: [String: Int] = [:]
        var current = ""
        var inMultilineString = false
        var lineNumber = 0
        // "\r\n" is one Character in Swift, not a "\n": a file saved with CRLF line ends
        // must still be split into its lines.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = raw.drop(while: { $0 == " " || $0 == "\t" })
            // Key-like lines inside a multi-line string are text, not keys.
            let quotes = Self.occurrences(of: 34, in: raw) + Self.occurrences(of: 39, in: raw)
            let wasInString = inMultilineString
            if quotes % 2 == 1 { inMultilineString.toggle() }
            if wasInString { continue }
            if line.hasPrefix("[[") {
                guard let end = Self.closingBrackets(in: line) else { continue }
                let parts = Self.keyParts(line[line.index(line.startIndex, offsetBy: 2)..<end])
                guard let last = parts.last else { continue }
                let array = Self.resolve(parts.dropLast(), arrayCounts).appendingKey(last)
                let index = arrayCounts[array, default: 0]
                arrayCounts[array] = index + 1
                current = array + "[\(index)]"
                record(current, lineNumber)
            } else if line.hasPrefix("[") {
                guard let end = line.firstIndex(of: "]") else { continue }
                let parts = Self.keyParts(line[line.index(after: line.startIndex)..<end])
                guard let last = parts.last else { continue }
                current = Self.resolve(parts.dropLast(), arrayCounts).appendingKey(last)
                record(current, lineNumber)
            } else if let eq = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let parts = Self.keyParts(line[..<eq])
                guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else { continue }
                var path = current
                for p in parts { path = path.appendingKey(p); record(path, lineNumber) }
            }
        }
    }

    private mutating func record(_ path: String, _ line: Int) {
        if lines[path] == nil { lines[path] = line }
    }

    /// `a.b."c d"` → ["a", "b", "c d"].
    private static func keyParts(_ s: Substring) -> [String] {
        s.split(separator: ".").map { part in
            var p = trimmingBlanks(part)
            if p.count >= 2, let f = p.first, f == "\"" || f == "'", p.last == f { p = String(p.dropFirst().dropLast()) }
            return p
        }
    }

    /// How many `"""` (quote 34) or `'''` (quote 39) a line holds, counted left to right without overlaps.
    private static func occurrences(of quote: UInt8, in line: Substring) -> Int {
        var count = 0, run = 0
        for b in line.utf8 {
            if b == quote { run += 1; if run == 3 { count += 1; run = 0 } } else { run = 0 }
        }
        return count
    }

    /// Where the first `]]` of a line starts.
    private static func closingBrackets(in line: Substring) -> Substring.Index? {
        var previous: Substring.Index?
        for i in line.utf8.indices {
            if line.utf8[i] == 93 { if let p = previous { return p }; previous = i } else { previous = nil }
        }
        return nil
    }

    /// The canonical path of a header's parent keys: an array of tables named on the
    /// way means its latest element (`[[page.widget]]` belongs to the last `[[page]]`).
    private static func resolve(_ parts: ArraySlice<String>, _ counts: [String: Int]) -> String {
        var path = ""
        for p in parts {
            path = path.appendingKey(p)
            if let n = counts[path], n > 0 { path += "[\(n - 1)]" }
        }
        return path
    }

    /// The line of `path`, or of the nearest enclosing key or table that has one.
    func line(of path: KeyPath) -> Int? {
        var p = path
        while !p.components.isEmpty {
            if let l = lines[p.canonical] { return l }
            p = p.parent
        }
        return nil
    }
}

/// `s` without leading and trailing spaces and tabs.
private func trimmingBlanks(_ s: Substring) -> String {
    var scalars = s.unicodeScalars
    while let f = scalars.first, f == " " || f == "\t" { scalars.removeFirst() }
    while let l = scalars.last, l == " " || l == "\t" { scalars.removeLast() }
    return String(Substring(scalars))
}

private extension String {
    func appendingKey(_ key: String) -> String { isEmpty ? key : self + "." + key }
}
