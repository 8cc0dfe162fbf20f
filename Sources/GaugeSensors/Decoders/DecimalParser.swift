/// A strict decimal number parser over ASCII bytes (no Foundation, no allocation).
///
/// Grammar: `[+-]? digits? ('.' digits?)? ([eE] [+-]? digits)?` with at least one digit
/// in the mantissa. Anything else, including surrounding spaces, is rejected.
/// Overlong digit strings never trap: digits past the 19th only shift the exponent,
/// and the exponent saturates. Results that overflow to ±∞ are rejected.
public enum DecimalParser {
    // Exact powers of ten representable in a Double.
    private static let powers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses the bytes `buffer[start..<end]`.
    @inlinable
    public static func parse(_ buffer: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Double? {
        parseSlice(buffer, start, end)
    }

    public static func parse(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { u in
            parseSlice(UnsafeRawBufferPointer(u), 0, u.count)
        }
    }

    public static func parse(bytes: [UInt8]) -> Double? {
        bytes.withUnsafeBytes { parseSlice($0, 0, $0.count) }
    }

    @usableFromInline
    static func parseSlice(_ b: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Double? {
        var i = start
        guard i < end else { return nil }
        var negative = false
        if b[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        } else if b[i] == UInt8(ascii: "+") {
            i += 1
        }

        var mantissa: UInt64 = 0
        var significant: Int32 = 0  // digits kept in mantissa
        var exponent: Int32 = 0  // decimal exponent adjustment
        var sawDigit = false

        while i < end, b[i] &- 48 < 10 {
            sawDigit = true
            let d = UInt64(b[i] &- 48)
            if significant < 19 {
                if mantissa != 0 || d != 0 {
                    mantissa = mantissa &* 10 &+ d
                    if mantissa != 0 { significant += 1 }
                }
            } else if exponent < 100_000 {
                exponent += 1  // dropped integer digit still scales the value
            }
            i += 1
        }
        if i < end, b[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, b[i] &- 48 < 10 {
                sawDigit = true
                let d = UInt64(b[i] &- 48)
                if significant < 19 {
                    if mantissa != 0 || d != 0 {
                        mantissa = mantissa &* 10 &+ d
                        significant += 1
                    }
                    if exponent > -100_000 { exponent -= 1 }
                }
                i += 1
            }
        }
        guard sawDigit else { return nil }
        if i < end, b[i] | 0x20 == UInt8(ascii: "e") {
            guard let e = exponentPart(b, &i, end) else { return nil }
            exponent += e
        }
        guard i == end else { return nil }

        var value = Double(mantissa)
        if mantissa != 0 {
            value = scale(value, by: exponent)
            guard value.isFinite else { return nil }
        }
        return negative ? -value : value
    }

    /// `e±digits` from the `e` at `i` (capped, so a huge exponent cannot overflow); nil
    /// without digits.
    @usableFromInline @inline(__always)
    static func exponentPart(_ b: UnsafeRawBufferPointer, _ i: inout Int, _ end: Int) -> Int32? {
        i += 1
        var negative = false
        if i < end, b[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        } else if i < end, b[i] == UInt8(ascii: "+") {
            i += 1
        }
        var e: Int32 = 0
        var digits = false
        while i < end, b[i] &- 48 < 10 {
            digits = true
            if e < 100_000 { e = e * 10 + Int32(b[i] &- 48) }
            i += 1
        }
        guard digits else { return nil }
        return negative ? -e : e
    }

    @usableFromInline
    static func scale(_ v: Double, by exponent: Int32) -> Double {
        var value = v
        var e = exponent
        // Exact for |e| ≤ 22 and ≤ 15 significant digits (Clinger's fast path);
        // otherwise within a few ulps, which is ample for sensor values.
        while e > 22 {
            value *= 1e22
            e -= 22
            if value.isInfinite { return value }
        }
        while e < -22 {
            value /= 1e22
            e += 22
            if value == 0 { return 0 }
        }
        if e > 0 { value *= powers[Int(e)] } else if e < 0 { value /= powers[Int(-e)] }
        return value
    }
}
