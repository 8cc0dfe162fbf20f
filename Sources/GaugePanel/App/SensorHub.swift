import GaugeConfig
import GaugeSensors
import GaugeSystem

/// The board's sensors as sources the loop drives: polled ones (simulated waveforms,
/// sysfs files) on their own timers, recordings at their own pace, and lines (serial, CAN,
/// network) by their file descriptors.
struct SensorHub {
    /// How often polled sources are read (simulated signals move smoothly at 20 Hz;
    /// sysfs temperatures and fans change slowly).
    static let simulatedInterval: UInt64 = 50_000_000
    static let sysfsInterval: UInt64 = 1_000_000_000

    var simulated: [SimulatedSource] = []
    var sysfs: [SysfsSource] = []
    var descriptorSources: [any DescriptorSource] = []
    /// Per serial line: the decoder's names → the channels reading them (`source`).
    /// Simulated and sysfs sources already name their samples after the channel.
    var descriptorRoutes: [SampleRoutes] = []
    /// Recordings played back, each with its names → channels.
    var replays: [(source: ReplaySource, routes: SampleRoutes)] = []
    /// Per board sensor: its index in `descriptorSources` (nil: not a line).
    var lineOfSensor: [Int?] = []

    /// `remote`: `[control]`, whose sensor's line also listens to its command topics.
    init(_ sensors: [SensorConfiguration], remote: RemoteControlConfiguration? = nil, system: any PanelSystem) {
        let context = SourceContext(hostname: Self.hostname(system))
        for s in sensors {
            lineOfSensor.append(nil)
            switch s.source.open(context) {
            case .simulated(let source): simulated.append(source)
            case .sysfs(let source): sysfs.append(source)
            case .replay(let source): replays.append((source, s.routes))
            case .line(let line):
                lineOfSensor[lineOfSensor.count - 1] = descriptorSources.count
                descriptorSources.append(line)
                if let remote, remote.sensor == lineOfSensor.count - 1 { _ = line.listen(to: remote.topic + "/set/+") }
                descriptorRoutes.append(s.routes)
            }
        }
    }

    /// The machine's name (an MQTT client id is made from it); "" when unreadable.
    static func hostname(_ system: any PanelSystem) -> String {
        (try? system.readFile("/proc/sys/kernel/hostname", limit: 256)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
