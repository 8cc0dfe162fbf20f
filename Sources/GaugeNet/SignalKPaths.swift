import GaugeDecoders

/// The SI units of common Signal K paths (the specification's schemas, version 1.x), for
/// converting a channel to its `unit`. `*` stands for one path element, an instance's
/// name (`propulsion.port.revolutions`, `tanks.fuel.0.currentLevel`).
public enum SignalKPaths {
    static let units: [(pattern: String, unit: SensorUnit)] = [
        ("navigation.speedOverGround", .metresPerSecond), ("navigation.speedThroughWater", .metresPerSecond),
        ("navigation.courseOverGroundTrue", .radians), ("navigation.courseOverGroundMagnetic", .radians),
        ("navigation.headingTrue", .radians), ("navigation.headingMagnetic", .radians),
        ("navigation.magneticVariation", .radians), ("navigation.leewayAngle", .radians),
        ("navigation.log", .metres), ("navigation.trip.log", .metres), ("navigation.gnss.antennaAltitude", .metres),
        ("environment.depth.belowTransducer", .metres), ("environment.depth.belowKeel", .metres),
        ("environment.depth.belowSurface", .metres), ("environment.tide.heightNow", .metres),
        ("environment.wind.speedApparent", .metresPerSecond), ("environment.wind.speedTrue", .metresPerSecond),
        ("environment.wind.speedOverGround", .metresPerSecond), ("environment.wind.angleApparent", .radians),
        ("environment.wind.angleTrueWater", .radians), ("environment.wind.angleTrueGround", .radians),
        ("environment.wind.directionTrue", .radians), ("environment.wind.directionMagnetic", .radians),
        ("environment.water.temperature", .kelvin), ("environment.outside.temperature", .kelvin),
        ("environment.outside.dewPointTemperature", .kelvin), ("environment.outside.pressure", .pascal),
        ("environment.outside.humidity", .fraction), ("environment.outside.relativeHumidity", .fraction),
        ("environment.inside.temperature", .kelvin), ("environment.inside.relativeHumidity", .fraction),
        ("propulsion.*.revolutions", .hertz), ("propulsion.*.temperature", .kelvin),
        ("propulsion.*.oilTemperature", .kelvin), ("propulsion.*.oilPressure", .pascal),
        ("propulsion.*.coolantTemperature", .kelvin), ("propulsion.*.coolantPressure", .pascal),
        ("propulsion.*.boostPressure", .pascal), ("propulsion.*.exhaustTemperature", .kelvin),
        ("propulsion.*.alternatorVoltage", .volts), ("propulsion.*.engineLoad", .fraction),
        ("propulsion.*.fuel.pressure", .pascal), ("propulsion.*.transmission.oilPressure", .pascal),
        ("propulsion.*.transmission.oilTemperature", .kelvin),
        ("electrical.batteries.*.voltage", .volts), ("electrical.batteries.*.current", .amperes),
        ("electrical.batteries.*.temperature", .kelvin), ("electrical.batteries.*.capacity.stateOfCharge", .fraction),
        ("electrical.alternators.*.revolutions", .hertz), ("electrical.alternators.*.voltage", .volts),
        ("electrical.alternators.*.current", .amperes), ("electrical.solar.*.panelVoltage", .volts),
        ("electrical.solar.*.panelCurrent", .amperes), ("electrical.solar.*.panelPower", .watts),
        ("tanks.*.*.currentLevel", .fraction), ("steering.rudderAngle", .radians),
        ("steering.autopilot.target.headingMagnetic", .radians), ("steering.autopilot.target.headingTrue", .radians),
        // Members of object values, subscribed to through the object's path.
        ("navigation.position.latitude", .degrees), ("navigation.position.longitude", .degrees),
        ("navigation.position.altitude", .metres), ("navigation.attitude.roll", .radians),
        ("navigation.attitude.pitch", .radians), ("navigation.attitude.yaw", .radians),
        ("environment.current.drift", .metresPerSecond), ("environment.current.setTrue", .radians),
    ]

