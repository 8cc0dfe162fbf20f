/// ⌊√n⌋: exact, integer-only, identical on every CPU. Arguments above 32 bits use the
/// digit-by-digit method (its loop starts at the highest set bit).
@inlinable @inline(__always)
public func integerSquareRoot(_ n: UInt64) -> UInt64 {
    // Distances on a panel are < 256 px, so their squares in 1/256 px fit 32 bits:
    // the fast 32-bit path is the common one (and cheap on 32-bit CPUs).
    if n <= UInt64(UInt32.max) { return UInt64(integerSquareRoot32(UInt32(truncatingIfNeeded: n))) }
    return integerSquareRootAbove32Bits(n)
}

/// ⌊√n⌋ by the digit-by-digit method, for the rare arguments above 32 bits.
@usableFromInline
func integerSquareRootAbove32Bits(_ n: UInt64) -> UInt64 {
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

/// ⌊√n⌋ for 32-bit arguments: an estimate interpolated from `squareRootTable`, then
/// corrected to the exact ⌊√n⌋ (r² ≤ n < (r+1)², checked with 64-bit products). The
/// estimate is within one or two of the root, so the correction is a step or two.
@inlinable @inline(__always)
public func integerSquareRoot32(_ n: UInt32) -> UInt32 {
    if n < 2 { return n }
    // m = n·4^k in [2^30, 2^32); √n = √m / 2^k.
    let shift = UInt32(truncatingIfNeeded: n.leadingZeroBitCount) & ~1
    let m = n << shift
    let i = Int(m >> 24) &- 64                     // 0…191
    let (t0, t1) = squareRootTable.withUnsafeBufferPointer { ($0[i], $0[i &+ 1]) }
    // Interpolating floors under the concave √: never above √m, at most 3 below it.
    var r = (t0 &+ (((t1 &- t0) &* ((m >> 8) & 0xFFFF)) >> 16)) >> (shift >> 1)
    let n64 = UInt64(n)
    while UInt64(r) &* UInt64(r) > n64 { r &-= 1 }
    while UInt64(r &+ 1) &* UInt64(r &+ 1) <= n64 { r &+= 1 }
    return r
}

/// ⌊√(i·2^24)⌋ = ⌊4096·√i⌋ for i = 64…256 (the estimate only: any values would still give
/// exact roots, just more slowly).
@usableFromInline
let squareRootTable: [UInt32] = [
    32768, 33023, 33276, 33527, 33776, 34023, 34269, 34513, 34755, 34996, 35235, 35472,
    35708, 35942, 36174, 36406, 36635, 36864, 37090, 37316, 37540, 37763, 37984, 38204,
    38423, 38641, 38858, 39073, 39287, 39500, 39712, 39922, 40132, 40340, 40548, 40754,
    40960, 41164, 41367, 41569, 41771, 41971, 42170, 42369, 42566, 42763, 42959, 43154,
    43347, 43541, 43733, 43924, 44115, 44305, 44493, 44682, 44869, 45056, 45241, 45426,
    45611, 45794, 45977, 46159, 46340, 46521, 46701, 46880, 47059, 47237, 47414, 47591,
    47767, 47942, 48117, 48291, 48464, 48637, 48809, 48981, 49152, 49322, 49492, 49661,
    49829, 49998, 50165, 50332, 50498, 50664, 50830, 50994, 51159, 51322, 51485, 51648,
    51810, 51972, 52133, 52294, 52454, 52614, 52773, 52931, 53090, 53248, 53405, 53562,
    53718, 53874, 54029, 54184, 54339, 54493, 54647, 54800, 54953, 55106, 55258, 55409,
    55560, 55711, 55861, 56011, 56161, 56310, 56459, 56607, 56755, 56903, 57050, 57197,
    57344, 57490, 57635, 57781, 57926, 58070, 58215, 58359, 58502, 58645, 58788, 58931,
    59073, 59215, 59356, 59497, 59638, 59779, 59919, 60059, 60198, 60337, 60476, 60615,
    60753, 60891, 61029, 61166, 61303, 61440, 61576, 61712, 61848, 61983, 62118, 62253,
    62388, 62522, 62656, 62790, 62923, 63057, 63190, 63322, 63454, 63587, 63718, 63850,
    63981, 64112, 64243, 64373, 64503, 64633, 64763, 64892, 65021, 65150, 65279, 65407,
    65536,
]
