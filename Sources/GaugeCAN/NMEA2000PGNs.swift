import GaugeSensors

/// The PGNs `NMEA2000Decoder` maps to channels, with the names and units the NMEA 0183
/// decoder gives the same quantities (field layouts as canboat's PGN definitions).
///
/// | PGN | channels |
/// | --- | --- |
/// | 128267 water depth | `depth.below.transducer` (m); offset ≥ 0: `depth`, offset < 0: `depth.below.keel` (m) |
/// | 128259 speed | `speed.water`, `speed.ground` (kn) |
/// | 127250 vessel heading | true reference: `heading.true`; magnetic: `heading.magnetic` (= sensor + deviation) and, with a variation, `heading.true`; `magnetic.variation` (°, E positive) |
/// | 130306 wind | apparent: `wind.angle.apparent` (° off the bow, port negative), `wind.speed.apparent` (kn); true boat or water referenced: `wind.angle.true`, `wind.speed.true`; ground referenced: `wind.direction.true` / `wind.direction.magnetic` (°), `wind.speed.ground` (kn) |
/// | 129026 COG & SOG | `course.ground` (true) or `course.ground.magnetic` (°), `speed.ground` (kn) |
/// | 129025 position | `position.latitude`, `position.longitude` (°) |
/// | 127488 engine, rapid | `<engine>.rpm`, `<engine>.boost.pressure` (kPa), `<engine>.trim` (%) |
/// | 127489 engine, dynamic | `<engine>.oil.pressure` (kPa), `<engine>.oil.temperature`, `<engine>.coolant.temperature` (°C), `<engine>.alternator.voltage` (V), `<engine>.coolant.pressure`, `<engine>.fuel.pressure` (kPa), `<engine>.load`, `<engine>.torque` (%) |
/// | 127505 fluid level | `tank.<type>.<instance>.level` (%), `tank.<type>.<instance>.capacity` (L) |
/// | 127508 battery | `battery.<instance>.voltage` (V), `.current` (A), `.temperature` (°C) |
/// | 130312, 130316 temperature | sea, instance 0: `water.temperature`; otherwise `temperature.<source>.<instance>` (°C) |
///
/// `<engine>` follows the 0183 decoder's RPM numbering, where engine 1 (or 0) is
/// `engine` and engine N ≥ 2 is `engine.N`: NMEA 2000 instances count from 0, so
/// instance 0 is `engine` and instance i ≥ 1 is `engine.<i + 1>`. Fields marked not
/// available (or out of range) give no sample; fuel rate and engine hours have no unit
/// among the channels' and are left out.
enum NMEA2000PGNs {
    /// The PGNs above that travel as fast packets.
    static let fastPacket: Set<UInt32> = [127489]
    static let supported: Set<UInt32> = [
        128267, 128259, 127250, 130306, 129026, 129025, 127488, 127489,
        127505, 127508, 130312, 130316,
    ]

    /// Emits the message's samples; false when the PGN is not one of these.
    static func decode(_ pgn: UInt32, _ data: [UInt8], _ emit: (Sample) -> Void) -> Bool {
        let f = NMEA2000Fields(d: data)
        switch pgn {
        case 128267: depth(f, emit)
        case 128259: speed(f, emit)
        case 127250: heading(f, emit)
        case 130306: wind(f, emit)
        case 129026: cogSog(f, emit)
        case 129025: position(f, emit)
        case 127488: engineRapid(f, emit)
        case 127489: engineDynamic(f, emit)
        case 127505: fluidLevel(f, emit)
        case 127508: battery(f, emit)
        case 130312: temperature(f, value: f.u16(3).map { $0 * 0.01 }, emit)
        case 130316: temperature(f, value: f.u24(3).map { $0 * 0.001 }, emit)
        default: return false
        }
        return true
    }

    static func depth(_ f: NMEA2000Fields, _ emit: (Sample) -> Void) {
        guard let d = f.u32(1).map({ $0 * 0.01 }) else { return }
        emit(Sample(name: "depth.below.transducer", value: d, unit: .metres))
        if let offset = f.i16(5).map({ $0 * 0.001 }) {
            emit(Sample(name: offset >= 0 ? "depth" : "depth.below.keel", value: d + offset, unit: .metres))
        }
    }

