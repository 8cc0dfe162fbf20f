import GaugeDecoders
import GaugeSensors
import GaugeNet

/// `kind = "tcp"`, `"udp"` and `"gpsd"`: a protocol over the network. The panel only
/// connects out (`server`, TCP) and binds only where a udp sensor says (`listen`).
/// Keys: tcp — `server` (`host:port`), `protocol` (`line`, `nmea`, `elm327`); udp —
/// `listen` (`address:port`, `0.0.0.0` for every interface), `protocol` (`line`,
/// `nmea`: each datagram is read as whole lines); gpsd — `server` (default
/// `localhost:2947`). Channels read `source` as a serial sensor's do; a gpsd channel's
/// source is one of `GPSDSession.names`.
public struct NetworkConfiguration: Sendable, Equatable {
    public var transport: StreamTransport
    /// A `SerialProtocols` name, or `gpsd`.
    public var protocolName: String

    public init(transport: StreamTransport, protocolName: String) {
        self.transport = transport; self.protocolName = protocolName
    }

    public static let kinds = ["tcp", "udp", "gpsd"]
    static let gpsd = "gpsd"

    /// The line the run loop drives.
    public func open() -> any SerialLine {
        if protocolName == Self.gpsd { return StreamSource(transport: transport, protocol: GPSDSession(), backoff: .network) }
        // The configuration only lets registered names through.
        return SerialProtocols.open(protocolName, transport: transport)
            ?? StreamSource(transport: transport, protocol: LineProtocolDecoder(), backoff: .network)
    }

    static func read(_ r: TableReader, kind: String) -> NetworkConfiguration? {
        switch kind {
        case "tcp":
            let address = readAddress(r, "server", defaultPort: nil, example: "\"192.168.1.20:10110\"")
            let proto = r.choice("protocol", SerialProtocols.names, required: true)
            guard let address, let proto else { return nil }
            return NetworkConfiguration(transport: .tcp(address), protocolName: proto)
        case "udp":
            let address = readAddress(r, "listen", defaultPort: nil, example: "\"0.0.0.0:10110\" (every interface) or \"127.0.0.1:10110\" (this device only)")
            var proto: String?
            if let name = r.value("protocol")?.string, SerialProtocols.names.contains(name),
               !SerialProtocols.datagramNames.contains(name) {
                r.report("protocol", "\"\(name)\" polls and needs a peer to answer, which UDP datagrams have not: use kind = \"tcp\" or \"serial\", or one of \(SerialProtocols.datagramNames.map { "\"\($0)\"" }.joined(separator: ", "))")
            } else {
                proto = r.choice("protocol", SerialProtocols.datagramNames, required: true)
            }
            guard let address, let proto else { return nil }
            return NetworkConfiguration(transport: .udp(address), protocolName: proto)
        default:
            let address = r.has("server")
                ? readAddress(r, "server", defaultPort: GPSDSession.defaultPort, example: "\"localhost:2947\"")
                : NetworkAddress(host: "localhost", port: GPSDSession.defaultPort)
            _ = r.value("server")
            guard let address else { return nil }
            return NetworkConfiguration(transport: .tcp(address), protocolName: gpsd)
        }
    }

    private static func readAddress(_ r: TableReader, _ key: String, defaultPort: UInt16?, example: String) -> NetworkAddress? {
        guard let text = r.string(key, required: true, maxLength: 300) else { return nil }
        do {
            return try NetworkAddress.parse(text, defaultPort: defaultPort)
        } catch {
            // The parser's own examples are host:port ones; the key's is said when it gave none.
            r.report(key, error.message + (mentionsExample(error.message) ? "" : "; e.g. \(key) = \(example)"))
            return nil
        }
    }

    /// Whether `message` holds `like "` (byte-wise: Embedded Swift has no String.contains).
    private static func mentionsExample(_ message: String) -> Bool {
        let m = Array(message.utf8), needle = Array("like \"".utf8)
        guard m.count >= needle.count else { return false }
        for i in 0...(m.count - needle.count) where Array(m[i..<(i + needle.count)]) == needle { return true }
        return false
    }

    /// A gpsd channel's `source` must be a name the decoder gives.
    static func checkGPSDSource(_ source: String, _ r: TableReader) -> Bool {
        guard !GPSDSession.names.contains(source) else { return true }
        let near = NameSuggestion.nearest(to: source, in: GPSDSession.names).map { " (did you mean \"\($0)\"?)" } ?? ""
        r.report("source", "gpsd gives no \"\(source)\"\(near); expected one of \(GPSDSession.names.map { "\"\($0)\"" }.joined(separator: ", "))")
        return false
    }
}
