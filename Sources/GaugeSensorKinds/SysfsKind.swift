import GaugeConfig
import GaugeSensors

/// `kind = "sysfs"`: the kernel's sensor files under `root` (`/sys`; tests point it
/// elsewhere), read once a second. A channel's `path` names its file.
enum SysfsKind: SensorKindReading {
    static let name = "sysfs"
    static let summary = "the kernel's hwmon, thermal, power_supply and iio files"
    static let sensorKeys = ["root"]
    static let channelKeys = ["path"]
    static let channelsReadSource = false

    static func readSensor(_ r: TableReader) -> String? {
        let root = r.string("root", maxLength: 4096) ?? "/sys"
        guard root.hasPrefix("/") else {
            r.report("root", "expected an absolute path, got \"\(root)\"")
            return nil
        }
        return root
    }

    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: String?) -> SysfsSensor? {
        readPath(r)
    }

    static func source(
        _ root: String, channels: [(channel: ChannelConfiguration, part: SysfsSensor)],
        _ r: TableReader
    ) -> (any ConfiguredSource)? {
        let source = SysfsSource(root: root, channels: channels.map { SysfsChannel(name: $0.channel.name, sensor: $0.part) })
        return Configured(source, summary: "sysfs \(root)") { source, _ in .sysfs(source) }
    }

    /// `hwmon/<name>/<attribute>`, `thermal/<type>`, `power_supply/<supply>/<attribute>`, `iio/<name>/<channel>`.
    private static func readPath(_ r: TableReader) -> SysfsSensor? {
        guard let p = r.string("path", required: true, maxLength: 256) else { return nil }
        let parts = p.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let ok = parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
        switch (parts.first, parts.count, ok) {
        case ("hwmon", 3, true): return .hwmon(device: parts[1], attribute: parts[2])
        case ("thermal", 2, true): return .thermalZone(type: parts[1])
        case ("power_supply", 3, true):
            if let a = SysfsSensor.PowerSupplyAttribute(rawValue: parts[2]) { return .powerSupply(supply: parts[1], attribute: a) }
            r.report("path", "unknown power_supply attribute \"\(parts[2])\"; expected capacity, voltage_now, current_now or temp")
            return nil
        case ("iio", 3, true): return .iio(device: parts[1], channel: parts[2])
        default:
            r.report(
                "path",
                "expected \"hwmon/<name>/<attribute>\", \"thermal/<type>\", \"power_supply/<supply>/<attribute>\" or \"iio/<name>/<channel>\", got \"\(p)\""
            )
            return nil
        }
    }
}