    static func speed(_ f: NMEA2000Fields, _ emit: (Sample) -> Void) {
        if let v = f.u16(1) {
            emit(Sample(name: "speed.water", value: v * 0.01 * N2KUnits.knotsPerMetrePerSecond, unit: .knots))
        }
        if let v = f.u16(3) {
            emit(Sample(name: "speed.ground", value: v * 0.01 * N2KUnits.knotsPerMetrePerSecond, unit: .knots))
        }
    }

    static func degrees(_ raw: Double?) -> Double? { raw.map { $0 * 0.0001 * N2KUnits.degreesPerRadian } }

    static func heading(_ f: NMEA2000Fields, _ emit: (Sample) -> Void) {
        let heading = degrees(f.u16(1)), deviation = degrees(f.i16(3)), variation = degrees(f.i16(5))
        guard let reference = f.byte(7).map({ $0 & 3 }) else { return }
        if let variation { emit(Sample(name: "magnetic.variation", value: variation, unit: .degrees)) }
        guard let heading else { return }
        switch reference {
        case 0:
            emit(Sample(name: "heading.true", value: N2KUnits.heading(heading), unit: .degrees))
        case 1:
            let magnetic = heading + (deviation ?? 0)
            emit(Sample(name: "heading.magnetic", value: N2KUnits.heading(magnetic), unit: .degrees))
            if let variation {
                emit(Sample(name: "heading.true", value: N2KUnits.heading(magnetic + variation), unit: .degrees))
            }
        default: break
        }
    }

    static func wind(_ f: NMEA2000Fields, _ emit: (Sample) -> Void) {
        let speed = f.u16(1).map { $0 * 0.01 * N2KUnits.knotsPerMetrePerSecond }
        let angle = degrees(f.u16(3))
        guard let reference = f.byte(5).map({ $0 & 7 }) else { return }
        let names: (angle: String, speed: String, relative: Bool)
        switch reference {
        case 0: names = ("wind.direction.true", "wind.speed.ground", false)
        case 1: names = ("wind.direction.magnetic", "wind.speed.ground", false)
        case 2: names = ("wind.angle.apparent", "wind.speed.apparent", true)
        case 3, 4: names = ("wind.angle.true", "wind.speed.true", true)
        default: return
        }
        if let angle {
            emit(
                Sample(
                    name: names.angle, value: names.relative ? N2KUnits.relative(angle) : N2KUnits.heading(angle),
                    unit: .degrees))
        }
        if let speed { emit(Sample(name: names.speed, value: speed, unit: .knots)) }
    }

    static func cogSog(_ f: NMEA2000Fields, _ emit: (Sample) -> Void) {
        guard let reference = f.byte(1).map({ $0 & 3 }) else { return }
        if let cog = degrees(f.u16(2)), reference <= 1 {
            emit(
                Sample(
                    name: reference == 0 ? "course.ground" : "course.ground.magnetic",
                    value: N2KUnits.heading(cog), unit: .degrees))
        }
        if let sog = f.u16(4) {
            emit(Sample(name: "speed.ground", value: sog * 0.01 * N2KUnits.knotsPerMetrePerSecond, unit: .knots))
        }
    }

    static func position(_ f: NMEA2000Fields, _ emit: (Sample) -> Void) {
        if let lat = f.i32(0).map({ $0 * 1e-7 }), abs(lat) <= 90 {
            emit(Sample(name: "position.latitude", value: lat, unit: .degrees))
        }
        if let lon = f.i32(4).map({ $0 * 1e-7 }), abs(lon) <= 180 {
            emit(Sample(name: "position.longitude", value: lon, unit: .degrees))
        }
    }

    /// `engine` for instance 0, `engine.<i + 1>` after it (the 0183 decoder's engine numbers).
    static func engine(_ instance: UInt8) -> String {
        instance == 0 ? "engine" : "engine." + String(UInt16(instance) + 1)
    }

    /// An instance byte that names a device (the top three values are not data).
    static func instanceByte(_ f: NMEA2000Fields, _ offset: Int) -> UInt8? {
        f.unsigned(offset, bytes: 1).map { UInt8($0) }
    }

