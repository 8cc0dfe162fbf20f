/// ⌊√n⌋ by the digit-by-digit method: exact, integer-only, identical on every CPU.
/// The loop starts at the highest set bit, so small arguments are cheap.
@inlinable
public func integerSquareRoot(_ n: UInt64) -> UInt64 {
    if n < 2 { return n }
    var remainder = n
    var root: UInt64 = 0
    // Highest power of four ≤ n.
    var bit: UInt64 = 1 << UInt64((63 - n.leadingZeroBitCount) & ~1)
    while bit != 0 {
        let trial = root &+ bit
        if remainder >= trial {
            remainder &-= trial
            root = (root >> 1) &+ bit
        } else {
            root >>= 1
        }
        bit >>= 2
    }
    return root
}
