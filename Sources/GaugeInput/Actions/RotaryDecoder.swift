/// Turns encoder movement into whole detents. Relative encoders (REL_*) report steps;
/// absolute ones (rotary-encoder without relative-axis) report a position in a range
/// that may wrap around (rollover), so deltas are taken the short way round.
public struct RotaryDecoder: Hashable, Sendable {
    /// Steps the encoder reports per mechanical click (1, 2 or 4 for common encoders).
    public let stepsPerDetent: Int64
    /// Positions per turn of an absolute encoder that wraps; nil = no wrap-around.
    public let wrapPeriod: Int64?
    private var remainder: Int64 = 0
    private var lastPosition: Int32?

    /// Detents reported from one event at most: a flood of huge values must not become
    /// thousands of page flips.
    public static let maxDetentsPerEvent: Int64 = 16

    public init(stepsPerDetent: Int = 1, wrapPeriod: Int64? = nil) {
        self.stepsPerDetent = Int64(max(1, min(stepsPerDetent, 1 << 20)))
        self.wrapPeriod = wrapPeriod.map { max(1, $0) }
    }

    /// The period of the kernel's rotary-encoder driver: it declares its axis as
    /// 0...steps but with rollover reports positions 0...steps-1 (pos %= steps).
    public static func kernelWrapPeriod(_ range: AxisRange) -> Int64 {
        max(1, Int64(range.maximum) - Int64(range.minimum))
    }

    /// A relative movement; returns whole detents (positive = clockwise), clamped.
    public mutating func relative(_ steps: Int32) -> Int {
        remainder += Int64(steps)
        let detents = remainder / stepsPerDetent
        remainder -= detents * stepsPerDetent
        return Int(min(max(detents, -Self.maxDetentsPerEvent), Self.maxDetentsPerEvent))
    }

    /// A new absolute position; the first one only sets the reference.
    public mutating func absolute(_ position: Int32) -> Int {
        guard let last = lastPosition else {
            lastPosition = position
            return 0
        }
        lastPosition = position
        var delta = Int64(position) - Int64(last)
        if let period = wrapPeriod, period > 1 {
            // The short way round: a jump of more than half a turn is a wrap.
            if delta > period / 2 { delta -= period } else if delta < -(period / 2) { delta += period }
        }
        return relative(Int32(clamping: delta))
    }

    /// After a resync: take the position as the new reference and forget half detents.
    public mutating func reset(position: Int32?) {
        lastPosition = position
        remainder = 0
    }
}
