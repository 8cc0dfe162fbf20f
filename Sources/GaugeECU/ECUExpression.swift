import GaugeSensors

/// An INI expression (`{ (coolantRaw - 40) * 1.8 + 32 }`) compiled against the output
/// channels: C's arithmetic, comparison, logic, bit and `?:` operators over numbers and
/// channel names. Anything else — a tune constant (`stoich`), a function (`arrayValue`),
/// a string — makes it unsupported, with the reason.
public struct ECUExpression: Sendable, Equatable {
    enum Op: UInt8, Sendable {
        case number, channel, negate, not, complement
        case add, subtract, multiply, divide, remainder
        case shiftLeft, shiftRight, bitAnd, bitOr, bitXor
        case less, lessEqual, greater, greaterEqual, equal, notEqual, and, or, conditional
    }

    struct Node: Sendable, Equatable {
        var op: Op
        var value: Double = 0
        var channel: Int32 = 0
        var a: Int32 = -1
        var b: Int32 = -1
        var c: Int32 = -1
    }

    var nodes: [Node]
    var root: Int32

    /// The channels it reads, by index.
    public var channelsRead: [Int] {
        nodes.filter { $0.op == .channel }.map { Int($0.channel) }
    }

    /// Compiles `text`; a name is the channel at its index in `names`.
    public static func compile(_ text: ArraySlice<UInt8>, names: [String]) throws(ExpressionError) -> ECUExpression {
        var parser = ExpressionParser(tokens: try ExpressionLexer.tokens(text), names: names)
        let root = try parser.conditional()
        guard parser.atEnd else { throw ExpressionError(message: "unexpected \(parser.currentText) after the expression") }
        return ECUExpression(nodes: parser.nodes, root: root)
    }

    /// The value, given each channel's.
    public func evaluate(_ channel: (Int) -> Double) -> Double {
        value(root, channel)
    }

    private func value(_ i: Int32, _ channel: (Int) -> Double) -> Double {
        let n = nodes[Int(i)]
        switch n.op {
        case .number: return n.value
        case .channel: return channel(Int(n.channel))
        case .negate: return -value(n.a, channel)
        case .not: return value(n.a, channel) == 0 ? 1 : 0
        case .complement: return Double(~Self.integer(value(n.a, channel)))
        case .conditional: return value(n.a, channel) != 0 ? value(n.b, channel) : value(n.c, channel)
        case .and: return value(n.a, channel) != 0 && value(n.b, channel) != 0 ? 1 : 0
        case .or: return value(n.a, channel) != 0 || value(n.b, channel) != 0 ? 1 : 0
        default: return Self.binary(n.op, value(n.a, channel), value(n.b, channel))
        }
    }

    private static func binary(_ op: Op, _ x: Double, _ y: Double) -> Double {
        switch op {
        case .add: return x + y
        case .subtract: return x - y
        case .multiply: return x * y
        case .divide: return x / y
        case .remainder: return y == 0 ? .nan : x.truncatingRemainder(dividingBy: y)
        case .shiftLeft: return Double(integer(x) << min(max(integer(y), 0), 62))
        case .shiftRight: return Double(integer(x) >> min(max(integer(y), 0), 62))
        case .bitAnd: return Double(integer(x) & integer(y))
        case .bitOr: return Double(integer(x) | integer(y))
        case .bitXor: return Double(integer(x) ^ integer(y))
        case .less: return x < y ? 1 : 0
        case .lessEqual: return x <= y ? 1 : 0
        case .greater: return x > y ? 1 : 0
        case .greaterEqual: return x >= y ? 1 : 0
        case .equal: return x == y ? 1 : 0
        case .notEqual: return x != y ? 1 : 0
        default: return .nan
        }
    }

    /// A value as an integer for the bit operators; out of range or not a number: 0.
    static func integer(_ x: Double) -> Int64 {
        guard x.isFinite, x > -9.0e18, x < 9.0e18 else { return 0 }
        return Int64(x)
    }
}

public struct ExpressionError: Error, Sendable, Equatable {
    public var message: String
    public init(message: String) { self.message = message }
}
