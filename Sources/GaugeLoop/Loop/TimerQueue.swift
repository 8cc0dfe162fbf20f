/// Timers in a binary min-heap by (deadline, order of scheduling): the earliest is at
/// the top, ties run first-scheduled-first. Cancelled timers are dropped lazily and the
/// heap is compacted when they pile up, so cancel is O(1) and memory stays bounded.
/// A pure value type: both event loops keep their timers in one.
public struct TimerQueue<Payload> {
    private struct Entry {
        var deadline: UInt64
        var sequence: UInt64
        var id: TimerID
        func runsBefore(_ other: Entry) -> Bool {
            (deadline, sequence) < (other.deadline, other.sequence)
        }
    }
    private struct Timer {
        var payload: Payload
        var period: UInt64?
        /// The heap entry that is current (older ones of a rescheduled timer are stale).
        var sequence: UInt64
    }

    private var heap: [Entry] = []
    private var timers: [TimerID: Timer] = [:]
    private var nextSequence: UInt64 = 0
    private var nextID: UInt64 = 1

    public init() {}

    public var count: Int { timers.count }
    public var isEmpty: Bool { timers.isEmpty }
    /// Heap slots in use, live or stale (bounded by about 2 × count + 32).
    public var storageCount: Int { heap.count }

    /// The earliest deadline, or nil when no timer is scheduled.
    public var nextDeadline: UInt64? { heap.first?.deadline }

    public func contains(_ id: TimerID) -> Bool { timers[id] != nil }

    /// `period` nil: one-shot; otherwise repeating (0 is taken as 1 ns).
    /// A repeating timer every `period` (≥ 1 ns), first at `first` (default now + period):
    /// what `LoopScheduler.scheduleRepeating` means, for every loop.
    public mutating func scheduleRepeating(every period: UInt64, first: UInt64?, now: UInt64, _ payload: Payload) -> TimerID {
        let p = max(period, 1)
        return schedule(at: first ?? (now &+ p), period: p, payload)
    }

    public mutating func schedule(at deadline: UInt64, period: UInt64? = nil, _ payload: Payload) -> TimerID {
        let id = TimerID(rawValue: nextID)
        nextID += 1
        let seq = takeSequence()
        timers[id] = Timer(payload: payload, period: period.map { max($0, 1) }, sequence: seq)
        push(Entry(deadline: deadline, sequence: seq, id: id))
        return id
    }

    @discardableResult
    public mutating func cancel(_ id: TimerID) -> Bool {
        guard timers.removeValue(forKey: id) != nil else { return false }
        dropStaleTop()
        if heap.count > 2 * timers.count + 32 { compact() }
        return true
    }

    /// Removes and returns the earliest timer due at `now`, if any, that was scheduled
    /// before `sequenceLimit`; a repeating timer is put back at its next grid point after
    /// `now`. Call repeatedly to serve every due timer in order.
    public mutating func popDue(now: UInt64, sequenceLimit: UInt64 = .max) -> (id: TimerID, deadline: UInt64, payload: Payload)? {
        guard let top = heap.first, top.deadline <= now, top.sequence < sequenceLimit,
            let timer = timers[top.id]
        else { return nil }
        popTop()
        if let period = timer.period {
            // Stay on the grid; skip ticks that were missed while the loop was busy.
            let missed = (now - top.deadline) / period
            let next = top.deadline.addingReportingOverflow((missed + 1).multipliedReportingOverflow(by: period).partialValue)
            let seq = takeSequence()
            timers[top.id]?.sequence = seq
            push(Entry(deadline: next.overflow ? .max : next.partialValue, sequence: seq, id: top.id))
        } else {
            timers[top.id] = nil
        }
        dropStaleTop()
        return (top.id, top.deadline, timer.payload)
    }

    /// The sequence number the next schedule will get: timers scheduled from now on have
    /// a sequence ≥ this (used to serve only timers that existed when a pass began).
    public var sequenceMark: UInt64 { nextSequence }

    private mutating func takeSequence() -> UInt64 {
        defer { nextSequence += 1 }
        return nextSequence
    }

    private func isLive(_ e: Entry) -> Bool { timers[e.id]?.sequence == e.sequence }

    private mutating func dropStaleTop() {
        while let top = heap.first, !isLive(top) { popTop() }
    }

    private mutating func compact() {
        let live = timers
        heap.removeAll { live[$0.id]?.sequence != $0.sequence }
        // Floyd's heap construction.
        var i = heap.count / 2
        while i > 0 {
            i -= 1
            siftDown(i)
        }
    }

    private mutating func push(_ e: Entry) {
        heap.append(e)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[i].runsBefore(heap[parent]) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private mutating func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var best = i
            if l < heap.count && heap[l].runsBefore(heap[best]) { best = l }
            if r < heap.count && heap[r].runsBefore(heap[best]) { best = r }
            if best == i { return }
            heap.swapAt(i, best)
            i = best
        }
    }
}
