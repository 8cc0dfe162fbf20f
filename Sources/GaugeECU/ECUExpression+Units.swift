/// Units through an expression: sums, differences, comparisons and the two branches of
/// `?:` need their sides in one unit (the expression works on each input's numbers as
/// they are, so knots plus km/h is a mistake even though both are speeds); a number
/// takes the other side's unit, a product or quotient of two units has none this can
/// name (it is not checked further), and logic gives a plain number.
extension ECUExpression {
    /// What an expression gives: its unit (nil: a plain number or one this cannot name).
    enum UnitOf<U: Equatable> {
        case known(U)
        case plain
        /// A product or quotient of units: nothing to check against.
        case compound
    }

    /// The unit the expression gives (nil when it is a plain number or a product of units),
    /// or the first place two units meet where they must agree, described with `describe`
    /// (a unit's name) and `name` (a channel's).
    public func unit<U: Equatable>(
        of channelUnit: (Int) -> U?, describe: (U) -> String, name: (Int) -> String
    ) -> (unit: U?, mismatch: String?) {
        var mismatch: String?
        let result = unit(root, channelUnit, describe, name, &mismatch)
        if case .known(let u) = result { return (u, mismatch) }
        return (nil, mismatch)
    }

    private func unit<U: Equatable>(
        _ i: Int32, _ channelUnit: (Int) -> U?, _ describe: (U) -> String, _ name: (Int) -> String, _ mismatch: inout String?
    ) -> UnitOf<U> {
        let n = nodes[Int(i)]
        func sub(_ j: Int32) -> UnitOf<U> { unit(j, channelUnit, describe, name, &mismatch) }
        /// Both sides in one unit, or one of them plain: that unit.
        func agree(_ a: UnitOf<U>, _ b: UnitOf<U>, _ what: String) -> UnitOf<U> {
            switch (a, b) {
            case (.known(let x), .known(let y)):
                if x != y && mismatch == nil {
                    mismatch = "\(what) \(describe(x)) and \(describe(y)) (\(sides(n))): give one input a scale to make them one unit"
                }
                return a
            case (.known, _): return a
            case (_, .known): return b
            case (.compound, _), (_, .compound): return .compound
            default: return .plain
            }
        }
        switch n.op {
        case .number: return .plain
        case .channel: return channelUnit(Int(n.channel)).map { .known($0) } ?? .plain
        case .negate: return sub(n.a)
        case .add: return agree(sub(n.a), sub(n.b), "adds")
        case .subtract: return agree(sub(n.a), sub(n.b), "subtracts")
        case .remainder: return agree(sub(n.a), sub(n.b), "takes the remainder of")
        case .multiply, .divide:
            let a = sub(n.a), b = sub(n.b)
            if case .plain = b { return a }
            if case .plain = a, n.op == .multiply { return b }
            return .compound
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual:
            _ = agree(sub(n.a), sub(n.b), "compares")
            return .plain
        case .conditional:
            _ = sub(n.a)
            return agree(sub(n.b), sub(n.c), "chooses between")
        default:
            for j in [n.a, n.b, n.c] where j >= 0 { _ = sub(j) }
            return .plain
        }
        func sides(_ n: Node) -> String {
            let names = [n.a, n.b, n.c].compactMap { j -> String? in
                guard j >= 0 else { return nil }
                let m = nodes[Int(j)]
                return m.op == .channel ? name(Int(m.channel)) : nil
            }
            return names.isEmpty ? "in the expression" : names.joined(separator: ", ")
        }
    }
}
