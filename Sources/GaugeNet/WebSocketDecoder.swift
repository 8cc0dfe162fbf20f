import GaugeDecoders

/// A streaming decoder of the frames a WebSocket server sends (RFC 6455 §5): feed it
/// whatever the socket returned, in chunks of any size (a frame's header or payload may
/// be split anywhere); each whole message, control frame or skipped message goes to the
/// sink in order.
///
/// Fragmented messages are joined; control frames between their fragments are reported
/// at once. A message larger than `maximumMessageSize` is not an error: each frame states
/// its length, so the message is read past without being kept, reported as `.skipped`,
/// and the stream goes on. A protocol violation (a masked server frame, reserved bits,
/// an unknown opcode, a fragmented or overlong control frame, fragments out of order, a
/// 64-bit length with its top bit set) throws and leaves the decoder failed, as the spec
/// asks the client to close the connection (§7.1.7); after reconnecting, call `reset()`.
/// Until then every `feed` throws the same error. What completed earlier in the same
/// chunk has reached the sink. Nothing here answers a ping or a close: the session does.
public struct WebSocketDecoder: Sendable {
    public let maximumMessageSize: Int
    /// `bytes` fed, `accepted` messages, `overlong` messages skipped.
    public private(set) var statistics = DecoderStatistics()
    public private(set) var failure: WebSocketDecodeError?

    /// The frame header read so far (2 to 10 bytes: servers do not mask).
    private var header: [UInt8] = []
    private var inPayload = false
    private var frameOpcode = WebSocketOpcode.continuation
    private var final = false
    /// Payload bytes of the frame under way still to read.
    private var remaining: UInt64 = 0
    private var control: [UInt8] = []
    /// The data message under way (its first frame's opcode), its bytes so far.
    private var messageOpcode: WebSocketOpcode?
    private var message: [UInt8] = []
    /// The message under way is over the limit: its size so far.
    private var skippedSize: UInt64?

    /// `maximumMessageSize`: the largest message kept, in bytes (at least 125).
    public init(maximumMessageSize: Int = 16 * 1024) {
        self.maximumMessageSize = max(maximumMessageSize, 125)
    }

    /// Forgets any partial frame or message and a failure: call it after reconnecting.
    public mutating func reset() {
        self = WebSocketDecoder(maximumMessageSize: maximumMessageSize)
    }

    public mutating func feed(_ bytes: [UInt8], into sink: (WebSocketEvent) -> Void) throws(WebSocketDecodeError) {
        if let f = failure { throw f }
        statistics.bytes &+= UInt64(truncatingIfNeeded: bytes.count)
        var i = 0
        while i < bytes.count {
            if inPayload {
                let n = Int(truncatingIfNeeded: min(UInt64(truncatingIfNeeded: bytes.count - i), remaining))
                if frameOpcode.isControl {
                    control.append(contentsOf: bytes[i..<(i + n)])
                } else if skippedSize == nil {
                    message.append(contentsOf: bytes[i..<(i + n)])
                }
                remaining -= UInt64(truncatingIfNeeded: n)
                i += n
                if remaining == 0 { endFrame(sink) }
                continue
            }
            header.append(bytes[i])
            i += 1
            if header.count == 2, header[1] & 0x80 != 0 { try fail(.maskedFrame) }
            if header.count >= 2, header.count == headerLength { try startFrame(sink) }
        }
    }

    /// 2, 4 or 10 bytes, by the 7-bit length.
    private var headerLength: Int {
        switch header[1] & 0x7F {
        case 126: return 4
        case 127: return 10
        default: return 2
        }
    }

    private mutating func startFrame(_ sink: (WebSocketEvent) -> Void) throws(WebSocketDecodeError) {
        let first = header[0]
        var length = UInt64(header[1] & 0x7F)
        if header.count > 2 {
            length = 0
            for b in header[2...] { length = length << 8 | UInt64(b) }
        }
        header.removeAll(keepingCapacity: true)
        guard first & 0x70 == 0 else { try fail(.reservedBits) }
        guard let op = WebSocketOpcode(rawValue: first & 0x0F) else { try fail(.unknownOpcode(first & 0x0F)) }
        guard length >> 63 == 0 else { try fail(.badLength) }
        final = first & 0x80 != 0
        if op.isControl {
            guard final, length <= 125 else { try fail(.badControlFrame) }
            control.removeAll(keepingCapacity: true)
        } else if op == .continuation {
            guard messageOpcode != nil else { try fail(.badFragment) }
        } else {
            guard messageOpcode == nil else { try fail(.badFragment) }
            messageOpcode = op
            message.removeAll(keepingCapacity: true)
            skippedSize = nil
        }
        if !op.isControl { count(length) }
        frameOpcode = op
        remaining = length
        inPayload = true
        if length == 0 { endFrame(sink) }
    }

    /// Adds a data frame's length to the message's, which is skipped once over the limit.
    private mutating func count(_ length: UInt64) {
        if let size = skippedSize {
            let (sum, overflow) = size.addingReportingOverflow(length)
            skippedSize = overflow ? UInt64.max : sum
        } else if length > UInt64(maximumMessageSize - message.count) {
            skippedSize = UInt64(message.count) + length
            message.removeAll(keepingCapacity: false)
            statistics.overlong &+= 1
        }
    }

    private mutating func endFrame(_ sink: (WebSocketEvent) -> Void) {
        inPayload = false
        switch frameOpcode {
        case .ping: sink(.ping(control))
        case .pong: sink(.pong)
        case .close: sink(.close(code: control.count >= 2 ? UInt16(control[0]) << 8 | UInt16(control[1]) : nil))
        case .continuation, .text, .binary:
            guard final else { return }
            if let size = skippedSize {
                sink(.skipped(size: size))
            } else {
                statistics.accepted &+= 1
                sink(messageOpcode == .binary ? .binary(message) : .text(message))
            }
            messageOpcode = nil
            skippedSize = nil
            message.removeAll(keepingCapacity: true)
        }
    }

    private mutating func fail(_ error: WebSocketDecodeError) throws(WebSocketDecodeError) -> Never {
        failure = error
        throw error
    }
}
