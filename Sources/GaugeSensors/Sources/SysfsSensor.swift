import GaugeDecoders

/// Where a sysfs value lives and how to turn its text into a value.
///
/// Devices are found by their `name` (hwmon, IIO) or `type` (thermal) file, never by
/// the `hwmonN` / `iio:deviceN` index, which changes between boots and re-plugs.
public enum SysfsSensor: Sendable, Equatable {
    /// `class/hwmon/*/` with `name` == device; attribute like `temp1`, `fan2`, `in0`,
    /// `curr1`, `power1` (reads `<attribute>_input`).
    case hwmon(device: String, attribute: String)
    /// `class/thermal/thermal_zone*/` with `type` == zoneType; reads `temp` (m°C).
    case thermalZone(type: String)
    /// `class/power_supply/<supply>/<attribute>`.
    case powerSupply(supply: String, attribute: PowerSupplyAttribute)
    /// `bus/iio/devices/*/` with `name` == device; reads `<channel>_raw`, optional
    /// `_offset` and `_scale` (or the shared `in_<type>_scale`): (raw + offset) × scale;
    /// a channel ending in `_input` (a processed value, `in_illuminance_input`) as it is.
    case iio(device: String, channel: String)

    public enum PowerSupplyAttribute: String, Sendable, Equatable {
        case capacity  // %
        case voltageNow = "voltage_now"  // µV
        case currentNow = "current_now"  // µA
        case temperature = "temp"  // 0.1 °C
    }

    /// Divisor from the file's integer to the unit reported (dividing keeps 5012/1000
    /// exactly 5.012, where × 0.001 would not).
    var conversion: (divisor: Double, unit: SensorUnit) {
        switch self {
        case .hwmon(_, let attribute):
            if attribute.hasPrefix("temp") { return (1000, .celsius) }
            if attribute.hasPrefix("fan") { return (1, .rpm) }
            if attribute.hasPrefix("in") { return (1000, .volts) }
            if attribute.hasPrefix("curr") { return (1000, .amperes) }
            if attribute.hasPrefix("power") { return (1_000_000, .watts) }
            return (1, .none)
        case .thermalZone: return (1000, .celsius)
        case .powerSupply(_, let a):
            switch a {
            case .capacity: return (1, .percent)
            case .voltageNow: return (1_000_000, .volts)
            case .currentNow: return (1_000_000, .amperes)
            case .temperature: return (10, .celsius)
            }
        case .iio(_, let channel):
            // IIO ABI units after scaling: voltage mV, temp m°C, pressure kPa, humidity m%.
            if channel.hasPrefix("in_voltage") { return (1000, .volts) }
            if channel.hasPrefix("in_temp") { return (1000, .celsius) }
            if channel.hasPrefix("in_pressure") { return (1, .kilopascal) }
            if channel.hasPrefix("in_humidityrelative") { return (1000, .percent) }
            if channel.hasPrefix("in_current") { return (1000, .amperes) }
            return (1, .none)
        }
    }
}

/// A sysfs value feeding a channel.
public struct SysfsChannel: Sendable, Equatable {
    public var name: String
    public var sensor: SysfsSensor
    public init(name: String, sensor: SysfsSensor) {
        self.name = name
        self.sensor = sensor
    }
}
