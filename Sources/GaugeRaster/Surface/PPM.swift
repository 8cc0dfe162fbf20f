/// Binary PPM (P6) encoding: 8-bit RGB, no compression, no dependencies — what the
/// Embedded builds write, and a format every image tool reads.
public enum PPM {
    /// The whole file for `surface`: header then RGB rows (alpha is dropped).
    public static func encode(_ surface: Surface) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(surface.width) * Int(surface.height) * 3 + 32)
        appendASCII("P6\n", to: &bytes)
        appendDecimal(surface.width, to: &bytes)
        bytes.append(0x20)
        appendDecimal(surface.height, to: &bytes)
        appendASCII("\n255\n", to: &bytes)
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let c = surface.color(x: x, y: y) ?? .black
                bytes.append(c.r)
                bytes.append(c.g)
                bytes.append(c.b)
            }
        }
        return bytes
    }

    static func appendASCII(_ s: StaticString, to bytes: inout [UInt8]) {
        s.withUTF8Buffer { for b in $0 { bytes.append(b) } }
    }

    static func appendDecimal(_ value: Int32, to bytes: inout [UInt8]) {
        var digits: [UInt8] = []
        var v = value.magnitude
        repeat {
            digits.append(UInt8(48 + v % 10))
            v /= 10
        } while v != 0
        if value < 0 { bytes.append(0x2D) }
        bytes.append(contentsOf: digits.reversed())
    }
}
