import GaugeConfig
import GaugeDecoders
import GaugeSensors

/// The `protocol` of a serial or tcp sensor: one of `StreamProtocols`, or `tunerstudio`
/// (an engine computer through its INI: `ini`, `ini_settings`, `poll_hz`), which needs
/// the board's INI to open and so is read here rather than registered there.
struct StreamProtocolChoice: Sendable {
    var name: String
    /// `tunerstudio`: the ECU's INI and what the channels read of it.
    var ecu: ECUConfiguration?

    /// The keys it reads, for the kinds that use it.
    static let keys = ["protocol", "ini", "ini_settings", "poll_hz"]

    static func read(_ r: TableReader) -> StreamProtocolChoice? {
        guard let name = r.choice("protocol", StreamProtocols.names + [ECUConfiguration.protocolName], required: true) else { return nil }
        guard name == ECUConfiguration.protocolName else { return StreamProtocolChoice(name: name) }
        guard let ecu = ECUConfiguration.read(r) else { return nil }
        return StreamProtocolChoice(name: name, ecu: ecu)
    }

    /// A channel's `source`, checked against the INI when there is one.
    func check(_ channel: ChannelConfiguration, _ r: TableReader) -> Bool {
        ecu?.check(channel, r) ?? true
    }

    /// Once the channels are known: an ECU is asked only for what they read.
    mutating func settle(channels: [ChannelConfiguration]) {
        guard ecu != nil else { return }
        var sources: [String] = []
        for c in channels where !sources.contains(c.sourceName) { sources.append(c.sourceName) }
        ecu?.sources = sources
    }

    /// The files it read besides the board (the INI).
    var files: [String] { ecu.map { [$0.iniPath] } ?? [] }

    /// The line the run loop drives over `transport`.
    func open(_ transport: StreamTransport) -> any DescriptorSource {
        if let ecu { return ecu.open(transport) }
        // The configuration only lets registered names through.
        return StreamProtocols.open(name, transport: transport)
            ?? StreamSource(transport: transport, protocol: LineProtocolDecoder(), backoff: transport.backoff)
    }
}
