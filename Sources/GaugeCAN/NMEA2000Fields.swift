/// Little-endian fields of an NMEA 2000 message. The three highest values of a field of
/// 8 bits or more are not data (most positive: not available; then out of range, then
/// reserved), as are bytes past the message's end: each reader returns nil for those.
struct NMEA2000Fields {
    let d: [UInt8]

    func unsigned(_ offset: Int, bytes: Int) -> UInt64? {
        guard offset >= 0, offset + bytes <= d.count else { return nil }
        var v: UInt64 = 0
        var k = bytes - 1
        while k >= 0 {
            v = v << 8 | UInt64(d[offset + k])
            k -= 1
        }
        let top: UInt64 = bytes == 8 ? UInt64.max : (1 << UInt64(8 * bytes)) - 1
        return v >= top - 2 ? nil : v
    }

    func signed(_ offset: Int, bytes: Int) -> Int64? {
        guard offset >= 0, offset + bytes <= d.count else { return nil }
        var v: UInt64 = 0
        var k = bytes - 1
        while k >= 0 {
            v = v << 8 | UInt64(d[offset + k])
            k -= 1
        }
        let bits = UInt64(8 * bytes)
        let maxPositive: UInt64 = (1 << (bits - 1)) - 1
        if v <= maxPositive {
            return v >= maxPositive - 2 ? nil : Int64(v)
        }
        // Negative: sign-extend the two's complement.
        return Int64(bitPattern: v | ~((1 << bits) - 1))
    }

    func u8(_ o: Int) -> Double? { unsigned(o, bytes: 1).map { Double($0) } }
    func u16(_ o: Int) -> Double? { unsigned(o, bytes: 2).map { Double($0) } }
    func u24(_ o: Int) -> Double? { unsigned(o, bytes: 3).map { Double($0) } }
    func u32(_ o: Int) -> Double? { unsigned(o, bytes: 4).map { Double($0) } }
    func i8(_ o: Int) -> Double? { signed(o, bytes: 1).map { Double($0) } }
    func i16(_ o: Int) -> Double? { signed(o, bytes: 2).map { Double($0) } }
    func i32(_ o: Int) -> Double? { signed(o, bytes: 4).map { Double($0) } }

    /// A lookup or instance byte, whole (nil only past the end).
    func byte(_ o: Int) -> UInt8? { o < d.count ? d[o] : nil }
}

enum N2KUnits {
    static let degreesPerRadian = 180.0 / 3.141592653589793
    static let knotsPerMetrePerSecond = 3600.0 / 1852.0
    static let zeroCelsius = 273.15

    /// [0, 360)
    static func heading(_ degrees: Double) -> Double {
        var v = degrees.truncatingRemainder(dividingBy: 360)
        if v < 0 { v += 360 }
        return v
    }

    /// Off the bow, starboard positive: (−180, 180].
    static func relative(_ degrees: Double) -> Double {
        let v = heading(degrees)
        return v > 180 ? v - 360 : v
    }
}
