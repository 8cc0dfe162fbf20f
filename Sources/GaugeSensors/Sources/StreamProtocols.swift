import GaugeDecoders

/// The stream protocols a board can name (`protocol = "nmea"`), each registered by one
/// line here: its name and how to open a line that speaks it over a transport. The
/// configuration checks names against this list and the run loop opens what it names, so
/// a new protocol is its decoder's file (conforming to `StreamProtocol`) plus one line below.
public enum StreamProtocols {
    public struct Entry: Sendable {
        public let name: String
        /// What the docs and error messages say it is.
        public let summary: String
        /// Whether it works on UDP datagrams (a polled protocol needs a peer to answer).
        public let overDatagrams: Bool
        let open: @Sendable (_ transport: StreamTransport, _ backoff: Backoff) -> any DescriptorSource
    }

    public static let all: [Entry] = [
        Entry(name: "line", summary: "the line protocol, name=value pairs (docs/line-protocol.md)", overDatagrams: true) {
            StreamSource(transport: $0, protocol: LineProtocolDecoder(), backoff: $1)
        },
        Entry(name: "nmea", summary: "NMEA 0183 sentences (boat instruments, GPS)", overDatagrams: true) {
            StreamSource(transport: $0, protocol: NMEADecoder(), backoff: $1)
        },
        Entry(name: "elm327", summary: "an ELM327 OBD-II adapter, polled", overDatagrams: false) {
            StreamSource(transport: $0, protocol: ELM327Driver(), backoff: $1)
        },
    ]

    public static var names: [String] { all.map { $0.name } }

    /// The names that work over UDP.
    public static var datagramNames: [String] { all.filter { $0.overDatagrams }.map { $0.name } }

    /// A line over `transport` speaking the protocol called `name` (nil: no such protocol).
    /// A network transport retries at least every second (`Backoff.network`).
    public static func open(_ name: String, transport: StreamTransport) -> (any DescriptorSource)? {
        return all.first { $0.name == name }.map { $0.open(transport, transport.backoff) }
    }

    /// A serial line on `path` speaking the protocol called `name`.
    public static func open(_ name: String, path: String, settings: SerialSettings) -> (any DescriptorSource)? {
        open(name, transport: .serial(path: path, settings: settings))
    }
}
