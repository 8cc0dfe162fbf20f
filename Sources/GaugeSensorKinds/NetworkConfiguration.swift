import GaugeConfig
import GaugeSensors

/// What a `kind = "tcp"`, `"udp"` or `"gpsd"` sensor reads: a protocol over the network.
/// The panel only connects out (`server`, TCP) and binds only where a udp sensor says
/// (`listen`).
public struct NetworkConfiguration: Sendable, Equatable {
    public var transport: StreamTransport
    /// A `StreamProtocols` name, or `gpsd`.
    public var protocolName: String

    public init(transport: StreamTransport, protocolName: String) {
        self.transport = transport
        self.protocolName = protocolName
    }

    /// `kind name, address, protocol` for listings.
    var summary: String { "\(transport.kindName) \(transport.path), protocol \(protocolName)" }

    /// A `host:port` key (`server`, `listen`); the port may default.
    static func readAddress(_ r: TableReader, _ key: String, defaultPort: UInt16?, example: String) -> NetworkAddress? {
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
}
