/// Finds the line of a key path in TOML source text: this indexes the text once — table
/// headers (`[display]`, `[[page]]`, `[[page.widget]]`, counted in order) and `key =`
/// lines within them — working on the UTF-8 bytes a line at a time, so a large board
/// costs one pass. A locator, not a parser: it only needs to agree with toml++ on
/// documents that parsed.
struct SourceLocator: Sendable {
    /// Canonical path (`page[1].widget[0].range`) → 1-based line.
    private var lines: [String: Int] = [:]

    init(_ text: String) { self.init(Array(text.utf8)) }

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { SourceLocator(buffer: $0) }
    }

    private init(buffer bytes: UnsafeBufferPointer<UInt8>) {
        var arrayCounts: [String: Int] = [:]
        var current = ""
        var inMultilineString = false
        var lineNumber = 0
        var start = 0
        while start <= bytes.count {
            let (end, quotes) = Self.lineEnd(bytes, from: start)
            lineNumber += 1
            // A CRLF file: the CR belongs to the line end, not to the line.
            let raw = start..<(end > start && bytes[end - 1] == 13 ? end - 1 : end)
            defer { start = end + 1 }
            var first = raw.lowerBound
            while first < raw.upperBound && (bytes[first] == 32 || bytes[first] == 9) { first += 1 }
            let line = first..<raw.upperBound
            // Key-like lines inside a multi-line string are text, not keys.
            let wasInString = inMultilineString
            if quotes % 2 == 1 { inMultilineString.toggle() }
            if wasInString || line.isEmpty { continue }
            if bytes[first] == 91 && line.count > 1 && bytes[first + 1] == 91 {  // [[
                guard let close = Self.firstClosingPair(bytes, line) else { continue }
                let parts = Self.keyParts(bytes, (first + 2)..<close)
                guard let last = parts.last else { continue }
                let array = Self.resolve(parts.dropLast().map { $0.key }, arrayCounts).appendingKey(last.key)
                let index = arrayCounts[array, default: 0]
                arrayCounts[array] = index + 1
                current = array + "[\(index)]"
                record(current, lineNumber)
            } else if bytes[first] == 91 {  // [
                guard let close = line.first(where: { bytes[$0] == 93 }) else { continue }
                let parts = Self.keyParts(bytes, (first + 1)..<close)
                guard let last = parts.last else { continue }
                current = Self.resolve(parts.dropLast().map { $0.key }, arrayCounts).appendingKey(last.key)
                record(current, lineNumber)
            } else if bytes[first] != 35, let eq = line.first(where: { bytes[$0] == 61 }) {  // not #, has =
                let parts = Self.keyParts(bytes, first..<eq)
                // A quoted key may be empty or hold spaces; a bare one may not.
                guard !parts.isEmpty, parts.allSatisfy({ $0.quoted || (!$0.key.isEmpty && !$0.key.contains(" ")) }) else { continue }
                var path = current
                for p in parts {
                    path = path.appendingKey(p.key)
                    record(path, lineNumber)
                }
            }
        }
    }

    /// Where the line starting at `start` ends, and how many triple quotes (double or
    /// single) it holds, each counted left to right without overlaps: an odd number opens
    /// or closes a multi-line string.
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, quotes: Int) {
        var end = start, quotes = 0, double = 0, single = 0
        while end < bytes.count {
            let c = bytes[end]
            if c == 10 { break }
            double = c == 34 ? double + 1 : 0
            single = c == 39 ? single + 1 : 0
            if double == 3 || single == 3 {
                quotes += 1
                if double == 3 { double = 0 }
                if single == 3 { single = 0 }
            }
            end += 1
        }
        return (end, quotes)
    }

    private mutating func record(_ path: String, _ line: Int) {
        if lines[path] == nil { lines[path] = line }
    }

    /// `a.b."c d"` → ["a", "b", "c d"], each saying whether it was quoted.
    private static func keyParts(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [(key: String, quoted: Bool)] {
        var out: [(key: String, quoted: Bool)] = []
        var i = range.lowerBound
        while i < range.upperBound {
            var j = i
            while j < range.upperBound && b[j] != 46 { j += 1 }  // .
            var s = i, e = j
            while s < e && (b[s] == 32 || b[s] == 9) { s += 1 }
            while e > s && (b[e - 1] == 32 || b[e - 1] == 9) { e -= 1 }
            if j > i {
                let quoted = e - s >= 2 && (b[s] == 34 || b[s] == 39) && b[e - 1] == b[s]
                if quoted {
                    s += 1
                    e -= 1
                }
                out.append((String(decoding: b[s..<e], as: UTF8.self), quoted))
            }
            i = j + 1
        }
        return out
    }

    /// Where the first `]]` of a line starts.
    private static func firstClosingPair(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            if b[i] == 93 && b[i + 1] == 93 { return i }
            i += 1
        }
        return nil
    }

    /// The canonical path of a header's parent keys: an array of tables named on the
    /// way means its latest element (`[[page.widget]]` belongs to the last `[[page]]`).
    private static func resolve(_ parts: [String], _ counts: [String: Int]) -> String {
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

private extension String {
    func appendingKey(_ key: String) -> String { isEmpty ? key : self + "." + key }
}
