/// A pure byte-in, samples-out state machine. Used as a generic constraint only
/// (`some ByteDecoder` / `<D: ByteDecoder>`), never as an existential, so it stays
/// within the Embedded Swift subset.
public protocol ByteDecoder {
    /// Consumes bytes; complete lines/sentences emit samples through `sink`.
    mutating func feed<C: Collection>(_ bytes: C, into sink: (Sample) -> Void) where C.Element == UInt8
    /// Forgets a partial line (e.g. after the serial device was reopened).
    mutating func resetFraming()
    var statistics: DecoderStatistics { get }
}

extension ByteDecoder {
    /// Convenience for tests and small callers: collects the samples.
    public mutating func feed<C: Collection>(_ bytes: C) -> [Sample] where C.Element == UInt8 {
        var out: [Sample] = []
        feed(bytes) { out.append($0) }
        return out
    }
}

@usableFromInline
enum ASCII {
    static let lf: UInt8 = 10
    static let cr: UInt8 = 13
    static let space: UInt8 = 32
    static let tab: UInt8 = 9
    static let comma: UInt8 = 44
    static let star: UInt8 = 42
    static let equals: UInt8 = 61
    static let dollar: UInt8 = 36
    static let bang: UInt8 = 33

    /// `[A-Za-z0-9_.-]`
    static func isNameByte(_ c: UInt8) -> Bool {
        switch c {
        case 48...57, 65...90, 97...122, 95, 46, 45: return true
        default: return false
        }
    }
}

/// Validates an optional `*XX` suffix over `b[start..<end]`. Returns the end of the
/// payload (index of `*`, or `end` when there is no checksum), or nil when the
/// checksum is malformed or wrong.
@inlinable
func verifyOptionalChecksum(
    _ b: UnsafeRawBufferPointer, _ start: Int, _ end: Int,
    required: Bool
) -> Int?? {
    var star = -1
    var i = end - 1
    // The checksum, if any, sits in the last three bytes; scanning back keeps it O(1).
    let limit = max(start, end - 3)
    while i >= limit {
        if b[i] == 42 {
            star = i
            break
        }
        i -= 1
    }
    if star < 0 {
        // A '*' earlier in the line is a malformed checksum, not part of the payload.
        var j = start
        while j < end {
            if b[j] == 42 { return .some(nil) }
            j += 1
        }
        return required ? .some(nil) : .some(end)
    }
    guard end - star == 3, let h = Hex.digit(b[star + 1]), let l = Hex.digit(b[star + 2]) else {
        return .some(nil)
    }
    var x: UInt8 = 0
    var k = start
    while k < star {
        x ^= b[k]
        k += 1
    }
    return x == (h << 4 | l) ? .some(star) : .some(nil)
}
