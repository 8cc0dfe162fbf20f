import GaugeDecoders

/// A gpsd client over a TCP stream source (`kind = "gpsd"`): on each connection it asks
/// for the JSON reports (`?WATCH={"enable":true,"json":true}`), then turns TPV and SKY
/// lines into samples through `GPSDDecoder`. A report without a fix says "no value now"
/// (`Sample.noValue`) for the names that need one, so those channels go stale at once.
public struct GPSDSession: StreamProtocol {
    /// gpsd's port.
    public static let defaultPort: UInt16 = 2947

    /// Every name the decoder gives a value, for the configuration to check `source`s.
    public static let names: [String] = [
        GPSDDecoder.Channel.mode, GPSDDecoder.Channel.time, GPSDDecoder.Channel.latitude,
        GPSDDecoder.Channel.longitude, GPSDDecoder.Channel.speed, GPSDDecoder.Channel.course,
        GPSDDecoder.Channel.altitude, GPSDDecoder.Channel.climb, GPSDDecoder.Channel.speedError,
        GPSDDecoder.Channel.longitudeError, GPSDDecoder.Channel.latitudeError,
        GPSDDecoder.Channel.altitudeError, GPSDDecoder.Channel.satellitesUsed,
        GPSDDecoder.Channel.satellitesVisible,
    ]

    public private(set) var decoder = GPSDDecoder()
    /// The watch command is still to be sent on this connection.
    private var watchPending = true

    public init() {}

    /// The log and the run summary name it `gpsd`, not by its TCP transport.
    public static var kindName: String? { "gpsd" }

    public mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
        decoder.feed(bytes) { reading in
            switch reading {
            case .sample(let s): sink(s)
            case .stale(let name): sink(.noValue(name: name))
            }
        }
    }

    /// Lines that are not JSON objects, TPVs without a mode, overlong lines.
    public var droppedCount: UInt64 { decoder.statistics.dropped }

    public mutating func outgoing(now: UInt64) -> [UInt8]? {
        guard watchPending else { return nil }
        watchPending = false
        return GPSDDecoder.watchCommand
    }

    public var deadline: UInt64? { nil }

    public mutating func connectionReset() {
        decoder.resetFraming()
        watchPending = true
    }
}
