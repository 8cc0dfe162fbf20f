import GaugeSensors

/// A streaming MQTT 3.1.1 packet decoder: feed it whatever the socket returned, in chunks
/// of any size; every complete packet goes to the sink in order.
///
/// A packet is checked as soon as its fixed header is complete. A PUBLISH larger than
/// `maximumPacketSize` (fixed header included) is not an error: its length is stated up
/// front, so its body is streamed past without being kept — only its topic (up to
/// `skippedTopicLimit` bytes) and packet identifier are read, for the report and the
/// QoS 1 acknowledgement — and the stream goes on at the next packet. Any other packet
/// over the limit, a Remaining Length of more than four bytes, or a malformed packet
/// throws a `MQTTDecodeError` and leaves the decoder failed: MQTT over TCP has no marker
/// to resynchronise on after a bad length, and the spec asks a client to close the
/// network connection on a protocol violation (§4.8). The caller closes the socket,
/// reconnects (CONNECT, SUBSCRIBE again) and calls `reset()`; until then every `feed`
/// throws the same error. Packets completed before the bad one in the same chunk have
/// reached the sink.
public struct MQTTDecoder: Sendable {
    /// Which packets are accepted: a client only ever receives CONNACK, PUBLISH, PUBACK,
    /// SUBACK and PINGRESP; `.any` also takes the client's own (tests, a test broker).
    public enum Direction: Sendable, Equatable {
        case fromServer
        case any
    }

    public let maximumPacketSize: Int
    public let direction: Direction
    /// `bytes` fed, `accepted` packets, `overlong` packets over the limit (PUBLISHes
    /// skipped, and others that failed), `unparsable` malformed packets.
    public private(set) var statistics = DecoderStatistics()
    public private(set) var failure: MQTTDecodeError?
    /// The longest topic a skipped PUBLISH reports (a longer one is reported without it).
    public static let skippedTopicLimit = 256

    private var header: UInt8 = 0
    private var lengthBytes: Int = 0  // 0: waiting for the header byte
    private var length: UInt32 = 0
    private var inBody = false
    private var body: [UInt8] = []
    /// An oversized PUBLISH being streamed past.
    private var skipping: MQTTSkippedPublish.Reader?

    /// `maximumPacketSize`: the largest packet accepted, fixed header included (at least 5).
    public init(maximumPacketSize: Int = 16 * 1024, direction: Direction = .fromServer) {
        self.maximumPacketSize = max(maximumPacketSize, 5)
        self.direction = direction
    }

    /// Forgets any partial packet and a failure: call it after reconnecting.
    public mutating func reset() {
        header = 0
        lengthBytes = 0
        length = 0
        inBody = false
        body.removeAll(keepingCapacity: false)
        skipping = nil
        failure = nil
    }

    /// Whether a packet is partly received.
    public var isMidPacket: Bool { lengthBytes > 0 || inBody || skipping != nil }

    public mutating func feed<C: Collection>(_ bytes: C, into sink: (MQTTPacket) -> Void) throws(MQTTDecodeError)
    where C.Element == UInt8 {
        try feed(bytes, into: sink, skipped: { _ in })
    }

