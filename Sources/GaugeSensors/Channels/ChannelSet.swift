/// Channels by name: routes samples from any source to the channel of the same name.
public struct ChannelSet: Sendable {
    public private(set) var channels: [String: Channel] = [:]
    /// Samples whose name has no channel (counted, not an error: a source may send more
    /// than a dashboard shows).
    public private(set) var unroutedSamples: UInt64 = 0

    public init(_ channels: [Channel] = []) {
        for c in channels { self.channels[c.name] = c }
    }

    public mutating func add(_ channel: Channel) { channels[channel.name] = channel }

    public subscript(name: String) -> Channel? { channels[name] }

    @discardableResult
    public mutating func accept(_ sample: Sample, time: UInt64) -> Bool {
        guard channels[sample.name] != nil else {
            unroutedSamples += 1
            return false
        }
        return channels[sample.name]!.accept(sample, time: time)
    }

    public mutating func invalidate<S: Sequence>(_ names: S) where S.Element == String {
        for n in names where channels[n] != nil { channels[n]!.invalidate() }
    }

    public mutating func resetAllMinMax() {
        for k in channels.keys { channels[k]!.resetMinMax() }
    }

    public func staleNames(now: UInt64) -> [String] {
        channels.values.filter { $0.isStale(now: now) }.map { $0.name }.sorted()
    }
}
