import GaugeConfig
import GaugeDecoders
import GaugeSensors
import GaugeECU

/// `protocol = "tunerstudio"` on a serial or tcp sensor: an engine computer read through
/// its TunerStudio INI. Keys: `ini` (the file, relative to the board), `ini_settings`
/// (the INI's settings, like TunerStudio's project options: `["CELSIUS", "LAMBDA"]`; the
/// INI's defaults otherwise), `poll_hz` (realtime requests a second, default 10). A
/// channel's `source` is one of the INI's output channels (`gaugepanel ecu-channels`).
public struct ECUConfiguration: Sendable, Equatable {
    public static let protocolName = "tunerstudio"
    public var definition: ECUDefinition
    public var iniName: String
    /// The INI as resolved (the preview watches it).
    public var iniPath: String
    public var pollHz: Double
    /// The output channels the board's channels read (set once they are checked).
    public var sources: [String] = []

    static func read(_ r: TableReader) -> ECUConfiguration? {
        let pollHz = r.number("poll_hz", 0.1...100) ?? 10
        let settings = readSettings(r)
        guard let name = r.string("ini", maxLength: 4096) else {
            r.report(
                "ini",
                "missing; protocol = \"tunerstudio\" needs the ECU's TunerStudio INI, the one its firmware came with, like ini = \"speeduino.ini\"")
            return nil
        }
        let path = r.resolve(name)
        let bytes: [UInt8]
        do { bytes = try r.system.readFile(path, limit: 16 << 20) } catch {
            r.report("ini", "cannot read the INI file \(path): \(error.description)")
            return nil
        }
        do {
            let definition = try ECUDefinition.parse(bytes, settings: settings)
            return ECUConfiguration(definition: definition, iniName: name, iniPath: path, pollHz: pollHz)
        } catch {
            r.report(error.line > 0 ? "ini" : "ini_settings", error.described(file: name))
            return nil
        }
    }

    private static func readSettings(_ r: TableReader) -> [String] {
        guard let v = r.value("ini_settings") else { return [] }
        guard let items = v.array, items.allSatisfy({ $0.string != nil }) else {
            r.report("ini_settings", "expected an array of the INI's setting names, like [\"CELSIUS\"], got \(v.written)")
            return []
        }
        return items.compactMap { $0.string }
    }

    /// A channel's `source` must be an output channel the INI has and GaugePanel can read.
    func check(_ channel: ChannelConfiguration, _ r: TableReader) -> Bool {
        let source = channel.sourceName
        guard let i = definition.index(of: source) else {
            let near = NameSuggestion.nearest(to: source, in: definition.names).map { " (did you mean \"\($0)\"?)" } ?? ""
            r.report("source", "\(iniName) has no output channel \"\(source)\"\(near); gaugepanel ecu-channels \(iniName) lists them")
            return false
        }
        if case .unsupported(let reason) = definition.channels[i].kind {
            r.report("source", "\(iniName):\(definition.channels[i].line): \(source) cannot be read: \(reason)")
            return false
        }
        return true
    }

    /// The line the run loop drives.
    public func open(_ transport: StreamTransport) -> any DescriptorSource {
        let decoder = RealtimeDecoder(definition: definition, names: sources)
        return StreamSource(
            transport: transport, protocol: TunerStudioDriver(decoder: decoder, configuration: .init(pollHz: pollHz)),
            backoff: transport.backoff)
    }
}
