import Testing
@testable import GaugeLoop

@Suite struct TimerQueueTests {
    @Test func popsInDeadlineOrderAndTiesInSchedulingOrder() {
        var q = TimerQueue<String>()
        _ = q.schedule(at: 30, "c")
        _ = q.schedule(at: 10, "a1")
        _ = q.schedule(at: 20, "b")
        _ = q.schedule(at: 10, "a2")
        #expect(q.nextDeadline == 10)
        var order: [String] = []
        while let due = q.popDue(now: 100) { order.append(due.payload) }
        #expect(order == ["a1", "a2", "b", "c"])
        #expect(q.isEmpty && q.nextDeadline == nil)
    }

    @Test func nothingIsDueBeforeItsDeadline() {
        var q = TimerQueue<Int>()
        _ = q.schedule(at: 50, 1)
        let ok20 = q.popDue(now: 49) == nil
        #expect(ok20)
        let ok21 = q.popDue(now: 50)?.payload == 1
        #expect(ok21)
    }

    @Test func cancelRemovesAndUncoversTheNextDeadline() {
        var q = TimerQueue<Int>()
        let a = q.schedule(at: 10, 1)
        _ = q.schedule(at: 20, 2)
        let ok28 = q.cancel(a)
        #expect(ok28)
        let ok29 = !q.cancel(a)
        #expect(ok29)
        #expect(q.nextDeadline == 20)
        #expect(q.count == 1)
    }

    @Test func repeatingTimersStayOnTheirGridAndSkipMissedTicks() {
        var q = TimerQueue<Int>()
        let id = q.schedule(at: 100, period: 10, 7)
        let ok37 = q.popDue(now: 100)?.deadline == 100
        #expect(ok37)
        #expect(q.nextDeadline == 110)
        // The loop was busy until 145: one call, next tick at 150 (not 120, 130, 140).
        let ok40 = q.popDue(now: 145)?.deadline == 110
        #expect(ok40)
        #expect(q.nextDeadline == 150)
        #expect(q.contains(id))
        let ok43 = q.cancel(id)
        #expect(ok43)
        #expect(q.nextDeadline == nil)
    }

    @Test func sequenceLimitHoldsBackTimersScheduledDuringAPass() {
        var q = TimerQueue<Int>()
        _ = q.schedule(at: 0, 1)
        let mark = q.sequenceMark
        _ = q.schedule(at: 0, 2)
        let ok52 = q.popDue(now: 5, sequenceLimit: mark)?.payload == 1
        #expect(ok52)
        let ok53 = q.popDue(now: 5, sequenceLimit: mark) == nil
        #expect(ok53)
        let ok54 = q.popDue(now: 5)?.payload == 2
        #expect(ok54)
    }

    @Test func storageStaysBoundedUnderRescheduleChurn() {
        // The frame scheduler cancels and re-adds a timer on every reading.
        var q = TimerQueue<Int>()
        _ = q.schedule(at: 1_000_000, 0)
        for i in 0..<10_000 {
            let id = q.schedule(at: UInt64(500 + i), i)
            q.cancel(id)
        }
        #expect(q.count == 1)
        #expect(q.storageCount <= 2 * q.count + 33)
        #expect(q.nextDeadline == 1_000_000)
    }

    @Test func matchesASortedReferenceOnRandomOperations() {
        var rng = SplitMix(seed: 42)
        var q = TimerQueue<UInt64>()
        var reference: [(deadline: UInt64, seq: Int, id: TimerID)] = []
        var seq = 0
        var now: UInt64 = 0
        for _ in 0..<3000 {
            switch rng.next() % 4 {
            case 0, 1:
                let d = now + rng.next() % 1000
                let id = q.schedule(at: d, d)
                reference.append((d, seq, id))
                seq += 1
            case 2:
                if !reference.isEmpty {
                    let victim = reference.remove(at: Int(rng.next() % UInt64(reference.count)))
                    let ok85 = q.cancel(victim.id)
                    #expect(ok85)
                }
            default:
                now += rng.next() % 300
                reference.sort { ($0.deadline, $0.seq) < ($1.deadline, $1.seq) }
                while let due = q.popDue(now: now) {
                    let expected = reference.removeFirst()
                    #expect(due.id == expected.id && due.deadline == expected.deadline)
                }
                #expect(reference.allSatisfy { $0.deadline > now })
            }
            #expect(q.nextDeadline == reference.map(\.deadline).min())
        }
    }
}

/// A small deterministic PRNG for property tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
