/// Polling state machine for an ELM327 (or clone) OBD-II adapter.
///
/// Pure: it never touches a device or a clock. The caller loops:
/// 1. `nextCommand(now:)` → bytes to write (or nil: nothing to send yet);
/// 2. waits for readable data or `nextDeadline`;
/// 3. `feed(bytes, now:)` with whatever arrived → samples.
///
/// Init: `ATZ ATE0 ATL0 ATS0 ATH0 ATSP0`, then round-robin polling of the configured PIDs,
/// each at its own interval. A response ends at the `>` prompt.
public struct ELM327Driver: Sendable {
    public struct Poll: Sendable, Equatable {
        public var pid: OBDPID
        public var interval: UInt64
        public init(_ pid: OBDPID, interval: UInt64) {
            self.pid = pid
            self.interval = interval
        }
    }

    public struct Configuration: Sendable, Equatable {
        public var polls: [Poll]
        public var commandTimeout: UInt64 = 2 * Nanoseconds.perSecond
        public var resetTimeout: UInt64 = 5 * Nanoseconds.perSecond
        /// Extra time granted when the adapter says `SEARCHING...` or `BUS INIT`.
        public var searchTimeout: UInt64 = 15 * Nanoseconds.perSecond
        /// Wait after `UNABLE TO CONNECT` (ignition off) before polling again.
        public var retryDelay: UInt64 = 5 * Nanoseconds.perSecond
        /// A PID answered `NO DATA` is asked again no sooner than this.
        public var noDataBackoff: UInt64 = 5 * Nanoseconds.perSecond
        /// This many timeouts in a row restart the init sequence.
        public var maxConsecutiveTimeouts: Int = 3

        public init(polls: [Poll]) { self.polls = polls }

        /// rpm 10 Hz, speed 5 Hz, throttle/load/MAP/air flow 2 Hz, temperatures/voltage 1 Hz,
        /// fuel every 5 s.
        public static let dashboard = Configuration(polls: [
            Poll(.engineSpeed, interval: 100 * Nanoseconds.perMillisecond),
            Poll(.vehicleSpeed, interval: 200 * Nanoseconds.perMillisecond),
            Poll(.throttlePosition, interval: 500 * Nanoseconds.perMillisecond),
            Poll(.engineLoad, interval: 500 * Nanoseconds.perMillisecond),
            Poll(.intakeManifoldPressure, interval: 500 * Nanoseconds.perMillisecond),
            Poll(.massAirFlow, interval: 500 * Nanoseconds.perMillisecond),
            Poll(.coolantTemperature, interval: Nanoseconds.perSecond),
            Poll(.intakeAirTemperature, interval: Nanoseconds.perSecond),
            Poll(.fuelLevel, interval: 5 * Nanoseconds.perSecond),
            Poll(.moduleVoltage, interval: Nanoseconds.perSecond),
        ])
    }

    public enum Phase: Sendable, Equatable {
        case initialising(step: Int)
        case polling
        case waitingToRetry(until: UInt64)
    }

    public static let initCommands: [[UInt8]] = [
        Array("ATZ".utf8), Array("ATE0".utf8), Array("ATL0".utf8),
        Array("ATS0".utf8), Array("ATH0".utf8), Array("ATSP0".utf8),
    ]

    public let configuration: Configuration
    public private(set) var phase: Phase = .initialising(step: 0)
    public private(set) var statistics = ELM327Statistics()
    /// True once a PID query has been answered with data since the last (re)init.
    public private(set) var isConnected = false

    private enum Pending: Sendable, Equatable {
        case initCommand(step: Int)
        case query(index: Int)
    }
    private var pending: Pending?
    private var sentCommand: [UInt8] = []
    private var responseDeadline: UInt64 = 0
    private var nextDue: [UInt64]
    private var consecutiveTimeouts = 0
    /// The adapter stopped answering (said once); cleared, and said, when it answers again.
    public private(set) var isSilent = false
    /// Whether it has ever answered: an adapter silent from the start gets other advice.
    private var hasAnswered = false
    private var notices: [String] = []
    private var current: [UInt8] = []
    private var lines: [[UInt8]] = []
    private static let maxLineLength = 128
    private static let maxLines = 32

    public init(configuration: Configuration = .dashboard) {
        self.configuration = configuration
        nextDue = Array(repeating: 0, count: configuration.polls.count)
    }

