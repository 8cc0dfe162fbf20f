/// When to draw, as a pure state machine: readings that arrive between two refreshes
/// make one frame; at most one frame starts per refresh period; none starts while a page
/// flip is in flight; and no frame is due when nothing is dirty and nothing animates.
///
/// The loop asks `nextFrameTime(now:)` after each event and sets (or cancels) one timer
/// for it; when the timer fires it calls `beginFrame(now:)`, draws, presents, then
/// `endFrame(flipPending:animating:now:)`.
public struct FramePacer: Sendable, Equatable {
    public struct Statistics: Sendable, Equatable {
        public var frames: UInt64 = 0
        /// `markDirty` calls folded into a frame that was already due.
        public var coalesced: UInt64 = 0
        public var flipsCompleted: UInt64 = 0
        /// Flips that never reported completion within `flipTimeout`.
        public var flipTimeouts: UInt64 = 0
        public init() {}
    }

    public let refreshPeriod: UInt64
    /// A flip not completed after this long is presumed lost (a driver that dropped the
    /// event must not freeze the panel for months).
    public let flipTimeout: UInt64
    public private(set) var isDirty = false
    public private(set) var isAnimating = false
    /// When the flip in flight was queued, if one is.
    public private(set) var flipQueuedAt: UInt64?
    public private(set) var lastFrameStart: UInt64?
    public private(set) var statistics = Statistics()

    /// `refreshPeriod` in nanoseconds (e.g. `LoopTime.refreshPeriod(hertz: 60)!`).
    public init(refreshPeriod: UInt64, flipTimeout: UInt64? = nil) {
        self.refreshPeriod = max(refreshPeriod, 1)
        // Six refreshes: long enough for a slow vblank, short enough to be invisible.
        self.flipTimeout = flipTimeout ?? self.refreshPeriod &* 6
    }

    /// Something visible changed (a reading, a page switch, an alarm phase).
    public mutating func markDirty() {
        if isDirty { statistics.coalesced += 1 }
        isDirty = true
    }

    /// Whether animations (needles still moving) want another frame.
    public mutating func setAnimating(_ animating: Bool) { isAnimating = animating }

    /// The display reported the page flip done (DRM event on its fd).
    public mutating func flipCompleted() {
        guard flipQueuedAt != nil else { return }
        flipQueuedAt = nil
        statistics.flipsCompleted += 1
    }

    /// When the next frame should start, or nil: nothing to draw, or waiting for a flip
    /// (then `flipDeadline` says when to give up waiting).
    public func nextFrameTime(now: UInt64) -> UInt64? {
        guard isDirty || isAnimating, flipQueuedAt == nil else { return nil }
        guard let last = lastFrameStart else { return now }
        return max(now, last &+ refreshPeriod)
    }

    /// When to presume the flip in flight lost, if one is.
    public var flipDeadline: UInt64? { flipQueuedAt.map { $0 &+ flipTimeout } }

    /// Call at `flipDeadline`: forgets a flip that never completed. True if it did.
    public mutating func expireFlip(now: UInt64) -> Bool {
        guard let d = flipDeadline, now >= d else { return false }
        flipQueuedAt = nil
        statistics.flipTimeouts += 1
        return true
    }

    /// Starts a frame if one is due at `now`; false (draw nothing) otherwise. Clears the
    /// dirty flag: readings arriving while drawing mark the next frame.
    public mutating func beginFrame(now: UInt64) -> Bool {
        guard let t = nextFrameTime(now: now), t <= now else { return false }
        lastFrameStart = now
        isDirty = false
        statistics.frames += 1
        return true
    }

    /// The frame was presented: `flipPending` if the display queued a page flip whose
    /// completion it will report; `animating` if another frame is wanted afterwards.
    public mutating func endFrame(flipPending: Bool, animating: Bool, now: UInt64) {
        flipQueuedAt = flipPending ? now : nil
        isAnimating = animating
    }
}
