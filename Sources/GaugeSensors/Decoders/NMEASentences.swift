/// Field layouts of the supported NMEA sentences and the channels they feed.
///
/// | sentence | channels (unit) |
/// | --- | --- |
/// | DPT depth, offset | `depth.below.transducer` (m); offset ≥ 0: `depth` = d + offset (below surface); offset < 0: `depth.below.keel` = d + offset (m) |
/// | DBT feet, metres, fathoms | `depth.below.transducer` (m; metres preferred, else feet, else fathoms) |
/// | MTW temp, C | `water.temperature` (°C) |
/// | MWV angle, R/T, speed, K/M/N/S, A | R: `wind.angle.apparent` (° off the bow, −180…180: port negative), `wind.speed.apparent` (kn); T: `wind.angle.true`, `wind.speed.true`; status V = dropped |
/// | VHW true, T, mag, M, kn, N, km/h, K | `heading.true`, `heading.magnetic` (°), `speed.water` (kn; knots preferred, else km/h) |
/// | VLW total, N, trip, N | `log.total`, `log.trip` (nautical miles) |
/// | HDG heading, dev, E/W, var, E/W | `heading.magnetic` (= sensor + deviation, E positive), `heading.true` (= magnetic + variation, when given) (°) |
/// | HDM heading, M | `heading.magnetic` (°) |
/// | HDT heading, T | `heading.true` (°) |
/// | RMC time, A/V, lat, N/S, lon, E/W, sog, cog, date, var, E/W | `speed.ground` (kn), `course.ground` (°), `position.latitude`, `position.longitude` (° signed), `magnetic.variation` (°, E positive); status V = dropped |
/// | RPM E/S, number, rpm, pitch, A | engine 0 or 1: `engine.rpm`, engine N ≥ 2: `engine.N.rpm`; shaft: `shaft.rpm` / `shaft.N.rpm`; status V = dropped |
/// | XDR (type, value, unit, name)… | `xdr.<name>` (name bytes outside `[A-Za-z0-9_.-]` become `_`; unnamed: `xdr.<type><index>`); C → °C (F converted), P → Pa (B bar converted), U → V, I → A, A → °, H → %, T → rpm, other → unitless |
///
/// Headings and courses are normalised to [0, 360); wind angles off the bow to (−180, 180]. A non-empty field that is not a number drops the
/// whole sentence (nothing of it is emitted).
enum NMEASentences {
    typealias Junk = NMEAFields.Junk

    static func decode(
        _ a: UInt8, _ b: UInt8, _ c: UInt8, _ f: NMEAFields,
        _ emit: (Sample) -> Void
    ) throws(Junk) -> NMEAOutcome {
        switch (a, b, c) {
        case (68, 80, 84): return try dpt(f, emit)  // DPT
        case (68, 66, 84): return try dbt(f, emit)  // DBT
        case (77, 84, 87): return try mtw(f, emit)  // MTW
        case (77, 87, 86): return try mwv(f, emit)  // MWV
        case (86, 72, 87): return try vhw(f, emit)  // VHW
        case (86, 76, 87): return try vlw(f, emit)  // VLW
        case (72, 68, 71): return try hdg(f, emit)  // HDG
        case (72, 68, 77): return try single(f, "heading.magnetic", .degrees, angle: true, emit)  // HDM
        case (72, 68, 84): return try single(f, "heading.true", .degrees, angle: true, emit)  // HDT
        case (82, 77, 67): return try rmc(f, emit)  // RMC
        case (82, 80, 77): return try rpm(f, emit)  // RPM
        case (88, 68, 82): return try xdr(f, emit)  // XDR
        default: return .unknown
        }
    }

    static func decodeCatching(
        _ a: UInt8, _ b: UInt8, _ c: UInt8, _ f: NMEAFields,
        _ emit: (Sample) -> Void
    ) -> NMEAOutcome {
        do throws(Junk) {
            return try decode(a, b, c, f, emit)
        } catch {
            return .unparsable
        }
    }

    static func normaliseAngle(_ a: Double) -> Double {
        var v = a.truncatingRemainder(dividingBy: 360)
        if v < 0 { v += 360 }
        return v
    }

    /// A wind angle off the bow as sailors read it: starboard positive, port negative,
    /// in (−180, 180] (`325,R` is −35: 35° on the port bow).
    static func normaliseRelativeAngle(_ a: Double) -> Double {
        let v = normaliseAngle(a)
        return v > 180 ? v - 360 : v
    }

