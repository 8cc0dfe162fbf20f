/// Physical units understood by channels and decoders.
///
/// Each unit belongs to a `Dimension`; conversion is linear through the dimension's
/// base unit (`base = value × factor + offset`), which also covers °C/°F/K.
public enum SensorUnit: UInt8, Sendable, Equatable, CaseIterable {
    case none
    // temperature (base: kelvin)
    case celsius, fahrenheit, kelvin
    // speed (base: m/s)
    case metresPerSecond, kilometresPerHour, milesPerHour, knots
    // pressure (base: pascal)
    case pascal, kilopascal, bar, psi, hectopascal
    // length (base: metre)
    case metres, feet, fathoms, kilometres, miles, nauticalMiles
    // volume (base: litre)
    case litres, usGallons, imperialGallons
    // angle (base: degree)
    case degrees, radians
    // electrical
    case volts, millivolts, amperes, milliamperes, watts, milliwatts
    // rotation and frequency
    case rpm, hertz
    // ratio
    case percent, fraction

    public enum Dimension: UInt8, Sendable, Equatable {
        case dimensionless, temperature, speed, pressure, length, volume, angle
        case voltage, current, power, rotation, frequency, ratio
    }

    public var dimension: Dimension {
        switch self {
        case .none: return .dimensionless
        case .celsius, .fahrenheit, .kelvin: return .temperature
        case .metresPerSecond, .kilometresPerHour, .milesPerHour, .knots: return .speed
        case .pascal, .kilopascal, .bar, .psi, .hectopascal: return .pressure
        case .metres, .feet, .fathoms, .kilometres, .miles, .nauticalMiles: return .length
        case .litres, .usGallons, .imperialGallons: return .volume
        case .degrees, .radians: return .angle
        case .volts, .millivolts: return .voltage
        case .amperes, .milliamperes: return .current
        case .watts, .milliwatts: return .power
        case .rpm: return .rotation
        case .hertz: return .frequency
        case .percent, .fraction: return .ratio
        }
    }

    /// `base = value × factor + offset`.
    var toBase: (factor: Double, offset: Double) {
        switch self {
        case .none: return (1, 0)
        case .kelvin: return (1, 0)
        case .celsius: return (1, 273.15)
        case .fahrenheit: return (5.0 / 9.0, 459.67 * 5.0 / 9.0)
        case .metresPerSecond: return (1, 0)
        case .kilometresPerHour: return (1000.0 / 3600.0, 0)
        case .milesPerHour: return (1609.344 / 3600.0, 0)
        case .knots: return (1852.0 / 3600.0, 0)
        case .pascal: return (1, 0)
        case .hectopascal: return (100, 0)
        case .kilopascal: return (1000, 0)
        case .bar: return (100_000, 0)
        case .psi: return (6894.757293168361, 0)
        case .metres: return (1, 0)
        case .feet: return (0.3048, 0)
        case .fathoms: return (1.8288, 0)
        case .kilometres: return (1000, 0)
        case .miles: return (1609.344, 0)
        case .nauticalMiles: return (1852, 0)
        case .litres: return (1, 0)
        case .usGallons: return (3.785411784, 0)
        case .imperialGallons: return (4.54609, 0)
        case .degrees: return (1, 0)
        case .radians: return (180.0 / 3.141592653589793, 0)
        case .volts, .amperes, .watts: return (1, 0)
        case .millivolts, .milliamperes, .milliwatts: return (0.001, 0)
        case .rpm, .hertz: return (1, 0)
        case .percent: return (1, 0)
        case .fraction: return (100, 0)
        }
    }

    /// Converts `value` from this unit to `target`; nil when the dimensions differ
    /// (`.none` converts only to `.none`).
    public func convert(_ value: Double, to target: SensorUnit) -> Double? {
        if self == target { return value }
        guard dimension == target.dimension, dimension != .dimensionless else { return nil }
        let from = toBase
        let to = target.toBase
        let base = value * from.factor + from.offset
        return (base - to.offset) / to.factor
    }

