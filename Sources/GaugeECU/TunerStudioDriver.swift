import GaugeSensors

/// Polls an ECU that speaks TunerStudio's protocol, by its INI: asks for the signature in
/// the framing the INI prefers and then the other (a CRC32 command locks newer Speeduino's
/// legacy commands out until it resets, so the first framing that answers is kept), checks
/// it against the INI's, then asks for the bytes the board's channels need at `pollHz`.
///
/// Pure, like `ELM327Driver`: the caller writes `nextCommand(now:)`, waits for input or
/// `nextDeadline`, and feeds what arrives.
public struct TunerStudioDriver: Sendable {
    public struct Configuration: Sendable, Equatable {
        public var pollHz: Double = 10
        /// Time for a signature answer; an Arduino resets when its port opens and its
        /// bootloader waits about a second before the firmware listens.
        public var probeTimeout: UInt64 = 1_500 * Nanoseconds.perMillisecond
        public var answerTimeout: UInt64 = 500 * Nanoseconds.perMillisecond
        /// Unanswered requests in a row before the ECU counts as gone and is probed again.
        public var maxTimeouts = 3
        /// After a garbled answer, input is dropped this long so late bytes drain.
        public var settle: UInt64 = 50 * Nanoseconds.perMillisecond
        /// A signature that does not match is asked again this often (a reflashed ECU).
        public var mismatchRetry: UInt64 = 5 * Nanoseconds.perSecond
        public init(pollHz: Double = 10) { self.pollHz = pollHz }
    }

    enum Pending: Sendable, Equatable {
        case probe(step: Int)
        case realtime
    }

    public let decoder: RealtimeDecoder
    public let configuration: Configuration
    public internal(set) var framing: TunerStudioFraming?
    public internal(set) var statistics = TunerStudioStatistics()
    var pending: Pending?
    var assembler = AnswerAssembler(framing: .legacy, expected: 0)
    var answerDeadline: UInt64 = 0
    var quietUntil: UInt64 = 0
    var nextPoll: UInt64 = 0
    var probeStep = 0
    var timeouts = 0
    var silent = false
    var answeredOnce = false
    /// The ECU was lost: the next feed first marks every wanted channel as having no value.
    var staleAll = false
    var notices: [String] = []

    public init(decoder: RealtimeDecoder, configuration: Configuration = Configuration()) {
        self.decoder = decoder
        self.configuration = configuration
    }

    var definition: ECUDefinition { decoder.definition }

    /// The probes in order: the INI's query in its preferred framing, then in the other.
    var probes: [TunerStudioFraming] {
        definition.prefersCRCFraming ? [.crc32, .legacy] : [.legacy, .crc32]
    }

    var pollInterval: UInt64 {
        let hz = configuration.pollHz
        return hz > 0 && hz.isFinite ? UInt64(1e9 / min(max(hz, 0.1), 1000)) : Nanoseconds.perSecond
    }

    /// The port was (re)opened: start again from the signature.
    public mutating func restart() {
        framing = nil
        pending = nil
        probeStep = 0
        timeouts = 0
        nextPoll = 0
        quietUntil = 0
    }

    public var nextDeadline: UInt64? {
        if pending != nil { return answerDeadline }
        return framing == nil ? max(quietUntil, nextPoll) : max(nextPoll, quietUntil)
    }

    /// Bytes to write now, or nil. Also handles an answer that did not come.
    public mutating func nextCommand(now: UInt64) -> [UInt8]? {
        if pending != nil {
            guard now >= answerDeadline else { return nil }
            timedOut(now: now)
        }
        guard now >= quietUntil, now >= nextPoll else { return nil }
        guard let framing else { return probe(now: now) }
        let request = realtimeRequest()
        pending = .realtime
        assembler = AnswerAssembler(framing: framing, expected: request.count)
        answerDeadline = now &+ configuration.answerTimeout
        nextPoll = now &+ pollInterval
        statistics.requests &+= 1
        return framing.frame(request.command)
    }

    /// The realtime command for the bytes the channels need, and how many will come.
    func realtimeRequest() -> (command: [UInt8], count: Int) {
        let t = definition.realtimeCommand
        let d = definition
        guard t.isRanged else { return (t.bytes(offset: 0, count: 0, bigEndian: d.bigEndian), d.blockSize) }
        let r = decoder.range
        return (
            t.bytes(offset: UInt16(truncatingIfNeeded: r.lowerBound), count: UInt16(truncatingIfNeeded: r.count), bigEndian: d.bigEndian), r.count
        )
    }

    private mutating func probe(now: UInt64) -> [UInt8] {
        let f = probes[probeStep % probes.count]
        pending = .probe(step: probeStep)
        // A legacy signature has no length: the INI's tells when it is whole.
        assembler = AnswerAssembler(framing: f, expected: max(definition.signature.utf8.count, 1))
        answerDeadline = now &+ configuration.probeTimeout
        statistics.probes &+= 1
        return f.frame(definition.queryCommand)
    }

    private mutating func timedOut(now: UInt64) {
        let was = pending
        pending = nil
        statistics.timeouts &+= 1
        quietUntil = now &+ configuration.settle
        if case .probe(let step) = was {
            // Whatever a legacy probe got is compared as it is.
            if assembler.framing == .legacy, !assembler.buffer.isEmpty { return signature(assembler.buffer, now: now) }
            probeStep = step + 1
            if probeStep % probes.count == 0 { goneSilent(neverAnswered: !answeredOnce) }
            return
        }
        timeouts += 1
        if timeouts >= configuration.maxTimeouts { lost(now: now) }
    }

    /// The ECU stopped answering: its channels go stale and it is greeted again.
    private mutating func lost(now: UInt64) {
        statistics.losses &+= 1
        let n = timeouts
        restart()
        staleAll = true
        goneSilent(neverAnswered: false, detail: "\(n) requests in a row unanswered")
    }

    private mutating func goneSilent(neverAnswered: Bool, detail: String = "") {
        guard !silent else { return }
        silent = true
        let q = ECUText.printable(definition.queryCommand)
        if neverAnswered {
            notices.append(
                "the ECU does not answer \(q) in either framing (CRC32, legacy): is it powered, on this port, at its baud rate (Speeduino, rusEFI: 115200), and is no tuning program connected to it?"
            )
        } else {
            notices.append(
                "the ECU stopped answering (\(detail.isEmpty ? "no answer to \(q)" : detail)); its channels are stale until it answers again")
        }
    }

    public mutating func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }
}

/// Counters of a TunerStudio session.
public struct TunerStudioStatistics: Sendable, Equatable {
    public var bytes: UInt64 = 0
    public var probes: UInt64 = 0
    public var requests: UInt64 = 0
    public var blocks: UInt64 = 0
    public var timeouts: UInt64 = 0
    /// Answers with a bad CRC or length, short ones, and error statuses.
    public var garbled: UInt64 = 0
    public var losses: UInt64 = 0
    public var mismatches: UInt64 = 0
    /// Bytes that came with nothing asked.
    public var unsolicited: UInt64 = 0
    public var firstBlock: UInt64 = 0
    public var lastBlock: UInt64 = 0
    public init() {}
}
