/// ISO 15765-2 (ISO-TP) reception as a pure state machine: single frames, first frame +
/// consecutive frames with sequence checking, and the flow-control frames the receiver
/// must send. Time is the caller's monotonic nanoseconds, so nothing here reads a clock.
///
/// Classic CAN (8-byte frames) throughout; a CAN FD single frame's escape (`00 <len>`)
/// and the 32-bit first-frame length (`10 00 <len32>`) are read too. Flow-control frames
/// received (meant for a sender) are ignored.
public struct ISOTPReceiver: Sendable {
    public struct Configuration: Sendable, Equatable {
        /// Consecutive frames per flow control (0: all of them after one).
        public var blockSize: UInt8
        /// STmin the sender must leave between consecutive frames (ISO-TP's encoding).
        public var separationTime: UInt8
        /// N_Cr: the longest wait for the next consecutive frame.
        public var timeoutNanoseconds: UInt64
        /// Longer messages are refused with an overflow flow control.
        public var maxLength: UInt32
        /// Fills flow-control frames to 8 bytes.
        public var padding: UInt8

        public init(
            blockSize: UInt8 = 0, separationTime: UInt8 = 0, timeoutNanoseconds: UInt64 = 1_000_000_000,
            maxLength: UInt32 = 4095, padding: UInt8 = 0xCC
        ) {
            self.blockSize = blockSize
            self.separationTime = separationTime
            self.timeoutNanoseconds = timeoutNanoseconds
            self.maxLength = maxLength
            self.padding = padding
        }
    }

    public enum Event: Sendable, Equatable {
        /// A whole message.
        case message([UInt8])
        /// Data bytes of the flow-control frame to send now.
        case flowControl([UInt8])
        case error(ISOTPError)
    }

    public var configuration: Configuration
    public private(set) var statistics = ISOTPStatistics()
    private var buffer: [UInt8] = []
    private var expectedLength: UInt32 = 0
    private var nextSequence: UInt8 = 1
    private var framesInBlock: UInt8 = 0
    private var lastFrameTime: UInt64 = 0
    public private(set) var isReceiving = false

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Forgets a message in progress.
    public mutating func reset() {
        isReceiving = false
        buffer.removeAll(keepingCapacity: true)
    }

    /// The timeout error if the message in progress waited too long (and drops it).
    public mutating func checkTimeout(at now: UInt64) -> ISOTPError? {
        guard isReceiving, now >= lastFrameTime, now - lastFrameTime > configuration.timeoutNanoseconds else { return nil }
        statistics.timeouts &+= 1
        reset()
        return .timeout
    }

    /// One frame's data bytes, received at `now`: what to do, in order.
    public mutating func receive(_ data: [UInt8], at now: UInt64) -> [Event] {
        var events: [Event] = []
        statistics.frames &+= 1
        if let e = checkTimeout(at: now) { events.append(.error(e)) }
        guard let pci = data.first else { return fail(.empty, events) }
        switch pci >> 4 {
        case 0: return single(data, events)
        case 1: return first(data, now, events)
        case 2: return consecutive(data, now, events)
        case 3:
            statistics.ignored &+= 1
            return events
        default: return fail(.badPCI(pci), events)
        }
    }

    private mutating func fail(_ e: ISOTPError, _ events: [Event]) -> [Event] {
        statistics.errors &+= 1
        return events + [.error(e)]
    }

    private mutating func interrupt(_ events: inout [Event]) {
        if isReceiving {
            statistics.errors &+= 1
            events.append(.error(.interrupted))
            reset()
        }
    }

    private mutating func single(_ data: [UInt8], _ events: [Event]) -> [Event] {
        var events = events
        interrupt(&events)
        var length = Int32(data[0] & 0xF)
        var start = 1
        if length == 0 {
            // CAN FD escape: the length is in the next byte.
            guard data.count > 8, data.count >= 2 else { return fail(.badSingleFrameLength, events) }
            length = Int32(data[1])
            start = 2
            guard length > 7 else { return fail(.badSingleFrameLength, events) }
        }
        guard length >= 1, Int32(start) + length <= Int32(data.count) else { return fail(.badSingleFrameLength, events) }
        statistics.messages &+= 1
        return events + [.message(Array(data[start..<start + Int(length)]))]
    }

