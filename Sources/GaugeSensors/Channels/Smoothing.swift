/// Exponential moving average: `y += alpha × (x − y)`. alpha 1 = no smoothing.
public struct ExponentialSmoother: Sendable, Equatable {
    public var alpha: Double
    public private(set) var current: Double?

    public init(alpha: Double) {
        // Clamp instead of trapping: configuration errors must not crash the panel.
        self.alpha = alpha.isNaN ? 1 : min(max(alpha, 0.0001), 1)
    }

    public mutating func add(_ x: Double) -> Double {
        guard let y = current else {
            current = x
            return x
        }
        let next = y + alpha * (x - y)
        current = next
        return next
    }

    public mutating func reset() { current = nil }
}

/// Median of the last N values: removes single spikes without lagging steps much.
public struct MedianFilter: Sendable, Equatable {
    public let window: Int
    private var ring: [Double] = []
    private var next = 0

    public init(window: Int) {
        self.window = min(max(window, 1), 63)
        ring.reserveCapacity(self.window)
    }

    public mutating func add(_ x: Double) -> Double {
        if ring.count < window {
            ring.append(x)
        } else {
            ring[next] = x
            next = (next + 1) % window
        }
        let sorted = ring.sorted()
        let mid = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[mid] }
        return (sorted[mid - 1] + sorted[mid]) / 2
    }

    public mutating func reset() {
        ring.removeAll(keepingCapacity: true)
        next = 0
    }
}

/// Limits how fast the output may change: at most `maxPerSecond` units per second.
public struct RateLimiter: Sendable, Equatable {
    public var maxPerSecond: Double
    public private(set) var last: Reading?

    public init(maxPerSecond: Double) {
        self.maxPerSecond = maxPerSecond.isNaN ? .infinity : abs(maxPerSecond)
    }

    public mutating func add(_ x: Double, time: UInt64) -> Double {
        guard let previous = last else {
            last = Reading(value: x, time: time)
            return x
        }
        // Time going backwards (e.g. a replay loop) allows no change rather than a huge one.
        let dt = time >= previous.time ? Double(time - previous.time) / 1e9 : 0
        let allowed = maxPerSecond * dt
        let delta = x - previous.value
        let out: Double
        if delta > allowed { out = previous.value + allowed } else if delta < -allowed { out = previous.value - allowed } else { out = x }
        last = Reading(value: out, time: max(time, previous.time))
        return out
    }

    public mutating func reset() { last = nil }
}

/// Minimum and maximum seen since the last reset (what a "reset min/max" button clears).
public struct MinMaxHold: Sendable, Equatable {
    public private(set) var minimum: Double?
    public private(set) var maximum: Double?

    public init() {}

    public mutating func add(_ x: Double) {
        if let m = minimum { if x < m { minimum = x } } else { minimum = x }
        if let m = maximum { if x > m { maximum = x } } else { maximum = x }
    }

    public mutating func reset() {
        minimum = nil
        maximum = nil
    }
}
