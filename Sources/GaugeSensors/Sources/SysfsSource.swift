import GaugeASCII
import GaugeDecoders
import GaugeSystem

/// Reads hwmon, thermal, power_supply and IIO values from sysfs.
///
/// `root` is `/sys` normally and a temporary directory in tests. A value that cannot
/// be read this time (ENODATA, EAGAIN) is skipped, so its channel goes stale by its
/// time-to-live; a device that vanished (ENOENT, ENODEV) is looked up again on the
/// next poll and comes back when its files return.
public struct SysfsSource: Sendable {
    public struct Statistics: Sendable, Equatable {
        public var reads: UInt64 = 0
        public var samples: UInt64 = 0
        public var tryLater: UInt64 = 0
        public var vanished: UInt64 = 0
        public var unparsable: UInt64 = 0
        public init() {}
    }

    public let root: String
    public let channels: [SysfsChannel]
    public private(set) var statistics = Statistics()
    /// Resolved device directory per channel (nil: not found / vanished).
    private var resolved: [String?]
    private let system: any SensorSystemCalls

    public init(root: String = "/sys", channels: [SysfsChannel], system: any SensorSystemCalls = LinuxSensorSystemCalls()) {
        self.root = root
        self.channels = channels
        self.system = system
        resolved = Array(repeating: nil, count: channels.count)
    }

    /// The channels that could not be read at the last poll.
    public private(set) var unreadable: [String] = []

    /// Whether channel `index` was found and read last time.
    public func isAvailable(_ index: Int) -> Bool { resolved[index] != nil }

    /// Reads every channel once. Returns the names that could not be read this time
    /// (the caller may invalidate those channels at once instead of waiting for TTL).
    @discardableResult
    public mutating func poll(now: UInt64, into sink: (Sample) -> Void) -> [String] {
        var missing: [String] = []
        for i in channels.indices {
            if let v = read(i) {
                let (divisor, unit) = channels[i].sensor.conversion
                statistics.samples += 1
                sink(Sample(name: channels[i].name, value: v / divisor, unit: unit))
            } else {
                missing.append(channels[i].name)
            }
        }
        unreadable = missing
        return missing
    }

    private mutating func read(_ i: Int) -> Double? {
        if resolved[i] == nil { resolved[i] = locate(channels[i].sensor) }
        guard let dir = resolved[i] else { return nil }
        switch channels[i].sensor {
        case .hwmon(_, let attribute): return readNumber(i, dir + "/" + attribute + "_input")
        case .thermalZone: return readNumber(i, dir + "/temp")
        case .powerSupply(_, let a): return readNumber(i, dir + "/" + a.rawValue)
        case .iio(_, let channel):
            // A processed attribute (`in_illuminance_input`) is the value already, in the
            // ABI's units; a bare channel (`in_voltage0`) is `_raw` with its offset and scale.
            if channel.hasSuffix("_input") { return readNumber(i, dir + "/" + channel) }
            guard let raw = readNumber(i, dir + "/" + channel + "_raw") else { return nil }
            let offset = readOptional(dir + "/" + channel + "_offset") ?? 0
            let scale =
                readOptional(dir + "/" + channel + "_scale")
                ?? readOptional(dir + "/" + Self.sharedScaleName(channel)) ?? 1
            return (raw + offset) * scale
        }
    }

    /// `in_voltage0` → `in_voltage_scale` (scale shared by all channels of a type).
    static func sharedScaleName(_ channel: String) -> String {
        var base = Substring(channel)
        while let last = base.last, last.isASCIIDigit { base.removeLast() }
        return base + "_scale"
    }

    private mutating func readNumber(_ i: Int, _ path: String) -> Double? {
        statistics.reads += 1
        do {
            let bytes = try system.readFile(path, limit: 64)
            guard let v = Self.parse(bytes) else {
                statistics.unparsable += 1
                return nil
            }
            return v
        } catch {
            if error.errno.meansNoValueNow {
                statistics.tryLater += 1
            } else {
                // Gone (or never readable): look the device up again next time.
                statistics.vanished += 1
                resolved[i] = nil
            }
            return nil
        }
    }

    private func readOptional(_ path: String) -> Double? {
        guard let bytes = try? system.readFile(path, limit: 64) else { return nil }
        return Self.parse(bytes)
    }