    /// Restarts from `ATZ` (e.g. after the serial device was reopened).
    public mutating func restart() {
        phase = .initialising(step: 0)
        pending = nil
        isConnected = false
        consecutiveTimeouts = 0
        current.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        for i in nextDue.indices { nextDue[i] = 0 }
    }

    /// When the caller should call `nextCommand` again even if no byte arrives.
    public var nextDeadline: UInt64? {
        if pending != nil { return responseDeadline }
        switch phase {
        case .initialising: return 0
        case .waitingToRetry(let until): return until
        case .polling: return nextDue.min()
        }
    }

    /// Bytes to write now (command + CR), or nil. Also handles an expired deadline.
    public mutating func nextCommand(now: UInt64) -> [UInt8]? {
        if pending != nil {
            guard now >= responseDeadline else { return nil }
            timedOut()
        }
        switch phase {
        case .waitingToRetry(let until):
            guard now >= until else { return nil }
            phase = .polling
            return nextCommand(now: now)
        case .initialising(let step):
            let command = Self.initCommands[step]
            let timeout = step == 0 ? configuration.resetTimeout : configuration.commandTimeout
            return send(command, .initCommand(step: step), deadline: now &+ timeout)
        case .polling:
            // The most overdue PID first; ties go to the earlier entry.
            var best = -1
            for i in nextDue.indices where nextDue[i] <= now {
                if best < 0 || nextDue[i] < nextDue[best] { best = i }
            }
            guard best >= 0 else { return nil }
            nextDue[best] = now &+ configuration.polls[best].interval
            return send(
                configuration.polls[best].pid.request, .query(index: best),
                deadline: now &+ configuration.commandTimeout)
        }
    }

    private mutating func send(_ command: [UInt8], _ what: Pending, deadline: UInt64) -> [UInt8] {
        pending = what
        sentCommand = command
        responseDeadline = deadline
        current.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        statistics.commands &+= 1
        return command + [ASCII.cr]
    }

    private mutating func timedOut() {
        statistics.timeouts &+= 1
        consecutiveTimeouts += 1
        pending = nil
        let command = String(decoding: sentCommand, as: UTF8.self)
        if case .initialising = phase {
            // An adapter that does not answer init is retried from ATZ.
            phase = .initialising(step: 0)
            goneSilent(
                hasAnswered
                    ? "the adapter stopped answering (no answer to \(command)); re-initialising it (ATZ) until it does"
                    : "the adapter does not answer \(command): is it an ELM327, at the board's baud rate, with the ignition on? retried from ATZ")
        } else if consecutiveTimeouts >= configuration.maxConsecutiveTimeouts {
            statistics.reinitialisations &+= 1
            let n = consecutiveTimeouts
            restart()
            goneSilent("the adapter stopped answering (\(n) commands in a row unanswered); re-initialising it (ATZ) until it does")
        }
    }

    /// Said once per silence.
    private mutating func goneSilent(_ notice: String) {
        guard !isSilent else { return }
        isSilent = true
        notices.append(notice)
    }

    /// What to log once: the adapter stopped answering, or answers again.
    public mutating func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    /// Consumes adapter output; a complete response (ending in `>`) may emit samples.
    public mutating func feed<C: Collection>(
        _ bytes: C, now: UInt64,
        into sink: (Sample) -> Void
    ) where C.Element == UInt8 {
        for var c in bytes {
            statistics.bytes &+= 1
            switch c {
            case 0: continue  // some clones pad with NULs
            case ASCII.cr, ASCII.lf: endLine(now: now)
            case UInt8(ascii: ">"):
                endLine(now: now)
                completeResponse(now: now, sink)
            default:
                if c >= 97 && c <= 122 { c -= 32 }  // clones may answer in lower case
                if current.count < Self.maxLineLength { current.append(c) }
            }
        }
    }

    public mutating func feed<C: Collection>(_ bytes: C, now: UInt64) -> [Sample] where C.Element == UInt8 {
        var out: [Sample] = []
        feed(bytes, now: now) { out.append($0) }
        return out
    }

    private mutating func endLine(now: UInt64) {
        // Trim spaces; blank lines (clones send extra ones) vanish here.
        while let l = current.last, l == ASCII.space { current.removeLast() }
        var start = 0
        while start < current.count && current[start] == ASCII.space { start += 1 }
        defer { current.removeAll(keepingCapacity: true) }
        guard start < current.count else { return }
        let line = Array(current[start...])
        if Self.startsWith(line, "SEARCHING") || (Self.startsWith(line, "BUS INIT") && !Self.contains(line, "ERROR")) {
            // The adapter is still working: give it time, and do not treat it as data.
            if pending != nil { responseDeadline = max(responseDeadline, now &+ configuration.searchTimeout) }
            return
        }
        if lines.count < Self.maxLines { lines.append(line) }
    }

