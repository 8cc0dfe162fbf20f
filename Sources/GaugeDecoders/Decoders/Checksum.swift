/// Hex and XOR-checksum helpers shared by the line protocol and NMEA decoders.
public enum Hex {
    /// Value of one ASCII hex digit (either case), or nil.
    @inlinable
    public static func digit(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }

    /// The two upper-case hex digits of a byte.
    public static func encode(_ byte: UInt8) -> (UInt8, UInt8) {
        let digits: StaticString = "0123456789ABCDEF"
        return digits.withUTF8Buffer { d in (d[Int(byte >> 4)], d[Int(byte & 15)]) }
    }
}

public enum XORChecksum {
    public static func of<C: Collection>(_ bytes: C) -> UInt8 where C.Element == UInt8 {
        var x: UInt8 = 0
        for b in bytes { x ^= b }
        return x
    }

    /// `text*XX` with XX the XOR of text's bytes (for tests and for senders).
    public static func append(to text: String) -> String {
        let (h, l) = Hex.encode(of(text.utf8))
        var s = text
        s.append("*")
        s.unicodeScalars.append(Unicode.Scalar(h))
        s.unicodeScalars.append(Unicode.Scalar(l))
        return s
    }
}
