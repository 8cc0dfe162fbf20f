/// ⌊√n⌋ by the digit-by-digit method: exact, integer-only, identical on every CPU.
/// The loop starts at the highest set bit, so small arguments are cheap.
@inlinable
public func integerSquareRoot(_ n: UInt64) -> UInt64 {
    if n < 2 { return n }
    // Distances on a panel are < 256 px, so their squares in 1/256 px fit 32 bits:
    // a 32-bit loop is half the work on 32-bit CPUs.
    if n <= UInt64(UInt32.max) { return UInt64(integerSquareRoot32(UInt32(truncatingIfNeeded: n))) }
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

/// ⌊√n⌋ for 32-bit arguments, same method.
@inlinable
public func integerSquareRoot32(_ n: UInt32) -> UInt32 {
    if n < 2 { return n }
    var remainder = n
    var root: UInt32 = 0
    var bit: UInt32 = 1 << UInt32((31 - n.leadingZeroBitCount) & ~1)
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