    /// As `feed(_:into:)`; each PUBLISH over the limit goes to `skipped` once its last byte
    /// has been read past.
    public mutating func feed<C: Collection>(
        _ bytes: C, into sink: (MQTTPacket) -> Void,
        skipped: (MQTTSkippedPublish) -> Void
    ) throws(MQTTDecodeError)
    where C.Element == UInt8 {
        if let f = failure { throw f }
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if skipping != nil {
                index = skip(bytes, from: index, reported: skipped)
                continue
            }
            let b = bytes[index]
            index = bytes.index(after: index)
            statistics.bytes &+= 1
            if inBody {
                body.append(b)
                if body.count == Int(length) { try complete(sink) }
                continue
            }
            if lengthBytes == 0 {
                header = b
                lengthBytes = 1
                length = 0
                continue
            }
            // Remaining Length byte number `lengthBytes` (1...4).
            length |= UInt32(b & 0x7F) << UInt32(7 * (lengthBytes - 1))
            if b & 0x80 != 0 {
                guard lengthBytes < 4 else { try fail(.malformedRemainingLength) }
                lengthBytes += 1
                continue
            }
            let total = 1 + lengthBytes + Int(length)
            guard Int(length) <= maximumPacketSize - 1 - lengthBytes else {
                statistics.overlong &+= 1
                let size = UInt32(truncatingIfNeeded: total)
                guard header >> 4 == 3 else { try fail(.packetTooLarge(size: size, limit: maximumPacketSize)) }
                try checkHeader()
                lengthBytes = 0
                skipping = MQTTSkippedPublish.Reader(size: size, bodyLength: length, flags: header & 0x0F)
                continue
            }
            try checkHeader()
            lengthBytes = 0
            if length == 0 {
                try complete(sink)
            } else {
                inBody = true
                body.removeAll(keepingCapacity: true)
                body.reserveCapacity(Int(length))
            }
        }
    }

    /// Reads past the oversized PUBLISH under way, from `index`: past the topic and packet
    /// id the payload a chunk at a time, the fields and the last byte (which completes the
    /// report) one by one. Returns where the bytes go on.
    private mutating func skip<C: Collection>(
        _ bytes: C, from index: C.Index,
        reported: (MQTTSkippedPublish) -> Void
    ) -> C.Index where C.Element == UInt8 {
        guard var reader = skipping else { return index }
        let bulk = reader.payloadBytesToSkip(available: bytes.distance(from: index, to: bytes.endIndex))
        if bulk > 0 {
            reader.skip(bulk)
            statistics.bytes &+= UInt64(bulk)
            skipping = reader
            return bytes.index(index, offsetBy: bulk)
        }
        statistics.bytes &+= 1
        let done = reader.take(bytes[index])
        skipping = done == nil ? reader : nil
        if let done { reported(done) }
        return bytes.index(after: index)
    }

    /// Collects the packets (tests and small callers).
    public mutating func feed<C: Collection>(_ bytes: C) throws(MQTTDecodeError) -> [MQTTPacket] where C.Element == UInt8 {
        var out: [MQTTPacket] = []
        try feed(bytes) { out.append($0) }
        return out
    }

    private mutating func fail(_ e: MQTTDecodeError) throws(MQTTDecodeError) -> Never {
        if case .packetTooLarge = e {} else { statistics.unparsable &+= 1 }
        failure = e
        inBody = false
        lengthBytes = 0
        skipping = nil
        body.removeAll(keepingCapacity: false)
        throw e
    }

    /// The type and its flags, as soon as the fixed header is complete.
    private mutating func checkHeader() throws(MQTTDecodeError) {
        let type = header >> 4, flags = header & 0x0F
        switch type {
        case 2, 4, 9, 13:  // CONNACK PUBACK SUBACK PINGRESP
            guard flags == 0 else { try fail(.badFlags(type: type, flags: flags)) }
        case 3:  // PUBLISH
            guard (flags >> 1) & 3 != 3 else { try fail(.badQoS) }
        case 1, 12, 14:  // CONNECT PINGREQ DISCONNECT
            guard direction == .any else { try fail(.unexpectedPacketType(type)) }
            guard flags == 0 else { try fail(.badFlags(type: type, flags: flags)) }
        case 8:  // SUBSCRIBE
            guard direction == .any else { try fail(.unexpectedPacketType(type)) }
            guard flags == 2 else { try fail(.badFlags(type: type, flags: flags)) }
        default:
            try fail(.unexpectedPacketType(type))
        }
        let fixed: UInt32? =
            switch type {
            case 2, 4: 2
            case 12, 13, 14: 0
            default: nil
            }
        if let fixed, length != fixed { try fail(.badLength(type: type)) }
    }

    private mutating func complete(_ sink: (MQTTPacket) -> Void) throws(MQTTDecodeError) {
        inBody = false
        let type = header >> 4
        var local: [UInt8] = []
        swap(&local, &body)
        defer {
            swap(&local, &body)
            body.removeAll(keepingCapacity: true)
        }
        let parsed: Result<MQTTPacket, MQTTDecodeError> = local.withUnsafeBufferPointer { b in
            var r = MQTTBodyReader(b, type: type)
            do throws(MQTTDecodeError) {
                return .success(try r.packet(flags: header & 0x0F))
            } catch {
                return .failure(error)
            }
        }
        switch parsed {
        case .success(let p):
            statistics.accepted &+= 1
            sink(p)
        case .failure(let e):
            try fail(e)
        }
    }
}

