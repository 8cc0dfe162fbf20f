/// The serial protocols a board can name (`protocol = "nmea"`), each registered by one
/// line here: its name and how to open a line that speaks it. The configuration checks
/// names against this list and the run loop opens what it names, so a new protocol is
/// its decoder's file (conforming to `SerialProtocol`) plus one line below.
public enum SerialProtocols {
    public struct Entry: Sendable {
        public let name: String
        /// What the docs and error messages say it is.
        public let summary: String
        let open: @Sendable (_ path: String, _ settings: SerialSettings) -> any SerialLine
    }

    public static let all: [Entry] = [
        Entry(name: "line", summary: "the line protocol, name=value pairs (docs/line-protocol.md)") {
            SerialSource(path: $0, settings: $1, protocol: LineProtocolDecoder())
        },
        Entry(name: "nmea", summary: "NMEA 0183 sentences (boat instruments, GPS)") {
            SerialSource(path: $0, settings: $1, protocol: NMEADecoder())
        },
        Entry(name: "elm327", summary: "an ELM327 OBD-II adapter, polled") {
            SerialSource(path: $0, settings: $1, protocol: ELM327Driver())
        },
    ]

    public static var names: [String] { all.map { $0.name } }

    /// A line on `path` speaking the protocol called `name` (nil: no such protocol).
    public static func open(_ name: String, path: String, settings: SerialSettings) -> (any SerialLine)? {
        all.first { $0.name == name }.map { $0.open(path, settings) }
    }
}
