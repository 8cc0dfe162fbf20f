/// Where things are in a TOML file's text: its lines, its tables (`[display]`,
/// `[[page]]`, `[[page.widget]]` counted in order, as `page[1].widget[0]`) and in each
/// table its `key = value` lines with the exact bytes of each value. Enough structure for
/// `BoardTextEdit` to change one value or one table and keep every other byte; a layout,
/// not a parser: what the edited text means is checked by loading it.
///
/// Strings (basic, literal, multi-line), comments and arrays or inline tables spread over
/// several lines are followed, so a `[` or `=` inside them is not a header or a key.
struct TOMLLayout {
    struct Key: Equatable {
        /// Dotted keys joined by `.` as written without quotes (`day.background`).
        var name: String
        /// First and last line (0-based) of the key and its value.
        var firstLine: Int
        var lastLine: Int
        /// The value's bytes: from after `= ` to before trailing blanks and a comment.
        var value: Range<Int>
    }

    struct Table: Equatable {
        /// Canonical path: "" for the keys before the first header, `display`, `page[0].widget[2]`.
        var path: String
        /// The header's line (nil for the root table).
        var header: Int?
        var keys: [Key] = []

        /// The last line that belongs to the table for sure: its last key's, else the header.
        var lastLine: Int? { keys.last?.lastLine ?? header }
    }