    private mutating func first(_ data: [UInt8], _ now: UInt64, _ events: [Event]) -> [Event] {
        var events = events
        interrupt(&events)
        guard data.count >= 2 else { return fail(.badFirstFrameLength, events) }
        var length = UInt32(data[0] & 0xF) << 8 | UInt32(data[1])
        var start = 2
        if length == 0 {
            guard data.count >= 6 else { return fail(.badFirstFrameLength, events) }
            length = UInt32(data[2]) << 24 | UInt32(data[3]) << 16 | UInt32(data[4]) << 8 | UInt32(data[5])
            start = 6
        }
        // A first frame's message must need more than one frame.
        guard length > UInt32(data.count - 1), data.count > start else { return fail(.badFirstFrameLength, events) }
        guard length <= configuration.maxLength else {
            statistics.errors &+= 1
            return events + [.flowControl(flowControl(status: 2)), .error(.tooLong(length))]
        }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: data[start...])
        expectedLength = length
        nextSequence = 1
        framesInBlock = 0
        lastFrameTime = now
        isReceiving = true
        return events + [.flowControl(flowControl(status: 0))]
    }

    private mutating func consecutive(_ data: [UInt8], _ now: UInt64, _ events: [Event]) -> [Event] {
        guard isReceiving else { return fail(.unexpectedConsecutiveFrame, events) }
        let sequence = data[0] & 0xF
        guard sequence == nextSequence else {
            let expected = nextSequence
            reset()
            return fail(.wrongSequence(expected: expected, got: sequence), events)
        }
        nextSequence = (nextSequence + 1) & 0xF
        lastFrameTime = now
        // In 64 bits: a 32-bit length does not fit a 32-bit CPU's Int.
        let remaining = Int64(expectedLength) - Int64(buffer.count)
        let take = Int(min(remaining, Int64(data.count - 1)))
        buffer.append(contentsOf: data[1..<1 + take])
        if Int64(buffer.count) == Int64(expectedLength) {
            let message = buffer
            reset()
            statistics.messages &+= 1
            return events + [.message(message)]
        }
        framesInBlock &+= 1
        if configuration.blockSize != 0 && framesInBlock == configuration.blockSize {
            framesInBlock = 0
            return events + [.flowControl(flowControl(status: 0))]
        }
        return events
    }

    /// `3s BS STmin`, padded: status 0 continue to send, 1 wait, 2 overflow.
    func flowControl(status: UInt8) -> [UInt8] {
        var f = [0x30 | status, configuration.blockSize, configuration.separationTime]
        while f.count < 8 { f.append(configuration.padding) }
        return f
    }
}

public struct ISOTPStatistics: Sendable, Equatable {
    public var frames: UInt64 = 0
    public var messages: UInt64 = 0
    public var errors: UInt64 = 0
    public var timeouts: UInt64 = 0
    /// Flow-control frames seen (they are for a sender).
    public var ignored: UInt64 = 0

    public init() {}
}

public enum ISOTPError: Error, Equatable, Sendable {
    case empty
    case badPCI(UInt8)
    case badSingleFrameLength
    case badFirstFrameLength
    case tooLong(UInt32)
    case unexpectedConsecutiveFrame
    case wrongSequence(expected: UInt8, got: UInt8)
    /// A new single or first frame arrived while a message was in progress; that one is lost.
    case interrupted
    case timeout

    public var message: String {
        switch self {
        case .empty: return "frame without data"
        case .badPCI(let p): return "unknown protocol control byte 0x" + hexString(UInt64(p))
        case .badSingleFrameLength: return "single frame length does not match its data"
        case .badFirstFrameLength: return "first frame length too short for a multi-frame message"
        case .tooLong(let n): return "message of " + String(n) + " bytes is longer than allowed"
        case .unexpectedConsecutiveFrame: return "consecutive frame without a first frame"
        case .wrongSequence(let e, let g): return "consecutive frame " + String(g) + " where " + String(e) + " was due"
        case .interrupted: return "a new message began before the last one was complete"
        case .timeout: return "no consecutive frame in time"
        }
    }
}