    private mutating func completeResponse(now: UInt64, _ sink: (Sample) -> Void) {
        defer { lines.removeAll(keepingCapacity: true) }
        guard let what = pending else {
            statistics.unsolicited &+= 1  // e.g. a late prompt after a timeout
            return
        }
        pending = nil
        consecutiveTimeouts = 0
        statistics.responses &+= 1
        hasAnswered = true
        if isSilent {
            isSilent = false
            notices.append("the adapter answers again")
        }
        // Echo (ATE0 not yet applied, or ignored by a clone) is not an answer.
        let answer = lines.filter { !Self.isEcho($0, sentCommand) }
        switch what {
        case .initCommand(let step):
            if answer.contains(where: { $0 == [UInt8(ascii: "?")] }) { statistics.errors &+= 1 }
            // Clones reject some AT commands with `?`; carry on regardless.
            phase = step + 1 < Self.initCommands.count ? .initialising(step: step + 1) : .polling
        case .query(let index):
            handleQuery(answer, index: index, now: now, sink)
        }
    }

    private mutating func handleQuery(_ answer: [[UInt8]], index: Int, now: UInt64, _ sink: (Sample) -> Void) {
        let pid = configuration.polls[index].pid
        // Several ECUs may answer: the first valid line wins.
        for line in answer {
            if let v = OBDResponseLine.decode(line, pid: pid) {
                statistics.samples &+= 1
                isConnected = true
                sink(Sample(name: pid.channel, value: v, unit: pid.unit))
                return
            }
        }
        for line in answer {
            if Self.contains(line, "NO DATA") {
                statistics.noData &+= 1
                nextDue[index] = max(nextDue[index], now &+ configuration.noDataBackoff)
                return
            }
            if Self.contains(line, "UNABLE TO CONNECT") {
                statistics.unableToConnect &+= 1
                isConnected = false
                phase = .waitingToRetry(until: now &+ configuration.retryDelay)
                return
            }
            if line == [UInt8(ascii: "?")] || Self.contains(line, "ERROR") || Self.contains(line, "STOPPED")
                || Self.contains(line, "BUFFER FULL")
            {
                statistics.errors &+= 1
                return
            }
        }
        statistics.unparsable &+= 1
    }

    static func isEcho(_ line: [UInt8], _ command: [UInt8]) -> Bool {
        var i = 0
        for c in line where c != ASCII.space {
            guard i < command.count, command[i] == c else { return false }
            i += 1
        }
        return i == command.count
    }

    // Keyword matching ignores spaces: clones that drop spaces write `NODATA`.
    static func startsWith(_ line: [UInt8], _ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { p in match(line, p, anchored: true) }
    }

    static func contains(_ line: [UInt8], _ needle: StaticString) -> Bool {
        needle.withUTF8Buffer { p in match(line, p, anchored: false) }
    }

    private static func match(_ line: [UInt8], _ p: UnsafeBufferPointer<UInt8>, anchored: Bool) -> Bool {
        var start = 0
        while start < line.count {
            var i = start
            var k = 0
            while k < p.count {
                if p[k] == ASCII.space {
                    k += 1
                    continue
                }
                while i < line.count && line[i] == ASCII.space { i += 1 }
                guard i < line.count, line[i] == p[k] else { break }
                i += 1
                k += 1
            }
            if k == p.count { return true }
            if anchored { return false }
            start += 1
        }
        return false
    }
}

/// Counters of an ELM327 session.
public struct ELM327Statistics: Sendable, Equatable {
    public var bytes: UInt64 = 0
    public var commands: UInt64 = 0
    public var responses: UInt64 = 0
    public var samples: UInt64 = 0
    public var noData: UInt64 = 0
    public var unableToConnect: UInt64 = 0
    /// `?`, `CAN ERROR`, `BUS ERROR`, `BUS INIT: ...ERROR`, `STOPPED`, `BUFFER FULL`.
    public var errors: UInt64 = 0
    public var timeouts: UInt64 = 0
    public var reinitialisations: UInt64 = 0
    /// Responses with no usable line.
    public var unparsable: UInt64 = 0
    /// Prompts that arrived with no command pending.
    public var unsolicited: UInt64 = 0
    public init() {}
}
