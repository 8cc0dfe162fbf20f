// Embedded-Swift subset: no Foundation, no FreeType; plain data.

/// The built-in stroke font's outlines, designed on a grid 12 units tall (baseline y = 0,
/// cap height y = 12, y upwards), most glyphs 8 units wide.
///
/// Each outline is a list of polylines separated by `|`; a polyline is points separated
/// by spaces; a point is two characters, x then y: `0`–`9`, `A`–`F` for 0–15 and
/// `v`–`z` for −5…−1 (only the comma descends). A single point is a dot.
enum StrokeGlyphs {
    /// The outline and ink width (in units) of `scalar`, already mapped to upper case;
    /// nil for scalars the font doesn't have.
    static func outline(_ scalar: Unicode.Scalar) -> (width: Int32, strokes: StaticString)? {
        switch scalar.value {
        // Digits are all 8 units wide (tabular), so readouts don't jitter.
        case 0x30: return (8, "20 60 82 8A 6C 2C 0A 02 20|23 69")  // 0 (slashed, unlike O)
        case 0x31: return (8, "2A 5C 50|20 80")  // 1
        case 0x32: return (8, "0A 2C 6C 8A 88 02 00 80")  // 2
        case 0x33: return (8, "0A 2C 6C 8A 88 66 36|66 84 82 60 20 02")  // 3
        case 0x34: return (8, "60 6C 04 84")  // 4
        case 0x35: return (8, "8C 0C 07 67 85 82 60 20 02")  // 5
        case 0x36: return (8, "6C 3C 09 02 20 60 82 85 67 27 05")  // 6
        case 0x37: return (8, "0C 8C 8A 30")  // 7
        case 0x38: return (8, "66 88 8A 6C 2C 0A 08 26 66 84 82 60 20 02 04 26")  // 8
        case 0x39: return (8, "20 50 83 8A 6C 2C 0A 07 25 65 87")  // 9
        case 0x2E: return (2, "10")  // .
        case 0x2C: return (2, "21 1x")  // ,
        case 0x2D: return (6, "06 66")  // -
        case 0x2B: return (8, "06 86|42 4A")  // +
        case 0x25: return (8, "00 8C|2C 0A 28 4A 2C|64 82 60 42 64")  // %
        case 0xB0: return (4, "1C 3C 4B 49 38 18 09 0B 1C")  // °
        case 0x3A: return (2, "13|19")  // :
        case 0x2F: return (6, "00 6C")  // /
        case 0x20: return (4, "")  // space
        case 0x41: return (8, "00 4C 80|24 64")  // A
        case 0x42: return (8, "00 0C 6C 8A 88 66 06|66 84 82 60 00")  // B
        case 0x43: return (8, "8A 6C 2C 0A 02 20 60 82")  // C
        case 0x44: return (8, "00 0C 5C 89 83 50 00")  // D
        case 0x45: return (8, "80 00 0C 8C|06 56")  // E
        case 0x46: return (8, "00 0C 8C|06 56")  // F
        case 0x47: return (8, "8A 6C 2C 0A 02 20 60 82 86 56")  // G
        case 0x48: return (8, "00 0C|80 8C|06 86")  // H
        case 0x49: return (4, "00 40|20 2C|0C 4C")  // I
        case 0x4A: return (8, "2C 8C|6C 62 40 20 02")  // J
        case 0x4B: return (8, "00 0C|8C 04|26 80")  // K
        case 0x4C: return (8, "0C 00 80")  // L
        case 0x4D: return (10, "00 0C 56 AC A0")  // M
        case 0x4E: return (8, "00 0C 80 8C")  // N
        case 0x4F: return (9, "20 70 92 9A 7C 2C 0A 02 20")  // O
        case 0x50: return (8, "00 0C 6C 8A 88 66 06")  // P
        case 0x51: return (9, "20 70 92 9A 7C 2C 0A 02 20|53 90")  // Q
        case 0x52: return (8, "00 0C 6C 8A 88 66 06|46 80")  // R
        case 0x53: return (8, "8A 6C 2C 0A 08 26 66 84 82 60 20 02")  // S
        case 0x54: return (8, "0C 8C|40 4C")  // T
        case 0x55: return (8, "0C 02 20 60 82 8C")  // U
        case 0x56: return (8, "0C 40 8C")  // V
        case 0x57: return (10, "0C 30 58 70 AC")  // W
        case 0x58: return (8, "00 8C|0C 80")  // X
        case 0x59: return (8, "0C 46 8C|46 40")  // Y
        case 0x5A: return (8, "0C 8C 00 80")  // Z
        default: return nil
        }
    }

    /// Every scalar the font draws (upper case; lower case maps onto it).
    static let supported: [Unicode.Scalar] = {
        var all: [Unicode.Scalar] = []
        for v in [UInt32](0x30...0x39) + [0x2E, 0x2C, 0x2D, 0x2B, 0x25, 0xB0, 0x3A, 0x2F, 0x20] + [UInt32](0x41...0x5A) {
            if let s = Unicode.Scalar(v) { all.append(s) }
        }
        return all
    }()

    /// Calls `body` with each polyline's points, in grid units.
    static func forEachPolyline(_ strokes: StaticString, _ body: ([(x: Int32, y: Int32)]) -> Void) {
        strokes.withUTF8Buffer { bytes in
            var points: [(x: Int32, y: Int32)] = []
            var pending: Int32?
            for byte in bytes {
                if byte == UInt8(ascii: "|") {
                    if !points.isEmpty { body(points) }
                    points.removeAll(keepingCapacity: true)
                    continue
                }
                guard let v = coordinate(byte) else { continue }
                if let x = pending {
                    points.append((x, v))
                    pending = nil
                } else {
                    pending = v
                }
            }
            if !points.isEmpty { body(points) }
        }
    }

    private static func coordinate(_ c: UInt8) -> Int32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int32(c - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "v")...UInt8(ascii: "z"): return Int32(c) - Int32(UInt8(ascii: "z")) - 1
        default: return nil
        }
    }
}
