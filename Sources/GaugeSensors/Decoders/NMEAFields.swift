/// Read-only view of one NMEA sentence's comma-separated fields.
/// Field 0 is the address (`GPRMC`); `number(i)` etc. read data fields.
struct NMEAFields {
    let bytes: UnsafeRawBufferPointer
    /// starts[i] = index of the first byte of field i; starts[count] = payload end + 1.
    let starts: UnsafeBufferPointer<Int>
    let count: Int

    struct Junk: Error {}

    func isEmpty(_ i: Int) -> Bool {
        i >= count || starts[i + 1] - 1 == starts[i]
    }

    /// nil for an empty or missing field (NMEA: no value); throws on junk.
    func number(_ i: Int) throws(Junk) -> Double? {
        if isEmpty(i) { return nil }
        guard let v = DecimalParser.parse(bytes, starts[i], starts[i + 1] - 1) else { throw Junk() }
        return v
    }

    /// The single character of a one-byte field, 0 when empty or missing.
    func char(_ i: Int) -> UInt8 {
        if i >= count { return 0 }
        return starts[i + 1] - 1 - starts[i] == 1 ? bytes[starts[i]] : 0
    }

    /// The raw bytes of a field as a String (for XDR names).
    func text(_ i: Int) -> String {
        if isEmpty(i) { return "" }
        return String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[starts[i]..<(starts[i + 1] - 1)]),
            as: UTF8.self)
    }

    /// Integer field (engine number); nil when empty or not a small integer.
    func smallInteger(_ i: Int) -> Int? {
        if isEmpty(i) { return nil }
        var v = 0
        var k = starts[i]
        let e = starts[i + 1] - 1
        if e - k > 4 { return nil }
        while k < e {
            let d = bytes[k] &- 48
            if d > 9 { return nil }
            v = v * 10 + Int(d)
            k += 1
        }
        return v
    }

    /// NMEA `ddmm.mmmm` / `dddmm.mmmm` with hemisphere letter → signed decimal degrees.
    func coordinate(_ i: Int, negative: UInt8) throws(Junk) -> Double? {
        guard let raw = try number(i) else { return nil }
        guard raw >= 0 else { throw Junk() }
        let degrees = (raw / 100).rounded(.towardZero)
        let minutes = raw - degrees * 100
        guard minutes < 60 else { throw Junk() }
        let v = degrees + minutes / 60
        let h = char(i + 1)
        if h == negative { return -v }
        return v
    }
}
