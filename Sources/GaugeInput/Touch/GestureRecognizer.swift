public enum SwipeDirection: String, Hashable, Sendable {
    case left, right, up, down
}

public enum Gesture: Hashable, Sendable {
    /// Short touch that barely moved, at the panel point where it began.
    case tap(x: Int32, y: Int32)
    /// The finger travelled at least the swipe distance, mostly along one axis.
    case swipe(SwipeDirection)
    /// Held still for the long-press duration, at the point where it began.
    case longPress(x: Int32, y: Int32)
}

/// Thresholds in panel pixels and microseconds.
public struct GestureConfiguration: Hashable, Sendable {
    /// Longest touch that still counts as a tap.
    public var tapMaxDuration: Int64 = 500_000
    /// How far a tap or long press may wander (finger jitter).
    public var slop: Int32 = 16
    public var swipeMinDistance: Int32 = 80
    public var longPressDuration: Int64 = 800_000
    public init() {}
}

/// Recognises one-finger gestures from touch frames in panel coordinates. Pure: time
/// comes from the frames and from `advance(to:)`, which the run loop calls when the
/// timer it armed for `nextDeadline` fires. A second finger cancels the gesture.
public struct GestureRecognizer: Sendable {
    public var configuration: GestureConfiguration

    private enum State: Sendable {
        case idle
        case tracking(id: Int32, startX: Int32, startY: Int32, startTime: Int64, lastX: Int32, lastY: Int32, still: Bool)
        /// A long press fired or a second finger appeared: nothing more until all lift.
        case finished
    }
    private var state = State.idle

    public init(configuration: GestureConfiguration = GestureConfiguration()) {
        self.configuration = configuration
    }

    /// When a long press would fire (µs), or nil when none is pending.
    public var nextDeadline: Int64? {
        guard case .tracking(_, _, _, let start, _, _, true) = state else { return nil }
        let (deadline, overflow) = start.addingReportingOverflow(max(0, configuration.longPressDuration))
        return overflow ? Int64.max : deadline
    }

    /// Fires the long press if its deadline has passed.
    public mutating func advance(to now: Int64) -> Gesture? {
        guard let deadline = nextDeadline, now >= deadline,
            case .tracking(_, let x, let y, _, _, _, _) = state
        else { return nil }
        state = .finished
        return .longPress(x: x, y: y)
    }

    /// Feeds a frame; returns the gestures it completes (a late long press comes first).
    public mutating func handle(_ frame: TouchFrame) -> [Gesture] {
        var out: [Gesture] = []
        if let late = advance(to: frame.time) { out.append(late) }
        switch state {
        case .idle:
            if frame.points.count == 1, let p = frame.points.first {
                state = .tracking(
                    id: p.id, startX: p.x, startY: p.y, startTime: frame.time,
                    lastX: p.x, lastY: p.y, still: true)
            } else if frame.points.count > 1 {
                state = .finished
            }
        case .tracking(let id, let sx, let sy, let t0, let lx, let ly, let still):
            if frame.points.isEmpty {
                state = .idle
                // Time that runs backwards or overflows is no tap's duration.
                let (duration, overflow) = frame.time.subtractingReportingOverflow(t0)
                if let g = completed(sx, sy, lx, ly, duration: overflow ? .max : duration) { out.append(g) }
            } else if frame.points.count > 1 || frame.points[0].id != id {
                // A second finger, or the finger changed (lift and touch lost in a drop).
                state = .finished
            } else {
                let p = frame.points[0]
                let stillNow = still && distance(sx, sy, p.x, p.y) <= Int64(configuration.slop)
                state = .tracking(id: id, startX: sx, startY: sy, startTime: t0, lastX: p.x, lastY: p.y, still: stillNow)
            }
        case .finished:
            if frame.points.isEmpty { state = .idle }
        }
        return out
    }

    private func completed(_ sx: Int32, _ sy: Int32, _ ex: Int32, _ ey: Int32, duration: Int64) -> Gesture? {
        let dx = Int64(ex) - Int64(sx), dy = Int64(ey) - Int64(sy)
        let minimum = Int64(max(1, configuration.swipeMinDistance))
        if Swift.max(Swift.abs(dx), Swift.abs(dy)) >= minimum {
            if Swift.abs(dx) >= Swift.abs(dy) { return dx < 0 ? .swipe(.left) : .swipe(.right) }
            return dy < 0 ? .swipe(.up) : .swipe(.down)
        }
        if distance(sx, sy, ex, ey) <= Int64(configuration.slop) && duration >= 0 && duration <= configuration.tapMaxDuration {
            return .tap(x: sx, y: sy)
        }
        return nil
    }

    /// Chebyshev distance: a square slop region is good enough for jitter and needs no root.
    private func distance(_ ax: Int32, _ ay: Int32, _ bx: Int32, _ by: Int32) -> Int64 {
        Swift.max(Swift.abs(Int64(bx) - Int64(ax)), Swift.abs(Int64(by) - Int64(ay)))
    }
}