    static func engineRapid(_ f: NMEA2000Fields, _ emit: (Sample) -> Void) {
        guard let instance = instanceByte(f, 0) else { return }
        let e = engine(instance)
        if let rpm = f.u16(1) { emit(Sample(name: e + ".rpm", value: rpm * 0.25, unit: .rpm)) }
        if let boost = f.u16(3) { emit(Sample(name: e + ".boost.pressure", value: boost * 0.1, unit: .kilopascal)) }
        if let trim = f.i8(5) { emit(Sample(name: e + ".trim", value: trim, unit: .percent)) }
    }

    static func engineDynamic(_ f: NMEA2000Fields, _ emit: (Sample) -> Void) {
        guard let instance = instanceByte(f, 0) else { return }
        let e = engine(instance)
        if let v = f.u16(1) { emit(Sample(name: e + ".oil.pressure", value: v * 0.1, unit: .kilopascal)) }
        if let v = f.u16(3) {
            emit(Sample(name: e + ".oil.temperature", value: v * 0.1 - N2KUnits.zeroCelsius, unit: .celsius))
        }
        if let v = f.u16(5) {
            emit(Sample(name: e + ".coolant.temperature", value: v * 0.01 - N2KUnits.zeroCelsius, unit: .celsius))
        }
        if let v = f.i16(7) { emit(Sample(name: e + ".alternator.voltage", value: v * 0.01, unit: .volts)) }
        if let v = f.u16(15) { emit(Sample(name: e + ".coolant.pressure", value: v * 0.1, unit: .kilopascal)) }
        if let v = f.u16(17) { emit(Sample(name: e + ".fuel.pressure", value: v, unit: .kilopascal)) }
        if let v = f.i8(24) { emit(Sample(name: e + ".load", value: v, unit: .percent)) }
        if let v = f.i8(25) { emit(Sample(name: e + ".torque", value: v, unit: .percent)) }
    }

    static let tankTypes = ["fuel", "water", "gray_water", "live_well", "oil", "black_water"]

    static func fluidLevel(_ f: NMEA2000Fields, _ emit: (Sample) -> Void) {
        // 4-bit instance and type: 15 is not available.
        guard let first = f.byte(0), first & 0xF != 0xF, first >> 4 != 0xF else { return }
        let type = Int(first >> 4)
        let kind = type < tankTypes.count ? tankTypes[type] : "type" + String(type)
        let tank = "tank." + kind + "." + String(first & 0xF)
        if let level = f.i16(1) { emit(Sample(name: tank + ".level", value: level * 0.004, unit: .percent)) }
        if let capacity = f.u32(3) { emit(Sample(name: tank + ".capacity", value: capacity * 0.1, unit: .litres)) }
    }

    static func battery(_ f: NMEA2000Fields, _ emit: (Sample) -> Void) {
        guard let instance = instanceByte(f, 0) else { return }
        let b = "battery." + String(instance)
        if let v = f.i16(1) { emit(Sample(name: b + ".voltage", value: v * 0.01, unit: .volts)) }
        if let v = f.i16(3) { emit(Sample(name: b + ".current", value: v * 0.1, unit: .amperes)) }
        if let v = f.u16(5) {
            emit(Sample(name: b + ".temperature", value: v * 0.01 - N2KUnits.zeroCelsius, unit: .celsius))
        }
    }

    static let temperatureSources = [
        "sea", "outside", "inside", "engine_room", "main_cabin", "live_well", "bait_well", "refrigeration",
        "heating_system", "dew_point", "apparent_wind_chill", "theoretical_wind_chill", "heat_index", "freezer",
        "exhaust_gas", "shaft_seal",
    ]

    /// `kelvin`: the actual temperature field, already scaled.
    static func temperature(_ f: NMEA2000Fields, value kelvin: Double?, _ emit: (Sample) -> Void) {
        guard let instance = instanceByte(f, 1), let source = instanceByte(f, 2), let kelvin else { return }
        let celsius = kelvin - N2KUnits.zeroCelsius
        if source == 0 && instance == 0 {
            emit(Sample(name: "water.temperature", value: celsius, unit: .celsius))
            return
        }
        let s = Int(source) < temperatureSources.count ? temperatureSources[Int(source)] : "source" + String(source)
        emit(Sample(name: "temperature." + s + "." + String(instance), value: celsius, unit: .celsius))
    }
}
