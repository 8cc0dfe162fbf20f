/// A WebSocket frame's opcode (RFC 6455 §5.2).
public enum WebSocketOpcode: UInt8, Sendable, Equatable {
    case continuation = 0
    case text = 1
    case binary = 2
    case close = 8
    case ping = 9
    case pong = 10

    /// Close, ping and pong: at most 125 bytes, never fragmented.
    public var isControl: Bool { rawValue & 0x08 != 0 }
}

/// Writes a client's frames: always final, always masked with the 4-byte `mask` (a client
/// must mask every frame, §5.3), the length in 7, 16 or 64 bits as it needs.
public enum WebSocketFrameEncoder {
    public static func frame(_ opcode: WebSocketOpcode, _ payload: [UInt8], mask: UInt32) -> [UInt8] {
        var out: [UInt8] = [0x80 | opcode.rawValue]
        out.reserveCapacity(payload.count + 14)
        let length = UInt64(truncatingIfNeeded: payload.count)
        if length < 126 {
            out.append(0x80 | UInt8(truncatingIfNeeded: length))
        } else if length <= 0xFFFF {
            out.append(0x80 | 126)
            out.append(UInt8(truncatingIfNeeded: length >> 8))
            out.append(UInt8(truncatingIfNeeded: length))
        } else {
            out.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: length >> UInt64(shift))) }
        }
        let key: [UInt8] = [
            UInt8(truncatingIfNeeded: mask >> 24), UInt8(truncatingIfNeeded: mask >> 16),
            UInt8(truncatingIfNeeded: mask >> 8), UInt8(truncatingIfNeeded: mask),
        ]
        out.append(contentsOf: key)
        for (i, b) in payload.enumerated() { out.append(b ^ key[i & 3]) }
        return out
    }

    /// A close frame's payload: the status code (1000: normal closure), no reason.
    public static func close(code: UInt16 = 1000, mask: UInt32) -> [UInt8] {
        frame(.close, [UInt8(truncatingIfNeeded: code >> 8), UInt8(truncatingIfNeeded: code)], mask: mask)
    }
}

/// What the frame decoder reads out of the server's stream.
public enum WebSocketEvent: Sendable, Equatable {
    /// A whole text message (its fragments joined); the bytes as sent, UTF-8 not checked.
    case text([UInt8])
    case binary([UInt8])
    /// A ping: the client answers with a pong carrying the same payload.
    case ping([UInt8])
    case pong
    /// The server closes: its status code when it gave one.
    case close(code: UInt16?)
    /// A message over the decoder's limit, read past without being kept: its size so far
    /// when it ended (its frames' payload lengths added, capped at UInt64's range).
    case skipped(size: UInt64)
}

/// Why the server's stream cannot be read on (the connection is to be closed).
public enum WebSocketDecodeError: Error, Sendable, Equatable {
    /// A server frame with the mask bit set (§5.1).
    case maskedFrame
    /// RSV bits set without a negotiated extension.
    case reservedBits
    case unknownOpcode(UInt8)
    /// A control frame fragmented or over 125 bytes.
    case badControlFrame
    /// A continuation without a message under way, or a new message inside one.
    case badFragment
    /// A 64-bit length with its top bit set.
    case badLength

    public var message: String {
        switch self {
        case .maskedFrame: return "the server sent a masked frame"
        case .reservedBits: return "the server set reserved bits"
        case .unknownOpcode(let op): return "the server sent an unknown opcode \(op)"
        case .badControlFrame: return "the server sent a fragmented or overlong control frame"
        case .badFragment: return "the server's message fragments are out of order"
        case .badLength: return "the server sent an impossible frame length"
        }
    }
}
