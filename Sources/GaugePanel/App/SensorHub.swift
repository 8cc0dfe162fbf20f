import GaugeConfig
import GaugeSensors
import GaugeCAN
import GaugeNet
import GaugeSystem

/// The board's sensors as sources the loop drives: polled ones (simulated waveforms,
/// sysfs files) on their own timers, serial lines and CAN interfaces by their file
/// descriptors.
struct SensorHub {
    /// How often polled sources are read (simulated signals move smoothly at 20 Hz;
    /// sysfs temperatures and fans change slowly).
    static let simulatedInterval: UInt64 = 50_000_000
    static let sysfsInterval: UInt64 = 1_000_000_000

    var simulated: [SimulatedSource] = []
    var sysfs: [SysfsSource] = []
    var serial: [any SerialLine] = []
    /// Per serial line: the decoder's names → the channels reading them (`source`).
    /// Simulated and sysfs sources already name their samples after the channel.
    var serialRoutes: [SampleRoutes] = []
    /// Recordings played back, each with its names → channels.
    var replays: [(source: ReplaySource, routes: SampleRoutes)] = []

    init(_ sensors: [SensorConfiguration], system: any PanelSystem) {
        for s in sensors {
            switch s.kind {
            case .simulated: if let src = s.simulatedSource { simulated.append(src) }
            case .sysfs(let root): sysfs.append(SysfsSource(root: root, channels: s.sysfsChannels))
            case .serial(let device, let baud, _) where s.ecu != nil:
                serial.append(s.ecu!.open(.serial(path: device, settings: SerialSettings(baudRate: baud))))
                serialRoutes.append(s.routes)
            case .network(let network) where s.ecu != nil:
                serial.append(s.ecu!.open(network.transport))
                serialRoutes.append(s.routes)
            case .serial(let device, let baud, let name):
                // The configuration only lets registered names through.
                guard let line = SerialProtocols.open(name, path: device, settings: SerialSettings(baudRate: baud)) else { continue }
                serial.append(line)
                serialRoutes.append(s.routes)
            case .replay(let recording): replays.append((recording.source, s.routes))
            case .can(let can):
                // Driven like a serial line: a descriptor, a deadline, reopened with backoff.
                serial.append(CANSource(interface: can.interface, protocol: can.canProtocol))
                serialRoutes.append(s.routes)
            case .network(let network):
                serial.append(network.open())
                serialRoutes.append(s.routes)
            case .mqtt(let mqtt):
                // The session names its samples after the channels.
                serial.append(mqtt.open(fallbackClientID: Self.clientID(system)))
                serialRoutes.append(s.routes)
            }
        }
    }

    /// `gaugepanel-<hostname>`, for MQTT brokers when the board names no client_id.
    static func clientID(_ system: any PanelSystem) -> String {
        let name = (try? system.readFile("/proc/sys/kernel/hostname", limit: 256)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return MQTTConfiguration.defaultClientID(hostname: name)
    }
}