    static func dpt(_ f: NMEAFields, _ emit: (Sample) -> Void) throws(Junk) -> NMEAOutcome {
        let d = try f.number(1)
        let offset = try f.number(2)
        _ = try f.number(3)
        guard let d else { return .accepted }
        emit(Sample(name: "depth.below.transducer", value: d, unit: .metres))
        if let offset {
            if offset >= 0 {
                emit(Sample(name: "depth", value: d + offset, unit: .metres))
            } else {
                emit(Sample(name: "depth.below.keel", value: d + offset, unit: .metres))
            }
        }
        return .accepted
    }

    static func dbt(_ f: NMEAFields, _ emit: (Sample) -> Void) throws(Junk) -> NMEAOutcome {
        let feet = try f.number(1), metres = try f.number(3), fathoms = try f.number(5)
        if let metres {
            emit(Sample(name: "depth.below.transducer", value: metres, unit: .metres))
        } else if let feet {
            emit(Sample(name: "depth.below.transducer", value: feet * 0.3048, unit: .metres))
        } else if let fathoms {
            emit(Sample(name: "depth.below.transducer", value: fathoms * 1.8288, unit: .metres))
        }
        return .accepted
    }

    static func mtw(_ f: NMEAFields, _ emit: (Sample) -> Void) throws(Junk) -> NMEAOutcome {
        guard let t = try f.number(1) else { return .accepted }
        let value = f.char(2) == UInt8(ascii: "F") ? (t - 32) * 5 / 9 : t
        emit(Sample(name: "water.temperature", value: value, unit: .celsius))
        return .accepted
    }

    static func speedUnit(_ c: UInt8) -> SensorUnit? {
        switch c {
        case UInt8(ascii: "N"): return .knots
        case UInt8(ascii: "K"): return .kilometresPerHour
        case UInt8(ascii: "M"): return .metresPerSecond
        case UInt8(ascii: "S"): return .milesPerHour
        default: return nil
        }
    }

    static func mwv(_ f: NMEAFields, _ emit: (Sample) -> Void) throws(Junk) -> NMEAOutcome {
        let angle = try f.number(1)
        let speed = try f.number(3)
        if f.char(5) != UInt8(ascii: "A") { return .invalidStatus }
        let reference = f.char(2)
        let isTrue: Bool
        switch reference {
        case UInt8(ascii: "R"): isTrue = false
        case UInt8(ascii: "T"): isTrue = true
        default: throw Junk()
        }
        var knots: Double?
        if let speed {
            guard let u = speedUnit(f.char(4)) else { throw Junk() }
            knots = u.convert(speed, to: .knots)
        }
        if let angle {
            emit(
                Sample(
                    name: isTrue ? "wind.angle.true" : "wind.angle.apparent",
                    value: normaliseRelativeAngle(angle), unit: .degrees))
        }
        if let knots {
            emit(Sample(name: isTrue ? "wind.speed.true" : "wind.speed.apparent", value: knots, unit: .knots))
        }
        return .accepted
    }

    static func vhw(_ f: NMEAFields, _ emit: (Sample) -> Void) throws(Junk) -> NMEAOutcome {
        let headingTrue = try f.number(1), headingMagnetic = try f.number(3)
        let knots = try f.number(5), kmh = try f.number(7)
        if let headingTrue { emit(Sample(name: "heading.true", value: normaliseAngle(headingTrue), unit: .degrees)) }
        if let headingMagnetic {
            emit(Sample(name: "heading.magnetic", value: normaliseAngle(headingMagnetic), unit: .degrees))
        }
        if let knots {
            emit(Sample(name: "speed.water", value: knots, unit: .knots))
        } else if let kmh {
            emit(Sample(name: "speed.water", value: kmh / 1.852, unit: .knots))
        }
        return .accepted
    }

    static func vlw(_ f: NMEAFields, _ emit: (Sample) -> Void) throws(Junk) -> NMEAOutcome {
        let total = try f.number(1), trip = try f.number(3)
        if let total { emit(Sample(name: "log.total", value: total, unit: .nauticalMiles)) }
        if let trip { emit(Sample(name: "log.trip", value: trip, unit: .nauticalMiles)) }
        return .accepted
    }

    /// East positive, west negative; anything else is junk.
    static func signed(_ v: Double?, _ hemisphere: UInt8) throws(Junk) -> Double? {
        guard let v else { return nil }
        switch hemisphere {
        case UInt8(ascii: "E"): return v
        case UInt8(ascii: "W"): return -v
        default: throw Junk()
        }
    }

