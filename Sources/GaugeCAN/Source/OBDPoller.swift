import GaugeSensors

/// Which OBD-II PID to ask for next over CAN: the channels' PIDs in turn, `pollHz`
/// requests a second on the functional id of its addressing (0x7DF, or 0x18DB33F1 with
/// 29-bit ids), one outstanding at a time. A PID that
/// goes unanswered `maxTries` times in a row, or that an ECU refuses (`7F 01 <code>`), is
/// given up: reported once (`takeAbandoned`) and not asked for again.
public struct OBDPoller: Sendable, Equatable {
    public struct Abandoned: Sendable, Equatable {
        public var pid: OBDPID
        /// nil: no answer after `maxTries` requests; else the negative response code.
        public var refusal: UInt8?
    }

    public static let maxTries: Int32 = 5
    public let pids: [OBDPID]
    public let interval: UInt64
    public let ids: OBDIdentifiers
    public private(set) var active: [OBDPID]
    public private(set) var deadline: UInt64?
    public private(set) var outstanding: OBDPID?
    public private(set) var requests: UInt64 = 0
    private var misses: [UInt8: Int32] = [:]
    private var cursor = 0
    private var abandoned: [Abandoned] = []

    public init(pids: [OBDPID], pollHz: Double, ids: OBDIdentifiers = .standard) {
        self.pids = pids
        self.ids = ids
        self.active = pids
        let hz = pollHz.isFinite ? min(max(pollHz, 0.1), 1000) : 10
        interval = UInt64(1e9 / hz)
        deadline = pids.isEmpty ? nil : 0
    }

    /// The bus came (back): ask at once, forget the request in flight.
    public mutating func connectionReset(now: UInt64) {
        outstanding = nil
        misses = [:]
        deadline = active.isEmpty ? nil : now
    }

    /// The request to send now, if one is due.
    public mutating func next(now: UInt64) -> CANFrame? {
        guard let due = deadline, now >= due else { return nil }
        if let o = outstanding {
            let n = (misses[o.code] ?? 0) + 1
            misses[o.code] = n
            if n >= Self.maxTries { give(up: o, refusal: nil) }
            outstanding = nil
        }
        guard !active.isEmpty else {
            deadline = nil
            return nil
        }
        if cursor >= active.count { cursor = 0 }
        let pid = active[cursor]
        cursor += 1
        outstanding = pid
        requests &+= 1
        deadline = now &+ interval
        return OBDOverCAN.request(pid, ids: ids)
    }

    /// An answer carried these PIDs.
    public mutating func answered(_ codes: [UInt8], now: UInt64) {
        for c in codes { misses[c] = 0 }
        if let o = outstanding, codes.contains(o.code) { outstanding = nil }
    }

    /// A negative response: the outstanding PID is refused.
    public mutating func refused(code: UInt8, now: UInt64) {
        guard let o = outstanding else { return }
        outstanding = nil
        give(up: o, refusal: code)
    }

    /// The PIDs given up since the last call.
    public mutating func takeAbandoned() -> [Abandoned] {
        defer { abandoned = [] }
        return abandoned
    }

    private mutating func give(up pid: OBDPID, refusal: UInt8?) {
        guard let i = active.firstIndex(of: pid) else { return }
        active.remove(at: i)
        if cursor > i { cursor -= 1 }
        abandoned.append(Abandoned(pid: pid, refusal: refusal))
        if active.isEmpty { deadline = nil }
    }
}
