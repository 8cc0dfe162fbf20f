/// Encodes control packets into bytes for the socket.
public enum MQTTEncoder {
    /// The packet's bytes: fixed header (type, flags, Remaining Length) and body.
    public static func encode(_ packet: MQTTPacket) throws(MQTTEncodeError) -> [UInt8] {
        var body: [UInt8] = []
        var flags: UInt8 = 0
        switch packet {
        case .connect(let c):
            body = try connectBody(c)
        case .connack(let a):
            body = [a.sessionPresent ? 1 : 0, a.returnCode.rawValue]
        case .publish(let p):
            flags = p.qos.rawValue << 1 | (p.retain ? 1 : 0) | (p.duplicate ? 8 : 0)
            body = try publishBody(p)
        case .puback(let id):
            guard id != 0 else { throw .zeroPacketID }
            appendUInt16(id, to: &body)
        case .subscribe(let s):
            flags = 0x02
            guard s.packetID != 0 else { throw .zeroPacketID }
            guard !s.filters.isEmpty else { throw .noTopicFilters }
            appendUInt16(s.packetID, to: &body)
            for f in s.filters {
                if let e = MQTTTopic.validateFilter(f.filter) { throw .badTopic(e) }
                appendString(f.filter, to: &body)
                body.append(f.qos.rawValue)
            }
        case .suback(let a):
            guard a.packetID != 0 else { throw .zeroPacketID }
            appendUInt16(a.packetID, to: &body)
            for r in a.results { body.append(r.byte) }
        case .pingreq, .pingresp, .disconnect:
            break
        }
        guard body.count <= Int(MQTTLimits.maxRemainingLength) else { throw .packetTooLarge }
        var out: [UInt8] = []
        out.reserveCapacity(body.count + 5)
        out.append(packet.type << 4 | flags)
        appendRemainingLength(UInt32(truncatingIfNeeded: body.count), to: &out)
        out.append(contentsOf: body)
        return out
    }

    /// CONNECT's variable header (protocol name, level 4, connect flags, keep-alive) and
    /// payload (client id, user name, password).
    static func connectBody(_ c: MQTTConnect) throws(MQTTEncodeError) -> [UInt8] {
        var body: [UInt8] = []
        appendString("MQTT", to: &body)
        body.append(4)
        var connectFlags: UInt8 = c.cleanSession ? 0x02 : 0
        if c.username != nil { connectFlags |= 0x80 }
        if c.password != nil {
            guard c.username != nil else { throw .passwordWithoutUsername }
            connectFlags |= 0x40
        }
        body.append(connectFlags)
        appendUInt16(c.keepAlive, to: &body)
        guard c.clientID.utf8.count <= MQTTLimits.maxStringLength else { throw .stringTooLong }
        guard validString(c.clientID) else { throw .badUTF8 }
        appendString(c.clientID, to: &body)
        if let u = c.username {
            guard u.utf8.count <= MQTTLimits.maxStringLength else { throw .stringTooLong }
            guard validString(u) else { throw .badUTF8 }
            appendString(u, to: &body)
        }
        if let p = c.password {
            guard p.count <= MQTTLimits.maxStringLength else { throw .stringTooLong }
            appendUInt16(UInt16(truncatingIfNeeded: p.count), to: &body)
            body.append(contentsOf: p)
        }
        return body
    }

    /// PUBLISH's topic, packet id (QoS 1 only) and payload.
    static func publishBody(_ p: MQTTPublish) throws(MQTTEncodeError) -> [UInt8] {
        if let e = MQTTTopic.validateName(p.topic) { throw .badTopic(e) }
        var body: [UInt8] = []
        appendString(p.topic, to: &body)
        if p.qos == .atMostOnce {
            guard p.packetID == nil else { throw .packetIDWithQoS0 }
            guard !p.duplicate else { throw .duplicateWithQoS0 }
        } else {
            guard let id = p.packetID, id != 0 else { throw .zeroPacketID }
            appendUInt16(id, to: &body)
        }
        body.append(contentsOf: p.payload)
        return body
    }

    /// The variable-length Remaining Length (§2.2.3): 7 bits a byte, low first, 1–4 bytes.
    public static func appendRemainingLength(_ length: UInt32, to out: inout [UInt8]) {
        var x = length
        repeat {
            var byte = UInt8(truncatingIfNeeded: x & 0x7F)
            x >>= 7
            if x > 0 { byte |= 0x80 }
            out.append(byte)
        } while x > 0
    }

    static func appendUInt16(_ v: UInt16, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: v >> 8))
        out.append(UInt8(truncatingIfNeeded: v))
    }

    static func appendString(_ s: String, to out: inout [UInt8]) {
        let count = s.utf8.count
        appendUInt16(UInt16(truncatingIfNeeded: count), to: &out)
        out.append(contentsOf: s.utf8)
    }

    static func validString(_ s: String) -> Bool {
        var copy = s
        return copy.withUTF8 { MQTTUTF8.validate($0) == nil }
    }
}

public enum MQTTEncodeError: Error, Sendable, Equatable {
    case stringTooLong
    case badUTF8
    case badTopic(MQTTTopicError)
    case passwordWithoutUsername
    case zeroPacketID
    case packetIDWithQoS0
    case duplicateWithQoS0
    case noTopicFilters
    case packetTooLarge
}
