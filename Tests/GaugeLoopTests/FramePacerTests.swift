import Testing
@testable import GaugeLoop

@Suite struct FramePacerTests {
    static let period = LoopTime.refreshPeriod(hertz: 60)!

    @Test func refreshPeriodIsGuarded() {
        #expect(Self.period == 16_666_667)
        #expect(LoopTime.refreshPeriod(hertz: .nan) == nil)
        #expect(LoopTime.refreshPeriod(hertz: .infinity) == nil)
        #expect(LoopTime.refreshPeriod(hertz: 0) == nil)
    }

    @Test func nothingIsDueWhenCleanAndStill() {
        let pacer = FramePacer(refreshPeriod: Self.period)
        #expect(pacer.nextFrameTime(now: 123) == nil)
    }

    @Test func readingsBetweenRefreshesMakeOneFrame() {
        var p = FramePacer(refreshPeriod: Self.period)
        p.markDirty()
        let ok21 = p.beginFrame(now: 0)
        #expect(ok21)
        p.endFrame(flipPending: false, animating: false, now: 1_000_000)
        p.markDirty()
        p.markDirty()
        p.markDirty()
        #expect(p.nextFrameTime(now: 2_000_000) == Self.period)
        let ok25 = !p.beginFrame(now: 5_000_000)
        #expect(ok25)  // too early: at most one per period
        let ok26 = p.beginFrame(now: Self.period)
        #expect(ok26)
        #expect(p.statistics.frames == 2)
        #expect(p.statistics.coalesced == 2)
        #expect(p.nextFrameTime(now: Self.period + 1) == nil)
    }

    @Test func noFrameWhileAFlipIsInFlight() {
        var p = FramePacer(refreshPeriod: Self.period)
        p.markDirty()
        let ok35 = p.beginFrame(now: 0)
        #expect(ok35)
        p.endFrame(flipPending: true, animating: false, now: 100)
        p.markDirty()
        #expect(p.nextFrameTime(now: 3 * Self.period) == nil)
        let ok39 = !p.beginFrame(now: 3 * Self.period)
        #expect(ok39)
        #expect(p.flipDeadline == 100 + 6 * Self.period)
        p.flipCompleted()
        #expect(p.nextFrameTime(now: 3 * Self.period) == 3 * Self.period)
    }

    @Test func lostFlipIsForgottenAtItsDeadline() {
        var p = FramePacer(refreshPeriod: Self.period, flipTimeout: 50_000_000)
        p.markDirty()
        _ = p.beginFrame(now: 0)
        p.endFrame(flipPending: true, animating: true, now: 0)
        let ok50 = !p.expireFlip(now: 49_999_999)
        #expect(ok50)
        let ok51 = p.expireFlip(now: 50_000_000)
        #expect(ok51)
        #expect(p.statistics.flipTimeouts == 1)
        #expect(p.nextFrameTime(now: 50_000_000) == 50_000_000)
    }

    @Test func animationKeepsFramesComingUntilItStops() {
        var p = FramePacer(refreshPeriod: Self.period)
        p.setAnimating(true)
        let ok59 = p.beginFrame(now: 0)
        #expect(ok59)
        p.endFrame(flipPending: false, animating: true, now: 0)
        #expect(p.nextFrameTime(now: 1) == Self.period)
        _ = p.beginFrame(now: Self.period)
        p.endFrame(flipPending: false, animating: false, now: Self.period)
        #expect(p.nextFrameTime(now: Self.period + 1) == nil)
    }
}

@Suite struct FrameSchedulerTests {
    static let period = LoopTime.refreshPeriod(hertz: 60)!

    @Test func staticPanelSchedulesNothing() {
        let loop = TestEventLoop(now: 1_000)
        let s = FrameScheduler(loop: loop, pacer: FramePacer(refreshPeriod: Self.period)) { _ in
            FrameOutcome(flipPending: false, animating: false)
        }
        #expect(!s.isScheduled)
        s.invalidate()
        loop.advance(by: 1)
        #expect(!s.isScheduled)
        #expect(loop.timerCount == 0)
        #expect(s.pacer.statistics.frames == 1)
    }

