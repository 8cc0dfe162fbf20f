/// Where a signal's bits sit in a frame, as a DBC says it: start bit, length (1…64),
/// byte order and sign.
///
/// Intel (`@1`, little-endian): the start bit is the least significant bit; bit n is
/// bit n % 8 of byte n / 8, and the value grows upwards through the bytes.
/// Motorola (`@0`, big-endian): the start bit is the most significant bit in the same
/// numbering; the value continues down to bit 0 of that byte, then from bit 7 of the next
/// byte (DBC's sawtooth order).
public struct SignalLayout: Sendable, Equatable {
    public enum ByteOrder: UInt8, Sendable, Equatable {
        case intel, motorola
    }

    public let startBit: UInt16
    public let length: UInt8
    public let byteOrder: ByteOrder
    public let isSigned: Bool

    public init(startBit: UInt16, length: UInt8, byteOrder: ByteOrder, isSigned: Bool) throws(SignalLayoutError) {
        guard length >= 1, length <= 64 else { throw .badLength(length) }
        guard startBit < 512 else { throw .startOutside(startBit) }
        self.startBit = startBit
        self.length = length
        self.byteOrder = byteOrder
        self.isSigned = isSigned
        if byteOrder == .motorola {
            // The walk from the start bit must not run past the last byte a frame can have.
            guard lastBitLinear < 512 else { throw .doesNotFit(bytes: 64) }
        }
    }

    /// The number of data bytes the signal needs.
    public var bytesNeeded: Int32 {
        switch byteOrder {
        case .intel: return (Int32(startBit) + Int32(length) + 7) / 8
        case .motorola: return Int32(lastBitLinear) / 8 + 1
        }
    }

    /// Motorola: the start bit counted from the top of byte 0 (bit 7 of byte 0 is 0),
    /// plus length − 1: where the least significant bit lands in that linear count.
    var lastBitLinear: Int32 {
        let s = Int32(startBit)
        return (s / 8) * 8 + (7 - s % 8) + Int32(length) - 1
    }

    /// The raw bits, unsigned (`data` must hold `bytesNeeded` bytes).
    public func rawBits(_ data: [UInt8]) -> UInt64 {
        var raw: UInt64 = 0
        switch byteOrder {
        case .intel:
            var k = Int32(length) - 1
            while k >= 0 {
                let bit = Int32(startBit) + k
                raw = raw << 1 | UInt64(data[Int(bit / 8)] >> UInt8(bit % 8) & 1)
                k -= 1
            }
        case .motorola:
            var linear = Int32(startBit) / 8 * 8 + (7 - Int32(startBit) % 8)
            let end = linear + Int32(length)
            while linear < end {
                let byte = data[Int(linear / 8)]
                raw = raw << 1 | UInt64(byte >> UInt8(7 - linear % 8) & 1)
                linear += 1
            }
        }
        return raw
    }

    /// The raw value, sign-extended when the signal is signed.
    public func raw(_ data: [UInt8]) -> Int64OrUInt64 {
        let bits = rawBits(data)
        guard isSigned else { return .unsigned(bits) }
        if length == 64 { return .signed(Int64(bitPattern: bits)) }
        let sign: UInt64 = 1 << UInt64(length - 1)
        let extended = bits & sign != 0 ? bits | ~(sign << 1 &- 1) : bits
        return .signed(Int64(bitPattern: extended))
    }

    /// Writes the low `length` bits of `bits` into `data` (which must hold `bytesNeeded`).
    public func insert(_ bits: UInt64, into data: inout [UInt8]) {
        switch byteOrder {
        case .intel:
            var k: Int32 = 0
            while k < Int32(length) {
                let bit = Int32(startBit) + k
                let mask = UInt8(1) << UInt8(bit % 8)
                if bits >> UInt64(k) & 1 == 1 { data[Int(bit / 8)] |= mask } else { data[Int(bit / 8)] &= ~mask }
                k += 1
            }
        case .motorola:
            var linear = lastBitLinear
            var k: Int32 = 0
            while k < Int32(length) {
                let mask = UInt8(1) << UInt8(7 - linear % 8)
                if bits >> UInt64(k) & 1 == 1 { data[Int(linear / 8)] |= mask } else { data[Int(linear / 8)] &= ~mask }
                linear -= 1
                k += 1
            }
        }
    }
}

/// A raw value: sign-extended when its signal is signed.
public enum Int64OrUInt64: Sendable, Equatable {
    case signed(Int64)
    case unsigned(UInt64)

    public var asDouble: Double {
        switch self {
        case .signed(let v): return Double(v)
        case .unsigned(let v): return Double(v)
        }
    }

    /// The bit pattern (two's complement for signed values).
    public var bits: UInt64 {
        switch self {
        case .signed(let v): return UInt64(bitPattern: v)
        case .unsigned(let v): return v
        }
    }
}

public enum SignalLayoutError: Error, Equatable, Sendable {
    case badLength(UInt8)
    case startOutside(UInt16)
    case doesNotFit(bytes: Int32)

    public var message: String {
        switch self {
        case .badLength(let n): return "length " + String(n) + " is not 1…64 bits"
        case .startOutside(let s): return "start bit " + String(s) + " is beyond 64 bytes"
        case .doesNotFit(let n): return "signal runs past the frame's " + String(n) + " bytes"
        }
    }
}
