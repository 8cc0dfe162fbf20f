import GaugeSensors

/// What a CAN sensor reads from the bus (`protocol` in the board).
public enum CANProtocol: Sendable, Equatable {
    /// Broadcast frames described by a DBC file; samples are named `MESSAGE.SIGNAL`.
    case dbc(DBCFile)
    /// OBD-II mode 01 over ISO 15765-4: these PIDs, asked for `pollHz` times a second in
    /// turn with 11- or 29-bit ids; samples are named as the ELM327 source names them
    /// (`engine.rpm`…).
    case obd2(pids: [OBDPID], pollHz: Double, ids: OBDIdentifiers = .standard)
    /// NMEA 2000 PGNs; samples are named as the NMEA 0183 decoder names them.
    case nmea2000

    public var name: String {
        switch self {
        case .dbc: "dbc"
        case .obd2: "obd2"
        case .nmea2000: "nmea2000"
        }
    }

    /// Kernel-side filters: only the frames this protocol reads reach the panel.
    public var filters: [CANFilter] {
        switch self {
        case .dbc(let file):
            var out: [CANFilter] = []
            for m in file.messages where out.count < CANFilter.maxCount {
                out.append(m.isExtended ? .extended(m.id) : .standard(m.id))
            }
            // More messages than the kernel's filter takes: let every frame in, the DBC picks.
            if file.messages.count > CANFilter.maxCount {
                return [CANFilter(id: 0, mask: CANRawFrame.remoteFlag)]
            }
            return out
        case .obd2(_, _, .standard):
            // 0x7E8…0x7EF (mask 0x7F8), 11-bit data frames only.
            return [CANFilter(id: 0x7E8, mask: 0x7F8 | CANRawFrame.extendedFlag | CANRawFrame.remoteFlag)]
        case .obd2(_, _, .extended):
            // 0x18DAF1xx: 29-bit physical answers to the tester F1 from any ECU address.
            return [.extended(0x18DA_F100, mask: 0x1FFF_FF00)]
        case .nmea2000:
            // The PGN's bits of the 29-bit id: data page and PF, plus PS for PDU2 (PF ≥ 240).
            return NMEA2000PGNs.supported.sorted().map { pgn in
                let pdu2 = pgn >> 8 & 0xFF >= 240
                return .extended(pgn << 8, mask: pdu2 ? 0x3_FFFF << 8 : 0x3_FF00 << 8)
            }
        }
    }
}

/// Frames in, samples out, for one `CANProtocol`: a pure state machine (no I/O), shared
/// by the live `CANSource` and the replay of `candump -l` logs.
public struct CANDecoder: Sendable {
    public struct Statistics: Sendable, Equatable {
        public var frames: UInt64 = 0
        /// Frames that gave at least one sample.
        public var decoded: UInt64 = 0
        /// Frames no message or PGN describes (with kernel filters: few).
        public var unknown: UInt64 = 0
        public var samples: UInt64 = 0
        public init() {}
    }

    public let canProtocol: CANProtocol
    public private(set) var statistics = Statistics()
    private var nmea = NMEA2000Decoder()
    /// One ISO-TP reception per OBD responder (0x7E8…, 0x18DAF1xx), keyed by its id.
    private var isotp: [UInt32: ISOTPReceiver] = [:]
    private var messageIndex: [UInt32: Int32] = [:]
    /// The DBC's messages as samplers, by `messageIndex`.
    private var samplers: [DBCSampler] = []

    public init(_ canProtocol: CANProtocol) {
        self.canProtocol = canProtocol
        if case .dbc(let file) = canProtocol {
            for (i, m) in file.messages.enumerated() {
                let key = m.id | (m.isExtended ? CANRawFrame.extendedFlag : 0)
                if messageIndex[key] == nil { messageIndex[key] = Int32(i) }
            }
            samplers = file.messages.map { DBCSampler($0) }
        }
    }

    /// What a frame meant for OBD-II polling: an answer (with the PIDs it carried), a
    /// refusal, or flow control to send for a multi-frame answer.
    public enum OBDEvent: Sendable, Equatable {
        case answered([UInt8])
        case refused(service: UInt8, code: UInt8)
        /// Send these bytes to `id` now (ISO-TP flow control).
        case send(id: UInt32, extended: Bool, data: [UInt8])
    }