    @Test func burstOfReadingsCoalescesAndRespectsThePeriod() {
        let loop = TestEventLoop()
        var frames: [UInt64] = []
        let s = FrameScheduler(loop: loop, pacer: FramePacer(refreshPeriod: Self.period)) { now in
            frames.append(now)
            return FrameOutcome(flipPending: false, animating: false)
        }
        // 1 kHz readings for 100 ms.
        for _ in 0..<100 {
            s.invalidate()
            loop.advance(by: 1_000_000)
        }
        loop.advance(by: Self.period)
        #expect(frames.count >= 6 && frames.count <= 7)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $1 - $0 >= Self.period })
        #expect(!s.isScheduled)
    }

    @Test func flipGatesTheNextFrameAndCompletionReleasesIt() {
        let loop = TestEventLoop()
        var frames: [UInt64] = []
        let s = FrameScheduler(loop: loop, pacer: FramePacer(refreshPeriod: Self.period)) { now in
            frames.append(now)
            return FrameOutcome(flipPending: true, animating: false)
        }
        s.invalidate()
        loop.runDue()
        #expect(frames == [0])
        s.invalidate()
        loop.advance(by: 40_000_000)  // flip still in flight: no frame
        #expect(frames == [0])
        s.flipCompleted()
        loop.runDue()
        #expect(frames == [0, 40_000_000])
    }

    @Test func lostFlipDoesNotFreezeThePanel() {
        let loop = TestEventLoop()
        var frames = 0
        let s = FrameScheduler(loop: loop, pacer: FramePacer(refreshPeriod: Self.period, flipTimeout: 100_000_000)) { _ in
            frames += 1
            return FrameOutcome(flipPending: true, animating: false)
        }
        s.invalidate()
        loop.runDue()
        s.invalidate()
        loop.advance(by: 100_000_000)
        #expect(frames == 2)
        #expect(s.pacer.statistics.flipTimeouts == 1)
    }

    @Test func animationTicksOncePerPeriodAndStopsWhenSettled() {
        let loop = TestEventLoop()
        var remaining = 5
        var frames: [UInt64] = []
        let s = FrameScheduler(loop: loop, pacer: FramePacer(refreshPeriod: Self.period)) { now in
            frames.append(now)
            remaining -= 1
            return FrameOutcome(flipPending: false, animating: remaining > 0)
        }
        s.invalidate()
        loop.advance(by: 1_000_000_000)
        #expect(frames.count == 5)
        #expect(frames.last == 4 * Self.period)
        #expect(loop.timerCount == 0)
    }

    /// Stopping cancels the timer and drops `draw`: an owner that `draw` captures is freed
    /// (the scheduler holds nothing weakly or unowned, for Embedded Swift).
    @Test func stopCancelsTheTimerAndReleasesTheOwner() {
        final class Owner { var scheduler: FrameScheduler<TestEventLoop>? }
        let loop = TestEventLoop()
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            owner.scheduler = FrameScheduler(loop: loop, pacer: FramePacer(refreshPeriod: Self.period)) { [owner] _ in
                _ = owner
                return FrameOutcome(flipPending: false, animating: true)
            }
            owner.scheduler?.invalidate()
            loop.advance(by: Self.period * 3)
            #expect(owner.scheduler?.isScheduled == true)
            let frames = owner.scheduler?.pacer.statistics.frames
            owner.scheduler?.stop()
            #expect(owner.scheduler?.isScheduled == false)
            #expect(loop.timerCount == 0)
            owner.scheduler?.invalidate()
            loop.advance(by: Self.period * 3)
            #expect(owner.scheduler?.pacer.statistics.frames == frames)
            #expect(loop.timerCount == 0)
        }
        #expect(weakOwner == nil)
    }
}
