import GaugeDecoders

/// A named measurement (`engine.rpm`) in a display unit, with its latest reading.
///
/// Staleness: a channel with a `timeToLive` is stale when its latest reading is older
/// than that, when it never had one, or after `invalidate()` (its source vanished).
public struct Channel: Sendable, Equatable {
    public let name: String
    public let unit: SensorUnit
    /// Nanoseconds a reading stays fresh; nil = never goes stale once it has a value.
    public var timeToLive: UInt64?
    public private(set) var pipeline: ChannelPipeline
    public private(set) var latest: Reading?
    public private(set) var statistics = ChannelStatistics()
    private var invalidated = false

    public init(
        name: String, unit: SensorUnit, timeToLive: UInt64? = nil,
        pipeline configuration: PipelineConfiguration = PipelineConfiguration()
    ) {
        self.name = name
        self.unit = unit
        self.timeToLive = timeToLive
        self.pipeline = ChannelPipeline(configuration, outputUnit: unit)
    }

    /// Feeds a value; returns false (and counts why) if it was refused.
    @discardableResult
    public mutating func accept(_ value: Double, unit inputUnit: SensorUnit = .none, time: UInt64) -> Bool {
        if invalidated {
            // Coming back after a gap: old filter state would smear the first values.
            pipeline.resetFilters()
        }
        switch pipeline.process(value, unit: inputUnit, time: time) {
        case .success(let v):
            // Only a good value ends the invalidation; a refused one leaves it stale.
            invalidated = false
            latest = Reading(value: v, time: time)
            statistics.accepted += 1
            return true
        case .failure(let e):
            statistics.count(e.reason)
            return false
        }
    }

    @discardableResult
    public mutating func accept(_ sample: Sample, time: UInt64) -> Bool {
        accept(sample.value, unit: sample.unit, time: time)
    }

    public func isStale(now: UInt64) -> Bool {
        guard let r = latest, !invalidated else { return true }
        guard let ttl = timeToLive else { return false }
        // A reading stamped in the future (clock confusion) counts as fresh.
        return now > r.time && now - r.time > ttl
    }

    /// When a fresh reading turns stale (nil: it is stale already, or never will be).
    public func staleDeadline(now: UInt64) -> UInt64? {
        guard let ttl = timeToLive, let r = latest, !isStale(now: now) else { return nil }
        let (t, overflow) = r.time.addingReportingOverflow(ttl &+ 1)
        return overflow ? nil : t
    }

    /// The latest value if fresh, nil if stale: what a gauge should show.
    public func value(now: UInt64) -> Double? {
        isStale(now: now) ? nil : latest?.value
    }

    public var minimum: Double? { pipeline.hold.minimum }
    public var maximum: Double? { pipeline.hold.maximum }

    public mutating func resetMinMax() { pipeline.resetMinMax() }

    /// Marks the channel stale at once (its device went away).
    public mutating func invalidate() { invalidated = true }
}