    /// Short display symbol.
    public var symbol: String {
        switch self {
        case .none: return ""
        case .celsius: return "°C"
        case .fahrenheit: return "°F"
        case .kelvin: return "K"
        case .metresPerSecond: return "m/s"
        case .kilometresPerHour: return "km/h"
        case .milesPerHour: return "mph"
        case .knots: return "kn"
        case .pascal: return "Pa"
        case .hectopascal: return "hPa"
        case .kilopascal: return "kPa"
        case .bar: return "bar"
        case .psi: return "psi"
        case .metres: return "m"
        case .feet: return "ft"
        case .fathoms: return "ftm"
        case .kilometres: return "km"
        case .miles: return "mi"
        case .nauticalMiles: return "nmi"
        case .litres: return "L"
        case .usGallons: return "gal"
        case .imperialGallons: return "imp gal"
        case .degrees: return "°"
        case .radians: return "rad"
        case .volts: return "V"
        case .millivolts: return "mV"
        case .amperes: return "A"
        case .milliamperes: return "mA"
        case .watts: return "W"
        case .milliwatts: return "mW"
        case .rpm: return "rpm"
        case .hertz: return "Hz"
        case .percent: return "%"
        case .fraction: return ""
        }
    }

    /// The spelling `init(configName:)` reads back (recordings write units this way).
    public var configName: String {
        switch self {
        case .none: return "none"
        case .celsius: return "C"
        case .fahrenheit: return "F"
        case .imperialGallons: return "impgal"
        case .degrees: return "deg"
        case .percent: return "%"
        case .fraction: return "fraction"
        default: return symbol
        }
    }

    /// Parses a configuration spelling (`"degC"`, `"°C"`, `"kn"`, `"psi"`, `"gal"`...).
    public init?(configName: String) {
        // A table searched with String's ==, not a switch over the spellings: the same
        // matches (Unicode equivalence included) in less code, the same comparisons in the
        // same order (a board's, a DBC file's or a recording's units; never a frame's).
        for (name, unit) in Self.configNames where name == configName {
            self = unit
            return
        }
        return nil
    }

    /// Each configuration spelling and its unit.
    static let configNames: [(String, SensorUnit)] = [
        ("", .none),
        ("none", .none),
        ("C", .celsius),
        ("°C", .celsius),
        ("degC", .celsius),
        ("celsius", .celsius),
        ("F", .fahrenheit),
        ("°F", .fahrenheit),
        ("degF", .fahrenheit),
        ("fahrenheit", .fahrenheit),
        ("K", .kelvin),
        ("kelvin", .kelvin),
        ("m/s", .metresPerSecond),
        ("mps", .metresPerSecond),
        ("km/h", .kilometresPerHour),
        ("kmh", .kilometresPerHour),
        ("kph", .kilometresPerHour),
        ("mph", .milesPerHour),
        ("kn", .knots),
        ("kt", .knots),
        ("kts", .knots),
        ("knots", .knots),
        ("Pa", .pascal),
        ("hPa", .hectopascal),
        ("mbar", .hectopascal),
        ("kPa", .kilopascal),
        ("bar", .bar),
        ("psi", .psi),
        ("m", .metres),
        ("ft", .feet),
        ("ftm", .fathoms),
        ("fathom", .fathoms),
        ("fathoms", .fathoms),
        ("km", .kilometres),
        ("mi", .miles),
        ("nmi", .nauticalMiles),
        ("NM", .nauticalMiles),
        ("L", .litres),
        ("l", .litres),
        ("gal", .usGallons),
        ("usgal", .usGallons),
        ("impgal", .imperialGallons),
        ("deg", .degrees),
        ("°", .degrees),
        ("rad", .radians),
        ("V", .volts),
        ("mV", .millivolts),
        ("A", .amperes),
        ("mA", .milliamperes),
        ("W", .watts),
        ("mW", .milliwatts),
        ("rpm", .rpm),
        ("Hz", .hertz),
        ("%", .percent),
        ("percent", .percent),
        ("fraction", .fraction),
    ]
}
