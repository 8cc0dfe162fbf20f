import GaugeSensors

/// The tokens of an INI expression.
enum ExpressionToken: Sendable, Equatable {
    case number(Double)
    case name(String)
    case symbol(String)
    case text
}

enum ExpressionLexer {
    static let symbols2 = ["<<", ">>", "<=", ">=", "==", "!=", "&&", "||"]

    static func tokens(_ s: ArraySlice<UInt8>) throws(ExpressionError) -> [ExpressionToken] {
        var out: [ExpressionToken] = []
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if INIText.isSpace(c) {
                i += 1
            } else if isDigit(c) || (c == UInt8(ascii: ".") && i + 1 < s.endIndex && isDigit(s[i + 1])) {
                var j = i
                while j < s.endIndex, isDigit(s[j]) || s[j] == UInt8(ascii: ".") || CommandTemplate.hexDigit(s[j]) != nil || s[j] == UInt8(ascii: "x")
                { j += 1 }
                guard let v = number(s[i..<j]) else { throw ExpressionError(message: "\(INIText.string(s[i..<j])) is not a number") }
                out.append(.number(v))
                i = j
            } else if CommandTemplate.isNameByte(c) {
                var j = i
                while j < s.endIndex, CommandTemplate.isNameByte(s[j]) || s[j] == UInt8(ascii: ".") { j += 1 }
                out.append(.name(INIText.string(s[i..<j])))
                i = j
            } else if c == UInt8(ascii: "\"") {
                out.append(.text)
                i = (s[(i + 1)...].firstIndex(of: c) ?? s.endIndex - 1) + 1
            } else {
                let two = i + 1 < s.endIndex ? INIText.string(s[i...(i + 1)]) : ""
                let symbol = symbols2.contains(two) ? two : INIText.string(s[i...i])
                out.append(.symbol(symbol))
                i += symbol.utf8.count
            }
        }
        return out
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

    private static func number(_ s: ArraySlice<UInt8>) -> Double? {
        if s.count > 2, s[s.startIndex] == 48, s[s.startIndex + 1] == UInt8(ascii: "x") {
            var v: UInt64 = 0
            for c in s.dropFirst(2) {
                guard let d = CommandTemplate.hexDigit(c), v < (1 << 56) else { return nil }
                v = v << 4 | UInt64(d)
            }
            return Double(v)
        }
        return DecimalParser.parse(bytes: Array(s))
    }
}

/// Precedence climbing over the tokens, into `ECUExpression`'s node pool.
struct ExpressionParser {
    let tokens: [ExpressionToken]
    let names: [String]
    var position = 0
    var nodes: [ECUExpression.Node] = []
    /// Nesting so far: a fuzzer's ((((… must not exhaust the stack.
    var depth = 0
    static let maxDepth = 48

    init(tokens: [ExpressionToken], names: [String]) {
        self.tokens = tokens
        self.names = names
    }

    var atEnd: Bool { position >= tokens.count }

    var currentText: String {
        guard position < tokens.count else { return "the end" }
        switch tokens[position] {
        case .number(let v): return "\(v)"
        case .name(let n): return n
        case .symbol(let s): return "\"\(s)\""
        case .text: return "a string"
        }
    }

    /// Binary operators by precedence, loosest first.
    static let levels: [[(String, ECUExpression.Op)]] = [
        [("||", .or)], [("&&", .and)], [("|", .bitOr)], [("^", .bitXor)], [("&", .bitAnd)],
        [("==", .equal), ("!=", .notEqual)],
        [("<", .less), ("<=", .lessEqual), (">", .greater), (">=", .greaterEqual)],
        [("<<", .shiftLeft), (">>", .shiftRight)], [("+", .add), ("-", .subtract)],
        [("*", .multiply), ("/", .divide), ("%", .remainder)],
    ]

    mutating func conditional() throws(ExpressionError) -> Int32 {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw ExpressionError(message: "nests deeper than \(Self.maxDepth) levels") }
        let test = try binary(0)
        guard accept("?") else { return test }
        let yes = try conditional()
        guard accept(":") else { throw ExpressionError(message: "expected \":\" after \"?\" and its value") }
        let no = try conditional()
        return add(ECUExpression.Node(op: .conditional, a: test, b: yes, c: no))
    }

    private mutating func binary(_ level: Int) throws(ExpressionError) -> Int32 {
        guard level < Self.levels.count else { return try unary() }
        var left = try binary(level + 1)
        while position < tokens.count, case .symbol(let s) = tokens[position],
            let op = Self.levels[level].first(where: { $0.0 == s })?.1
        {
            position += 1
            let right = try binary(level + 1)
            left = add(ECUExpression.Node(op: op, a: left, b: right))
        }
        return left
    }

    private mutating func unary() throws(ExpressionError) -> Int32 {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw ExpressionError(message: "nests deeper than \(Self.maxDepth) levels") }
        if accept("-") { return add(ECUExpression.Node(op: .negate, a: try unary())) }
        if accept("!") { return add(ECUExpression.Node(op: .not, a: try unary())) }
        if accept("~") { return add(ECUExpression.Node(op: .complement, a: try unary())) }
        if accept("+") { return try unary() }
        return try primary()
    }

    private mutating func primary() throws(ExpressionError) -> Int32 {
        guard position < tokens.count else { throw ExpressionError(message: "the expression ends early") }
        let token = tokens[position]
        position += 1
        switch token {
        case .number(let v): return add(ECUExpression.Node(op: .number, value: v))
        case .name(let name):
            if accept("(") { throw ExpressionError(message: "calls the function \(name)(), which is not supported") }
            guard let index = names.firstIndex(of: name) else {
                throw ExpressionError(message: "reads \(name), which is not an output channel (a tune constant or a TunerStudio variable)")
            }
            return add(ECUExpression.Node(op: .channel, channel: Int32(truncatingIfNeeded: index)))
        case .symbol("("):
            let inner = try conditional()
            guard accept(")") else { throw ExpressionError(message: "expected \")\"") }
            return inner
        case .text: throw ExpressionError(message: "uses a string, which is not supported")
        case .symbol(let s): throw ExpressionError(message: "unexpected \"\(s)\"")
        }
    }

    private mutating func accept(_ symbol: String) -> Bool {
        guard position < tokens.count, tokens[position] == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func add(_ node: ECUExpression.Node) -> Int32 {
        nodes.append(node)
        return Int32(truncatingIfNeeded: nodes.count - 1)
    }
}