public enum MQTTDecodeError: Error, Sendable, Equatable {
    /// The Remaining Length's fourth byte has its continuation bit set.
    case malformedRemainingLength
    /// The fixed header announces more than the caller's limit.
    case packetTooLarge(size: UInt32, limit: Int)
    /// A reserved type (0, 15), or one a client never receives.
    case unexpectedPacketType(UInt8)
    /// The fixed header's flags are not those §2.2.2 prescribes.
    case badFlags(type: UInt8, flags: UInt8)
    /// PUBLISH with both QoS bits set, or a SUBSCRIBE's requested QoS above 2.
    case badQoS
    /// The body is shorter than its fields or longer than the packet type allows.
    case badLength(type: UInt8)
    /// A string that is not well-formed UTF-8 or contains U+0000.
    case badUTF8(MQTTUTF8Error)
    /// A PUBLISH topic name with wildcards, or empty; a SUBSCRIBE filter that is invalid.
    case badTopic(MQTTTopicError)
    /// Packet identifier 0 where one is required.
    case zeroPacketID
    /// CONNACK return code above 5, or reserved acknowledge flags.
    case badConnAck(UInt8)
    /// SUBACK return code other than 0, 1, 2 or 0x80.
    case badSubscribeReturnCode(UInt8)
    /// CONNECT whose protocol name is not "MQTT" or whose level is not 4.
    case unsupportedProtocol
    /// CONNECT with the Will flag or reserved bits (the Will is not supported).
    case unsupportedConnectFlags(UInt8)
    /// SUBSCRIBE without a topic filter, or SUBACK without a return code.
    case emptyList

    public var message: String {
        switch self {
        case .malformedRemainingLength: "malformed Remaining Length (more than 4 bytes)"
        case .packetTooLarge(let size, let limit): "packet of \(size) bytes over the limit of \(limit)"
        case .unexpectedPacketType(let t): "unexpected packet type \(t)"
        case .badFlags(let t, let f): "packet type \(t) with flags \(f)"
        case .badQoS: "QoS 3"
        case .badLength(let t): "packet type \(t) with a bad length"
        case .badUTF8: "malformed UTF-8 string"
        case .badTopic: "invalid topic"
        case .zeroPacketID: "packet identifier 0"
        case .badConnAck(let c): "CONNACK with code or flags \(c)"
        case .badSubscribeReturnCode(let c): "SUBACK return code \(c)"
        case .unsupportedProtocol: "CONNECT: not MQTT 3.1.1"
        case .unsupportedConnectFlags(let f): "CONNECT flags \(f) (Will or reserved bit)"
        case .emptyList: "empty SUBSCRIBE or SUBACK"
        }
    }
}

/// Reads one packet's body.
struct MQTTBodyReader {
    let b: UnsafeBufferPointer<UInt8>
    let type: UInt8
    var i = 0

    init(_ b: UnsafeBufferPointer<UInt8>, type: UInt8) {
        self.b = b
        self.type = type
    }

    var remaining: Int { b.count - i }

    mutating func byte() throws(MQTTDecodeError) -> UInt8 {
        guard i < b.count else { throw .badLength(type: type) }
        i += 1
        return b[i - 1]
    }

    mutating func uint16() throws(MQTTDecodeError) -> UInt16 {
        guard remaining >= 2 else { throw .badLength(type: type) }
        i += 2
        return UInt16(b[i - 2]) << 8 | UInt16(b[i - 1])
    }

    mutating func packetID() throws(MQTTDecodeError) -> UInt16 {
        let id = try uint16()
        guard id != 0 else { throw .zeroPacketID }
        return id
    }

    /// A length-prefixed field's bytes.
    mutating func field() throws(MQTTDecodeError) -> UnsafeBufferPointer<UInt8> {
        let n = Int(try uint16())
        guard remaining >= n else { throw .badLength(type: type) }
        i += n
        return UnsafeBufferPointer(rebasing: b[(i - n)..<i])
    }

    mutating func string() throws(MQTTDecodeError) -> String {
        let f = try field()
        if let e = MQTTUTF8.validate(f) { throw .badUTF8(e) }
        return String(decoding: f, as: UTF8.self)
    }

