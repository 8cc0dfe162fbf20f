import GaugeConfig
import GaugeSensors

/// A serial source with whichever decoder its sensor names (a closed set, so no
/// existential): the line protocol, NMEA 0183, or the ELM327 OBD-II driver.
enum SerialSensor {
    case line(SerialSource<LineProtocolDecoder>)
    case nmea(SerialSource<NMEADecoder>)
    case elm327(SerialSource<ELM327Driver>)

    init(device: String, baud: Int, protocol name: SerialProtocolName) {
        let settings = SerialSettings(baudRate: baud)
        switch name {
        case .line: self = .line(SerialSource(path: device, settings: settings, protocol: LineProtocolDecoder()))
        case .nmea: self = .nmea(SerialSource(path: device, settings: settings, protocol: NMEADecoder()))
        case .elm327: self = .elm327(SerialSource(path: device, settings: settings, protocol: ELM327Driver()))
        }
    }

    var path: String {
        switch self { case .line(let s): s.path; case .nmea(let s): s.path; case .elm327(let s): s.path }
    }
    var fileDescriptor: Int32? {
        switch self { case .line(let s): s.fileDescriptor; case .nmea(let s): s.fileDescriptor; case .elm327(let s): s.fileDescriptor }
    }
    var nextDeadline: UInt64? {
        switch self { case .line(let s): s.nextDeadline; case .nmea(let s): s.nextDeadline; case .elm327(let s): s.nextDeadline }
    }
    /// Lines or sentences dropped as garbled, for the statistics line.
    var dropped: UInt64 {
        switch self {
        case .line(let s): s.protocolState.statistics.dropped
        case .nmea(let s): s.protocolState.statistics.dropped
        case .elm327(let s): s.protocolState.statistics.errors &+ s.protocolState.statistics.unparsable
        }
    }
    func service(now: UInt64, into sink: (Sample) -> Void) -> SerialSource<LineProtocolDecoder>.Event? {
        switch self {
        case .line(let s): return s.service(now: now, into: sink)
        case .nmea(let s): return s.service(now: now, into: sink).map(Self.convert)
        case .elm327(let s): return s.service(now: now, into: sink).map(Self.convert)
        }
    }
    func close(now: UInt64) {
        switch self { case .line(let s): s.close(now: now); case .nmea(let s): s.close(now: now); case .elm327(let s): s.close(now: now) }
    }
    private static func convert<P>(_ e: SerialSource<P>.Event) -> SerialSource<LineProtocolDecoder>.Event {
        switch e {
        case .connected: return .connected
        case .disconnected(let names): return .disconnected(channels: names)
        }
    }
}

/// The board's sensors as sources the loop drives: polled ones (simulated waveforms,
/// sysfs files) on their own timers, serial lines by their file descriptors.
struct SensorHub {
    /// How often polled sources are read (simulated signals move smoothly at 20 Hz;
    /// sysfs temperatures and fans change slowly).
    static let simulatedInterval: UInt64 = 50_000_000
    static let sysfsInterval: UInt64 = 1_000_000_000

    var simulated: [SimulatedSource] = []
    var sysfs: [SysfsSource] = []
    var serial: [SerialSensor] = []
    /// Per serial line: the decoder's names → the channels reading them (`source`).
    /// Simulated and sysfs sources already name their samples after the channel.
    var serialRoutes: [SampleRoutes] = []

    init(_ sensors: [SensorConfiguration]) {
        for s in sensors {
            switch s.kind {
            case .simulated: if let src = s.simulatedSource { simulated.append(src) }
            case .sysfs(let root): sysfs.append(SysfsSource(root: root, channels: s.sysfsChannels))
            case .serial(let device, let baud, let name):
                serial.append(SerialSensor(device: device, baud: baud, protocol: name))
                serialRoutes.append(s.routes)
            }
        }
    }
}
