import GaugeConfig

/// One `[[counter]]` as readings arrive: its count, and the reading it last integrated
/// from. Integrates between consecutive readings of its channel (trapezoids, or time
/// above the threshold), never across a gap longer than `CounterConfiguration.longestGap`.
struct CounterState: Sendable {
    let configuration: CounterConfiguration
    private(set) var value: Double = 0
    private var last: (time: UInt64, value: Double)?

    init(_ configuration: CounterConfiguration) { self.configuration = configuration }

    /// The channel read `reading` at `now` (NaN: it has no value).
    mutating func take(_ reading: Double, now: UInt64) {
        defer { last = reading.isFinite ? (now, reading) : nil }
        guard let l = last, now > l.time, now - l.time <= CounterConfiguration.longestGap else { return }
        let added = configuration.increment(from: l.value, to: reading, seconds: Double(now - l.time) / 1e9)
        if added.isFinite, added > 0 || configuration.above == nil { value += added }
    }

    /// From its file at start, or the running state's before a reload.
    mutating func restore(_ value: Double) { self.value = value.isFinite ? value : 0 }

    /// A trip counter back to 0 (`reset_trip`).
    mutating func reset() {
        guard configuration.resettable else { return }
        value = 0
    }
}