    /// Paths whose value is an object: a channel reads one of its members
    /// (`navigation.position.latitude`) and the subscription names the object.
    static let objects = ["navigation.position", "navigation.attitude", "environment.current"]

    /// The path to subscribe to for a channel's `source`: the object's for a member of one.
    public static func subscription(for name: String) -> String {
        let source = split(name).path
        guard let dot = source.utf8.lastIndex(of: UInt8(ascii: ".")) else { return source }
        let parent = String(decoding: source.utf8[..<dot], as: UTF8.self)
        return objects.contains(parent) ? parent : source
    }

    /// The sample name of `path`'s values from one `source` only (its `$source` or its
    /// `source.label`): `path#source`.
    public static func name(path: String, source: String) -> String { path + "#" + source }

    /// A sample name's path and, when it takes one source's values only, that source.
    public static func split(_ name: String) -> (path: String, source: String?) {
        guard let hash = name.utf8.firstIndex(of: UInt8(ascii: "#")) else { return (name, nil) }
        return (String(decoding: name.utf8[..<hash], as: UTF8.self), String(decoding: name.utf8[name.utf8.index(after: hash)...], as: UTF8.self))
    }

    /// The units the table uses, which a channel may name for a path not in it (its value as sent).
    public static let siUnits: [SensorUnit] = [.metresPerSecond, .radians, .metres, .kelvin, .pascal, .fraction, .volts, .amperes, .watts, .hertz]

    /// The SI unit of `path`, nil when the table does not know it.
    public static func unit(of path: String) -> SensorUnit? {
        let elements = path.split(separator: ".")
        for entry in units {
            let pattern = entry.pattern.split(separator: ".")
            guard pattern.count == elements.count else { continue }
            var same = true
            for (p, e) in zip(pattern, elements) where p != "*" && p != e {
                same = false
                break
            }
            if same { return entry.unit }
        }
        return nil
    }

    /// How the Signal K specification writes `unit` in a path's `meta.units`.
    public static func specName(of unit: SensorUnit) -> String {
        switch unit {
        case .metresPerSecond: "m/s"
        case .radians: "rad"
        case .metres: "m"
        case .kelvin: "K"
        case .pascal: "Pa"
        case .fraction: "ratio"
        case .volts: "V"
        case .amperes: "A"
        case .watts: "W"
        case .hertz: "Hz"
        case .degrees: "deg"
        default: unit.configName
        }
    }

    /// `value × scale + offset` converts the path's `si` unit to `unit`; nil when it does
    /// not. Hz converts to rpm (revolutions: Signal K counts them per second).
    public static func conversion(from si: SensorUnit, to unit: SensorUnit) -> (scale: Double, offset: Double)? {
        if unit == .none || unit == si { return (1, 0) }
        if si == .hertz, unit == .rpm { return (60, 0) }
        guard let zero = si.convert(0, to: unit), let one = si.convert(1, to: unit) else { return nil }
        return (one - zero, zero)
    }

    /// Whether `path` is one a subscription can name: dot-separated elements of letters,
    /// digits, `_` and `-` (no wildcards).
    /// A path with `*` for whole elements (`propulsion.*.revolutions`): one of several.
    public static func isPattern(_ path: String) -> Bool {
        let elements = path.split(separator: ".", omittingEmptySubsequences: false)
        guard elements.contains(where: { $0 == "*" }) else { return false }
        return isPath(elements.map { $0 == "*" ? "x" : String($0) }.joined(separator: "."))
    }

    /// Whether `path` is one `pattern` stands for (each `*` one element).
    public static func matches(_ path: String, pattern: String) -> Bool {
        let p = pattern.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let e = path.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard p.count == e.count else { return false }
        for (a, b) in zip(p, e) where !(a.count == 1 && a.first == UInt8(ascii: "*")) && !a.elementsEqual(b) { return false }
        return true
    }

    public static func isPath(_ path: String) -> Bool {
        let elements = path.split(separator: ".", omittingEmptySubsequences: false)
        return !path.isEmpty
            && elements.allSatisfy { e in
                !e.isEmpty
                    && e.utf8.allSatisfy { c in
                        (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c == 95 || c == 45
                    }
            }
    }
}