    /// Sysfs numbers end with a newline; anything else after the number is junk.
    static func parse(_ bytes: [UInt8]) -> Double? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 10 || bytes[end - 1] == 32 || bytes[end - 1] == 13 { end -= 1 }
        return bytes.withUnsafeBytes { DecimalParser.parse($0, 0, end) }
    }

    private func text(_ path: String) -> String? {
        guard let bytes = try? system.readFile(path, limit: 256) else { return nil }
        var s = String(decoding: bytes, as: UTF8.self)
        while s.last == "\n" || s.last == " " { s.removeLast() }
        return s
    }

    private func findDirectory(_ classDir: String, prefix: String, file: String, equals wanted: String) -> String? {
        guard let entries = try? system.listDirectory(classDir) else { return nil }
        for entry in entries where entry.hasPrefix(prefix) {
            let dir = classDir + "/" + entry
            if text(dir + "/" + file) == wanted { return dir }
        }
        return nil
    }

    private func locate(_ sensor: SysfsSensor) -> String? {
        switch sensor {
        case .hwmon(let device, _):
            return findDirectory(root + "/class/hwmon", prefix: "hwmon", file: "name", equals: device)
        case .thermalZone(let type):
            return findDirectory(root + "/class/thermal", prefix: "thermal_zone", file: "type", equals: type)
        case .powerSupply(let supply, _):
            let dir = root + "/class/power_supply/" + supply
            guard (try? system.listDirectory(dir)) != nil else { return nil }
            return dir
        case .iio(let device, _):
            return findDirectory(root + "/bus/iio/devices", prefix: "iio:device", file: "name", equals: device)
        }
    }

    /// Every hwmon, thermal, power-supply and IIO value under `root` (the designer's
    /// sysfs form lists them with their readings).
    public static func discover(root: String = "/sys", system: any SensorSystemCalls = LinuxSensorSystemCalls()) -> [SysfsChannel] {
        discoverHwmonAndThermal(root: root, system: system) + discoverSupplies(root: root, system: system)
            + discoverIIO(root: root, system: system)
    }

    static func discoverHwmonAndThermal(root: String, system: any SensorSystemCalls) -> [SysfsChannel] {
        var found: [SysfsChannel] = []
        let source = SysfsSource(root: root, channels: [], system: system)
        if let entries = try? system.listDirectory(root + "/class/hwmon") {
            for entry in entries {
                let dir = root + "/class/hwmon/" + entry
                guard let name = source.text(dir + "/name"),
                    let files = try? system.listDirectory(dir)
                else { continue }
                for f in files where f.hasSuffix("_input") {
                    let attribute = String(f.dropLast("_input".count))
                    found.append(
                        SysfsChannel(
                            name: "hwmon." + name + "." + attribute,
                            sensor: .hwmon(device: name, attribute: attribute)))
                }
            }
        }
        if let entries = try? system.listDirectory(root + "/class/thermal") {
            for entry in entries where entry.hasPrefix("thermal_zone") {
                guard let type = source.text(root + "/class/thermal/" + entry + "/type") else { continue }
                found.append(SysfsChannel(name: "thermal." + type, sensor: .thermalZone(type: type)))
            }
        }
        return found
    }

    /// A battery's or charger's capacity, voltage, current and temperature, where given.
    static func discoverSupplies(root: String, system: any SensorSystemCalls) -> [SysfsChannel] {
        var found: [SysfsChannel] = []
        for supply in ((try? system.listDirectory(root + "/class/power_supply")) ?? []).sorted() {
            let files = (try? system.listDirectory(root + "/class/power_supply/" + supply)) ?? []
            for a in [SysfsSensor.PowerSupplyAttribute.capacity, .voltageNow, .currentNow, .temperature] where files.contains(a.rawValue) {
                found.append(SysfsChannel(name: "power_supply." + supply + "." + a.rawValue, sensor: .powerSupply(supply: supply, attribute: a)))
            }
        }
        return found
    }

    /// Each IIO device's channels by its name: a processed `…_input` as it is, else a
    /// `…_raw` (read with its offset and scale).
    static func discoverIIO(root: String, system: any SensorSystemCalls) -> [SysfsChannel] {
        var found: [SysfsChannel] = []
        let source = SysfsSource(root: root, channels: [], system: system)
        let base = root + "/bus/iio/devices"
        for entry in ((try? system.listDirectory(base)) ?? []).sorted() where entry.hasPrefix("iio:device") {
            guard let name = source.text(base + "/" + entry + "/name"), let files = try? system.listDirectory(base + "/" + entry) else { continue }
            let inputs = files.filter { $0.hasPrefix("in_") && $0.hasSuffix("_input") }
            let raws = files.filter { $0.hasPrefix("in_") && $0.hasSuffix("_raw") }.map { String($0.dropLast("_raw".count)) }
            for channel in (inputs + raws.filter { !inputs.contains($0 + "_input") }).sorted() {
                found.append(SysfsChannel(name: "iio." + name + "." + channel, sensor: .iio(device: name, channel: channel)))
            }
        }
        return found
    }
}