    /// Decodes one frame; samples go to `sink`, OBD-II events are returned.
    @discardableResult
    public mutating func feed(_ frame: CANFrame, now: UInt64, into sink: (Sample) -> Void) -> [OBDEvent] {
        statistics.frames &+= 1
        var emitted: UInt64 = 0
        var events: [OBDEvent] = []
        // A frame the protocol knows that gives nothing (yet): an ISO-TP consecutive frame,
        // a DBC message whose signals the data is too short for.
        var recognised = false
        switch canProtocol {
        case .dbc:
            let key = frame.id | (frame.isExtended ? CANRawFrame.extendedFlag : 0)
            if !frame.isRemote, let i = messageIndex[key] {
                recognised = true
                samplers[Int(i)].samples(frame.data) {
                    emitted &+= 1
                    sink($0)
                }
            }
        case .nmea2000:
            // A fast packet's frames before its last give nothing yet, but are known.
            recognised = nmea.feed(frame) {
                emitted &+= 1
                sink($0)
            }
        case .obd2(let pids, _, _):
            guard !frame.isRemote, let _ = OBDOverCAN.responder(frame) else { break }
            recognised = true
            let key = frame.id | (frame.isExtended ? CANRawFrame.extendedFlag : 0)
            var receiver = isotp[key] ?? ISOTPReceiver()
            for e in receiver.receive(frame.data, at: now) {
                switch e {
                case .message(let message):
                    switch OBDOverCAN.parse(message, pids: pids) {
                    case .values(let samples):
                        for s in samples {
                            emitted &+= 1
                            sink(s)
                        }
                        events.append(.answered(pids.filter { p in samples.contains { $0.name == p.channel } }.map { $0.code }))
                    case .negative(let service, let code):
                        events.append(.refused(service: service, code: code))
                    default: break
                    }
                case .flowControl(let data):
                    if let to = OBDOverCAN.flowControlID(frame) { events.append(.send(id: to, extended: frame.isExtended, data: data)) }
                case .error: break
                }
            }
            isotp[key] = receiver
        }
        if emitted > 0 { statistics.decoded &+= 1 } else if events.isEmpty && !recognised { statistics.unknown &+= 1 }
        statistics.samples &+= emitted
        return events
    }

    /// Forgets reassembly in progress (the bus was lost).
    public mutating func reset() {
        nmea.resetFraming()
        isotp = [:]
    }
}

extension CANFrame {
    /// A frame as the socket read it; nil for error frames and impossible ones.
    public init?(_ raw: CANRawFrame) {
        guard !raw.isError else { return nil }
        if raw.isRemote && !raw.isFD {
            guard
                let f = try? CANFrame(
                    remoteID: raw.identifier, extended: raw.isExtended,
                    length: UInt8(min(raw.data.count, 8)))
            else { return nil }
            self = f
            return
        }
        guard
            let f = try? CANFrame(
                id: raw.identifier, extended: raw.isExtended, data: raw.data, fd: raw.isFD,
                fdFlags: raw.isFD ? raw.fdFlags & 0xF : 0)
        else { return nil }
        self = f
    }

    /// The frame as a socket writes it.
    public var raw: CANRawFrame {
        CANRawFrame(
            canID: id | (isExtended ? CANRawFrame.extendedFlag : 0) | (isRemote ? CANRawFrame.remoteFlag : 0),
            isFD: isFD, fdFlags: fdFlags, data: data)
    }
}

extension DBCFile {
    /// Only the messages and signals these `MESSAGE.SIGNAL` names read (with the
    /// multiplexer of a multiplexed one): the kernel then passes only the frames a board
    /// shows, and each frame decodes only what it needs.
    public func keeping(_ names: [String]) -> DBCFile {
        var kept: [DBCMessage] = []
        for m in messages {
            let wanted = m.signals.filter { s in names.contains(m.name + "." + s.name) }
            guard !wanted.isEmpty else { continue }
            let needsMultiplexer = wanted.contains { if case .multiplexed = $0.multiplex { return true } else { return false } }
            var copy = m
            copy.signals = m.signals.filter { s in
                wanted.contains { $0.name == s.name } || (needsMultiplexer && s.multiplex == .multiplexer)
            }
            kept.append(copy)
        }
        return DBCFile(messages: kept)
    }
}
