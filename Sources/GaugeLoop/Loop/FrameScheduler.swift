/// What drawing a frame did.
public struct FrameOutcome: Sendable, Equatable {
    /// A page flip was queued; `FrameScheduler.flipCompleted()` must follow.
    public var flipPending: Bool
    /// Something still moves (needles not settled, progress): draw again next refresh.
    public var animating: Bool
    public init(flipPending: Bool, animating: Bool) {
        self.flipPending = flipPending
        self.animating = animating
    }
}

/// Binds a `FramePacer` to a loop: keeps at most one timer, for the next frame or for
/// a lost flip, and none at all when the panel is static. `draw` renders and presents.
///
/// No weak or unowned references (Embedded Swift has neither): the scheduler holds its
/// loop, and its pending timer holds the scheduler until it fires or is cancelled. An owner
/// whose `draw` captures it calls `stop()` when done, which cancels the timer and drops
/// `draw`, so nothing keeps the owner alive.
public final class FrameScheduler<Loop: LoopScheduler> {
    public private(set) var pacer: FramePacer
    private let loop: Loop
    private var draw: ((_ now: UInt64) -> FrameOutcome)?
    private var timer: TimerID?
    private var timerDeadline: UInt64?

    public init(loop: Loop, pacer: FramePacer, draw: @escaping (_ now: UInt64) -> FrameOutcome) {
        self.loop = loop
        self.pacer = pacer
        self.draw = draw
    }

    /// Cancels the pending timer and drops `draw`; nothing is scheduled or drawn afterwards.
    public func stop() {
        if let timer { loop.cancel(timer) }
        timer = nil
        timerDeadline = nil
        draw = nil
    }

    /// Whether a timer is pending (false means the panel costs no wake-ups).
    public var isScheduled: Bool { timer != nil }

    /// A reading or state change made the screen dirty.
    public func invalidate() {
        pacer.markDirty()
        reschedule()
    }

    /// Start or stop continuous animation (e.g. an indeterminate progress appeared).
    public func setAnimating(_ animating: Bool) {
        pacer.setAnimating(animating)
        reschedule()
    }

    /// The display's page-flip event arrived.
    public func flipCompleted() {
        pacer.flipCompleted()
        reschedule()
    }

    private func reschedule() {
        guard draw != nil else { return }
        let now = loop.now
        let wanted = pacer.nextFrameTime(now: now) ?? pacer.flipDeadline
        guard wanted != timerDeadline else { return }
        if let timer { loop.cancel(timer) }
        timer = nil
        timerDeadline = wanted
        guard let wanted else { return }
        timer = loop.schedule(at: wanted) { [self] in fire() }
    }

    private func fire() {
        timer = nil
        timerDeadline = nil
        let now = loop.now
        if pacer.expireFlip(now: now) {
            reschedule()
            return
        }
        if let draw, pacer.beginFrame(now: now) {
            let outcome = draw(now)
            pacer.endFrame(flipPending: outcome.flipPending, animating: outcome.animating, now: loop.now)
        }
        reschedule()
    }
}