    static func hdg(_ f: NMEAFields, _ emit: (Sample) -> Void) throws(Junk) -> NMEAOutcome {
        let sensor = try f.number(1)
        let deviation = try signed(try f.number(2), f.char(3))
        let variation = try signed(try f.number(4), f.char(5))
        guard let sensor else { return .accepted }
        let magnetic = sensor + (deviation ?? 0)
        emit(Sample(name: "heading.magnetic", value: normaliseAngle(magnetic), unit: .degrees))
        if let variation {
            emit(Sample(name: "heading.true", value: normaliseAngle(magnetic + variation), unit: .degrees))
        }
        return .accepted
    }

    static func single(
        _ f: NMEAFields, _ name: String, _ unit: SensorUnit, angle: Bool,
        _ emit: (Sample) -> Void
    ) throws(Junk) -> NMEAOutcome {
        guard let v = try f.number(1) else { return .accepted }
        emit(Sample(name: name, value: angle ? normaliseAngle(v) : v, unit: unit))
        return .accepted
    }

    static func rmc(_ f: NMEAFields, _ emit: (Sample) -> Void) throws(Junk) -> NMEAOutcome {
        if f.char(2) != UInt8(ascii: "A") { return .invalidStatus }
        let latitude = try f.coordinate(3, negative: UInt8(ascii: "S"))
        let longitude = try f.coordinate(5, negative: UInt8(ascii: "W"))
        let sog = try f.number(7), cog = try f.number(8)
        let variation = try signed(try f.number(10), f.char(11))
        if let sog { emit(Sample(name: "speed.ground", value: sog, unit: .knots)) }
        if let cog { emit(Sample(name: "course.ground", value: normaliseAngle(cog), unit: .degrees)) }
        if let latitude { emit(Sample(name: "position.latitude", value: latitude, unit: .degrees)) }
        if let longitude { emit(Sample(name: "position.longitude", value: longitude, unit: .degrees)) }
        if let variation { emit(Sample(name: "magnetic.variation", value: variation, unit: .degrees)) }
        return .accepted
    }

    static func rpm(_ f: NMEAFields, _ emit: (Sample) -> Void) throws(Junk) -> NMEAOutcome {
        let value = try f.number(3)
        _ = try f.number(4)
        if f.char(5) != UInt8(ascii: "A") { return .invalidStatus }
        let prefix: String
        switch f.char(1) {
        case UInt8(ascii: "E"): prefix = "engine"
        case UInt8(ascii: "S"): prefix = "shaft"
        default: throw Junk()
        }
        let number = f.isEmpty(2) ? 1 : f.smallInteger(2)
        guard let number else { throw Junk() }
        guard let value else { return .accepted }
        let name = number <= 1 ? prefix + ".rpm" : prefix + "." + String(number) + ".rpm"
        emit(Sample(name: name, value: value, unit: .rpm))
        return .accepted
    }

    static func xdrUnit(_ type: UInt8, _ unit: UInt8, _ v: Double) -> (Double, SensorUnit) {
        switch type {
        case UInt8(ascii: "C"): return unit == UInt8(ascii: "F") ? ((v - 32) * 5 / 9, .celsius) : (v, .celsius)
        case UInt8(ascii: "P"): return unit == UInt8(ascii: "B") ? (v * 100_000, .pascal) : (v, .pascal)
        case UInt8(ascii: "U"): return (v, .volts)
        case UInt8(ascii: "I"): return (v, .amperes)
        case UInt8(ascii: "A"): return (v, .degrees)
        case UInt8(ascii: "H"): return (v, .percent)
        case UInt8(ascii: "T"): return (v, .rpm)
        default: return (v, .none)
        }
    }

    static func xdrName(_ f: NMEAFields, _ i: Int, type: UInt8, group: Int) -> String {
        if f.isEmpty(i) {
            var s = "xdr."
            s.unicodeScalars.append(Unicode.Scalar(type == 0 ? UInt8(ascii: "X") : type))
            return s + String(group)
        }
        var bytes: [UInt8] = Array("xdr.".utf8)
        for c in f.text(i).utf8 { bytes.append(ASCII.isNameByte(c) ? c : UInt8(ascii: "_")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func xdr(_ f: NMEAFields, _ emit: (Sample) -> Void) throws(Junk) -> NMEAOutcome {
        // Validate every quadruple before emitting any.
        var i = 1
        while i < f.count {
            _ = try f.number(i + 1)
            i += 4
        }
        i = 1
        var group = 1
        while i < f.count {
            if let v = try f.number(i + 1) {
                let type = f.char(i)
                let (value, unit) = xdrUnit(type, f.char(i + 2), v)
                emit(Sample(name: xdrName(f, i + 3, type: type, group: group), value: value, unit: unit))
            }
            i += 4
            group += 1
        }
        return .accepted
    }
}