    let bytes: [UInt8]
    /// Each line's bytes without its line feed (and without a CR before it).
    private(set) var lines: [Range<Int>] = []
    private(set) var tables: [Table] = []
    /// "\r\n" when the file's first line ends that way, else "\n": inserted lines match.
    private(set) var newline: [UInt8] = [10]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
            if end == bytes.count && start == end && start > 0 { break }
            lines.append(start..<(end > start && bytes[end - 1] == 13 ? end - 1 : end))
            start = end + 1
        }
        if let first = lines.first, first.upperBound < bytes.count, bytes[first.upperBound] == 13 { newline = [13, 10] }
        scan()
    }

    func table(_ path: String) -> Table? { tables.first { $0.path == path } }

    /// The `page[P].widget[W]` table whose `id` is `id` (written "id" or 'id').
    func widgetTable(id: String) -> String? {
        tables.first { t in
            guard t.path.hasPrefix("page["), t.path.hasSuffix("]"), t.path.contains(".widget["),
                let key = t.keys.first(where: { $0.name == "id" })
            else { return false }
            let v = bytes[key.value]
            guard v.count >= 2, let q = v.first, q == 34 || q == 39, v.last == q else { return false }
            return String(decoding: v.dropFirst().dropLast(), as: UTF8.self) == id
        }?.path
    }

    /// The line holding byte `offset`.
    func line(at offset: Int) -> Int {
        var low = 0, high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The blanks a line starts with.
    func indentation(of line: Int) -> [UInt8] {
        Array(bytes[lines[line]].prefix { $0 == 32 || $0 == 9 })
    }

    func isBlank(_ line: Int) -> Bool { bytes[lines[line]].allSatisfy { $0 == 32 || $0 == 9 } }

    func isComment(_ line: Int) -> Bool { bytes[lines[line]].first { $0 != 32 && $0 != 9 } == 35 }

    // MARK: - Scanning

    private mutating func scan() {
        var arrayCounts: [String: Int] = [:]
        var current = Table(path: "", header: nil)
        var i = 0
        while i < lines.count {
            var p = lines[i].lowerBound
            let end = lines[i].upperBound
            while p < end && (bytes[p] == 32 || bytes[p] == 9) { p += 1 }
            guard p < end, bytes[p] != 35 else {  // blank or a comment
                i += 1
                continue
            }
            if bytes[p] == 91 {
                tables.append(current)
                current = Table(path: header(at: p, &arrayCounts) ?? "?\(i)", header: i)
                i += 1
                continue
            }
            guard let (parts, eq) = keyParts(from: p, to: end), eq < end, bytes[eq] == 61 else {
                i += 1
                continue
            }
            var v = eq + 1
            while v < bytes.count && (bytes[v] == 32 || bytes[v] == 9) { v += 1 }
            let valueEnd = TOMLValueScanner(bytes: bytes).end(of: v)
            let last = line(at: max(v, valueEnd - 1))
            current.keys.append(Key(name: parts.joined(separator: "."), firstLine: i, lastLine: last, value: v..<valueEnd))
            i = last + 1
        }
        tables.append(current)
    }

    /// A header's canonical path; counts an array of tables' elements.
    private func header(at p: Int, _ counts: inout [String: Int]) -> String? {
        let double = p + 1 < bytes.count && bytes[p + 1] == 91
        guard let (parts, _) = keyParts(from: p + (double ? 2 : 1), to: lines[line(at: p)].upperBound), let last = parts.last else { return nil }
        var path = ""
        for part in parts.dropLast() {
            path = path.isEmpty ? part : path + "." + part
            if let n = counts[path], n > 0 { path += "[\(n - 1)]" }
        }
        path = path.isEmpty ? last : path + "." + last
        guard double else { return path }
        let index = counts[path, default: 0]
        counts[path] = index + 1
        return path + "[\(index)]"
    }

    /// `a . "b c" . 'd'` from `p`: the parts without quotes, and where the key stopped
    /// (at `=`, `]` or whatever is not a key).
    private func keyParts(from start: Int, to end: Int) -> ([String], Int)? {
        var parts: [String] = []
        var p = start
        while p < end {
            while p < end && (bytes[p] == 32 || bytes[p] == 9) { p += 1 }
            guard p < end else { break }
            let c = bytes[p]
            if c == 34 || c == 39 {
                guard let close = bytes[(p + 1)..<end].firstIndex(where: { $0 == c }) else { return nil }
                parts.append(String(decoding: bytes[(p + 1)..<close], as: UTF8.self))
                p = close + 1
            } else {
                let s = p
                while p < end && Self.isBareKeyByte(bytes[p]) { p += 1 }
                guard p > s else { return nil }
                parts.append(String(decoding: bytes[s..<p], as: UTF8.self))
            }
            while p < end && (bytes[p] == 32 || bytes[p] == 9) { p += 1 }
            guard p < end, bytes[p] == 46 else { break }
            p += 1
        }
        return parts.isEmpty ? nil : (parts, p)
    }

    static func isBareKeyByte(_ c: UInt8) -> Bool {
        (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 95 || c == 45
    }
}

/// Finds where a TOML value ends: strings of every kind, arrays and inline tables
/// (nested, over several lines, with comments inside arrays).
struct TOMLValueScanner {
    let bytes: [UInt8]

    /// The end of the value starting at `start`: before the blanks and comment after it.
    func end(of start: Int) -> Int {
        var p = start, depth = 0, lastValueByte = start
        while p < bytes.count {
            let c = bytes[p]
            if c == 34 || c == 39 {
                p = stringEnd(p)
                lastValueByte = p
                continue
            }
            if c == 35 {  // a comment: to the line's end
                guard depth > 0 else { break }
                while p < bytes.count && bytes[p] != 10 { p += 1 }
                continue
            }
            if c == 10 || c == 13 {
                guard depth > 0 else { break }
            } else if c == 91 || c == 123 {
                depth += 1
            } else if c == 93 || c == 125 {
                depth -= 1
            }
            p += 1
            if c != 32 && c != 9 && c != 10 && c != 13 { lastValueByte = p }
            if depth < 0 { break }
        }
        return lastValueByte
    }

    /// Just past the string starting at `p` (its quote), single- or multi-line.
    private func stringEnd(_ p: Int) -> Int {
        let q = bytes[p]
        let triple = p + 2 < bytes.count && bytes[p + 1] == q && bytes[p + 2] == q
        var i = p + (triple ? 3 : 1)
        while i < bytes.count {
            let c = bytes[i]
            if c == 92 && q == 34 {
                i += 2
                continue
            }  // an escape in a basic string
            if !triple && c == 10 { return i }  // unterminated: stop at the line's end
            if c == q {
                guard triple else { return i + 1 }
                if i + 2 < bytes.count && bytes[i + 1] == q && bytes[i + 2] == q {
                    // Up to two more quotes may belong to the string ("""a"""").
                    var e = i + 3
                    while e < bytes.count && e < i + 5 && bytes[e] == q { e += 1 }
                    return e
                }
            }
            i += 1
        }
        return bytes.count
    }
}
