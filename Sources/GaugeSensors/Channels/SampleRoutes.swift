import GaugeDecoders

/// Where one source's samples go: the name a decoder gives a value (`speed.water`,
/// `engine.rpm`) → the channels that read it (a board's `source` key; by default a
/// channel reads the name it has). Several channels may read one name, each with its own
/// scale, offset and smoothing; a name no channel reads goes nowhere.
public struct SampleRoutes: Sendable, Equatable {
    private var channelsBySource: [String: [String]] = [:]

    public init() {}

    /// `pairs`: each channel's name and the source name it reads.
    public init(_ pairs: [(channel: String, source: String)]) {
        for p in pairs { add(channel: p.channel, reading: p.source) }
    }

    public mutating func add(channel: String, reading source: String) {
        channelsBySource[source, default: []].append(channel)
    }

    /// The channels fed by `source`, in the order they were added.
    public func channels(readingSource source: String) -> [String] { channelsBySource[source] ?? [] }

    /// The channels fed by any of `sources` (a vanished line's names → its channels).
    public func channels<S: Sequence>(readingAny sources: S) -> [String] where S.Element == String {
        var out: [String] = []
        for s in sources { out.append(contentsOf: channels(readingSource: s)) }
        return out
    }

    /// Every channel these routes feed (a line that lost count of its names).
    public var allChannels: [String] { channelsBySource.keys.sorted().flatMap { channelsBySource[$0] ?? [] } }

    /// `sample` once per channel that reads it, renamed to that channel; false when no
    /// channel reads it (one lookup per sample).
    @discardableResult
    public func route(_ sample: Sample, into sink: (Sample) -> Void) -> Bool {
        guard let channels = channelsBySource[sample.name] else { return false }
        for c in channels { sink(Sample(name: c, value: sample.value, unit: sample.unit)) }
        return true
    }
}
