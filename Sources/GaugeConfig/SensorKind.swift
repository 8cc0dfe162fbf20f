import GaugeSensors

/// How one sensor kind (`kind = "gpsd"`) reads the board: the keys of its `[[sensor]]`
/// table, each `[[sensor.channel]]`'s own keys, and the source they describe. A kind is a
/// type conforming to this in GaugeSensorKinds (one file each), registered by one line in
/// `SensorKinds.all`; the configuration reads every kind through it and switches on none.
/// Used as a generic constraint only (Embedded Swift has no existentials of it).
public protocol SensorKindReading {
    /// What the `[[sensor]]` table says (an address, a device, a file read and checked).
    associatedtype Sensor
    /// What one channel says beyond the keys every channel has (a waveform, a topic).
    associatedtype ChannelPart

    /// The `kind` value.
    static var name: String { get }
    /// What the docs and messages say it is.
    static var summary: String { get }
    /// The keys of its `[[sensor]]` table besides `kind` and `channel`.
    static var sensorKeys: [String] { get }
    /// The keys its channels have besides the common ones (`name`, `unit`, `scale`, …).
    /// With `channelsReadSource`, `source` is one of them.
    static var channelKeys: [String] { get }
    /// Whether a channel's `source` names what it reads from the sensor (a decoder's
    /// name, a DBC signal; default: the channel's name). Otherwise the channel's own keys
    /// say it (a sysfs `path`, a `waveform`, an MQTT `topic`), the first of `channelKeys`.
    static var channelsReadSource: Bool { get }

    /// Reads the sensor's own keys; nil when they fail (each failure reported).
    static func readSensor(_ r: TableReader) -> Sensor?
    /// Reads a channel's own keys, and may settle its source name or its staleness
    /// (`channel.sourceName` holds `source` as written when `channelsReadSource`). nil:
    /// the channel failed (reported). `sensor` is nil when the sensor's keys failed.
    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: Sensor?) -> ChannelPart?
    /// The source, once every channel is read; nil when it cannot be made (reported).
    static func source(
        _ sensor: Sensor, channels: [(channel: ChannelConfiguration, part: ChannelPart)],
        _ r: TableReader
    ) -> (any ConfiguredSource)?
}

/// A sensor kind as the registry holds it: its name and keys, and its reading of the
/// board (a closure over the `SensorKindReading` type, so the list holds any kind).
public struct SensorKind: Sendable {
    public let name: String
    public let summary: String
    public let sensorKeys: [String]
    public let channelKeys: [String]
    public let channelsReadSource: Bool
    let read: @Sendable (_ r: TableReader, _ kinds: [SensorKind]) -> SensorConfiguration?

    public init<Kind: SensorKindReading>(_ kind: Kind.Type) {
        name = Kind.name
        summary = Kind.summary
        sensorKeys = Kind.sensorKeys
        channelKeys = Kind.channelKeys
        channelsReadSource = Kind.channelsReadSource
        read = { r, kinds in SensorConfiguration.read(r, as: Kind.self, kinds: kinds) }
    }

    /// What a channel of this kind reads, for messages: `path`, `waveform`, `source`.
    var channelReads: String { channelsReadSource ? "source" : channelKeys.first ?? "keys" }
}
