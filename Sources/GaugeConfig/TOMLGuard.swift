/// Input that would reach an assertion inside toml++ (3.3 and 3.4) is refused before
/// parsing (`TOMLDocument.parse` asks first): toml++ asserts — and in release builds
/// *assumes*, which is undefined behaviour — that
/// - a table header's name starts with a key character (`[=`, `[[#`, a lone `[` crash);
/// - an array element does not start with `}` (`[1, }` crashes).
/// This scanner follows only strings, comments and brackets to find those two spots;
/// everything else is left to toml++, which reports it as a syntax error.
///
/// It also finds the lines of basic strings holding an escaped NUL (`\u0000`,
/// `\U00000000`): the loader refuses those strings by key (a NUL would cut a string short
/// wherever it becomes a C string: a path, a device name, a log line).
enum TOMLGuard {
    private enum State { case normal, comment, basic, literal, multiBasic, multiLiteral }

    private static let nulEscapes: [[UInt8]] = [Array("u0000".utf8), Array("U00000000".utf8)]

    /// The 1-based line of the first such spot, with what is wrong, and the 1-based lines
    /// where a basic string holds an escaped NUL.
    static func scan(_ bytes: [UInt8]) -> (problem: (line: Int, message: String)?, nulLines: Set<Int>) {
        bytes.withUnsafeBufferPointer { scan($0) }
    }

    private static func scan(_ s: UnsafeBufferPointer<UInt8>) -> (problem: (line: Int, message: String)?, nulLines: Set<Int>) {
        var scanner = Scanner(s)
        while scanner.i < s.count {
            let c = s[scanner.i]
            if c == 10 { scanner.line += 1 }
            if scanner.state != .normal {
                scanner.skipInside(c)
                continue
            }
            if let message = scanner.step(c) { return ((scanner.line, message), scanner.nulLines) }
        }
        return (nil, scanner.nulLines)
    }

    /// Where the scan is: inside what, the brackets open, the line.
    private struct Scanner {
        let s: UnsafeBufferPointer<UInt8>
        var nulLines: Set<Int> = []
        var state = State.normal
        var stack: [UInt8] = []  // "[" arrays and "{" inline tables
        var expectingElement = false  // just after "[" or "," inside an array
        var lineStart = true  // only blanks since the start of the line
        var line = 1
        var i = 0

        init(_ s: UnsafeBufferPointer<UInt8>) { self.s = s }

        func at(_ k: Int) -> UInt8 { k < s.count ? s[k] : 0 }
        func starts(_ q: UInt8) -> Bool { at(i) == q && at(i + 1) == q && at(i + 2) == q }
        func escapesNUL() -> Bool {
            nulEscapes.contains { e in e.indices.allSatisfy { at(i + 1 + $0) == e[$0] } }
        }

        /// One step inside a comment or a string: to its end, or past an escape.
        mutating func skipInside(_ c: UInt8) {
            switch state {
            case .comment:
                if c == 10 {
                    state = .normal
                    lineStart = true
                    i += 1
                    return
                }
                // To the line's end in one go (a board may be mostly comments); the
                // newline is counted and ends the comment on the next turn.
                while i < s.count && s[i] != 10 { i += 1 }
            case .basic, .literal:
                if c == 92 && state == .basic {  // backslash escape
                    if escapesNUL() { nulLines.insert(line) }
                    i += 2
                    return
                }
                if c == (state == .basic ? 34 : 39) || c == 10 {
                    state = .normal
                    lineStart = c == 10
                }
                i += 1
            case .multiBasic, .multiLiteral:
                if c == 92 && state == .multiBasic {
                    if escapesNUL() { nulLines.insert(line) }
                    i += 2
                } else if starts(state == .multiBasic ? 34 : 39) {
                    state = .normal
                    i += 3
                } else {
                    i += 1
                }
            case .normal:
                break
            }
        }

        /// One step outside strings and comments; what is wrong, if this is a spot toml++
        /// would assert on.
        mutating func step(_ c: UInt8) -> String? {
            if c == 32 || c == 9 || c == 13 {
                i += 1
                return nil
            }
            if c == 10 {
                lineStart = true
                i += 1
                return nil
            }
            if c == UInt8(ascii: "#") {
                state = .comment
                i += 1
                return nil
            }
            if c == UInt8(ascii: "[") && lineStart && stack.isEmpty { return tableHeader() }
            lineStart = false
            if expectingElement && c == UInt8(ascii: "}") && stack.last == UInt8(ascii: "[") {
                return "expected a value or ']' in the array, got '}'"
            }
            expectingElement = false
            switch c {
            case UInt8(ascii: "["):
                stack.append(c)
                expectingElement = true
            case UInt8(ascii: "{"): stack.append(c)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): if !stack.isEmpty { stack.removeLast() }
            case UInt8(ascii: ","): expectingElement = stack.last == UInt8(ascii: "[")
            case 34, 39:
                if starts(c) {
                    state = c == 34 ? .multiBasic : .multiLiteral
                    i += 3
                    return nil
                }
                state = c == 34 ? .basic : .literal
            default: break
            }
            i += 1
            return nil
        }

        /// A table header: its name must start with a key character.
        mutating func tableHeader() -> String? {
            var k = i + 1
            if at(k) == UInt8(ascii: "[") { k += 1 }
            while at(k) == 32 || at(k) == 9 { k += 1 }
            guard startsKey(at(k)) else { return "expected a table name after '[' (letters, digits, '_', '-' or a quoted name)" }
            lineStart = false
            i = k
            return nil
        }
    }

    fileprivate static func startsKey(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39)
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")
            || c == UInt8(ascii: "]")
    }
}