    mutating func packet(flags: UInt8) throws(MQTTDecodeError) -> MQTTPacket {
        switch type {
        case 1: return .connect(try connect())
        case 2:
            let ackFlags = try byte(), code = try byte()
            guard ackFlags & 0xFE == 0, let rc = MQTTConnectReturnCode(rawValue: code),
                rc == .accepted || ackFlags == 0
            else {
                throw .badConnAck(ackFlags & 0xFE != 0 ? ackFlags : code)
            }
            return .connack(MQTTConnAck(sessionPresent: ackFlags == 1, returnCode: rc))
        case 3: return .publish(try publish(flags: flags))
        case 4: return .puback(packetID: try packetID())
        case 8: return .subscribe(try subscribe())
        case 9: return .suback(try subAck())
        case 12: return .pingreq
        case 13: return .pingresp
        case 14: return .disconnect
        default: throw .unexpectedPacketType(type)
        }
    }

    mutating func publish(flags: UInt8) throws(MQTTDecodeError) -> MQTTPublish {
        let qos = MQTTQoS(rawValue: (flags >> 1) & 3) ?? .atMostOnce
        let duplicate = flags & 8 != 0
        let topicBytes = try field()
        if let e = MQTTTopic.validateName(topicBytes) {
            if case .badUTF8(let u) = e { throw .badUTF8(u) }
            throw .badTopic(e)
        }
        // A QoS 0 PUBLISH must not have DUP set (§3.3.1.1).
        if qos == .atMostOnce && duplicate { throw .badFlags(type: 3, flags: flags) }
        let id: UInt16? = qos == .atMostOnce ? nil : try packetID()
        let payload = Array(UnsafeBufferPointer(rebasing: b[i...]))
        return MQTTPublish(
            topic: String(decoding: topicBytes, as: UTF8.self), payload: payload,
            qos: qos, packetID: id, retain: flags & 1 != 0, duplicate: duplicate)
    }

    mutating func subAck() throws(MQTTDecodeError) -> MQTTSubAck {
        let id = try packetID()
        guard remaining > 0 else { throw .emptyList }
        var results: [MQTTSubscribeResult] = []
        results.reserveCapacity(remaining)
        while i < b.count {
            let c = b[i]
            i += 1
            switch c {
            case 0, 1, 2: results.append(.granted(MQTTQoS(rawValue: c) ?? .atMostOnce))
            case 0x80: results.append(.failure)
            default: throw .badSubscribeReturnCode(c)
            }
        }
        return MQTTSubAck(packetID: id, results: results)
    }

    /// A client's CONNECT (the test broker reads them).
    mutating func connect() throws(MQTTDecodeError) -> MQTTConnect {
        let name = try field()
        guard name.count == 4, name[0] == 77, name[1] == 81, name[2] == 84, name[3] == 84 else {
            throw .unsupportedProtocol
        }
        guard try byte() == 4 else { throw .unsupportedProtocol }
        let cf = try byte()
        // Reserved bit 0; Will flag, Will QoS and Will Retain (bits 2–5) unsupported;
        // a password flag needs the user name flag.
        guard cf & 0x3D == 0, cf & 0xC0 != 0x40 else { throw .unsupportedConnectFlags(cf) }
        let keepAlive = try uint16()
        let clientID = try string()
        let username: String? = cf & 0x80 != 0 ? try string() : nil
        let password: [UInt8]? = cf & 0x40 != 0 ? Array(try field()) : nil
        guard remaining == 0 else { throw .badLength(type: type) }
        return MQTTConnect(
            clientID: clientID, keepAlive: keepAlive, cleanSession: cf & 2 != 0,
            username: username, password: password)
    }

    /// A client's SUBSCRIBE (the test broker reads them).
    mutating func subscribe() throws(MQTTDecodeError) -> MQTTSubscribe {
        let id = try packetID()
        guard remaining > 0 else { throw .emptyList }
        var filters: [MQTTSubscription] = []
        while i < b.count {
            let f = try field()
            if let e = MQTTTopic.validateFilter(f) {
                if case .badUTF8(let u) = e { throw .badUTF8(u) }
                throw .badTopic(e)
            }
            let q = try byte()
            guard q & 0xFC == 0, let qos = MQTTQoS(rawValue: q) else { throw .badQoS }
            filters.append(MQTTSubscription(String(decoding: f, as: UTF8.self), qos: qos))
        }
        return MQTTSubscribe(packetID: id, filters: filters)
    }
}
