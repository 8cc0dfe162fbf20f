/// MQTT 3.1.1 (OASIS Standard, 29 October 2014) control packets as values.
///
/// The client sends CONNECT, SUBSCRIBE, PUBACK, PINGREQ and DISCONNECT and receives
/// CONNACK, SUBACK, PUBLISH and PINGRESP; the codec encodes and decodes all nine (the
/// other direction for tests and a test broker). Not supported: the Will (a CONNECT with
/// the Will flag is refused), QoS 2's PUBREC/PUBREL/PUBCOMP, UNSUBSCRIBE/UNSUBACK.

/// Quality of service.
public enum MQTTQoS: UInt8, Sendable, Equatable {
    case atMostOnce = 0
    case atLeastOnce = 1
    case exactlyOnce = 2
}

/// CONNECT (§3.1). Protocol name "MQTT", level 4.
public struct MQTTConnect: Sendable, Equatable {
    public var clientID: String
    /// Seconds; 0 turns keep-alive off.
    public var keepAlive: UInt16
    public var cleanSession: Bool
    public var username: String?
    /// Binary data in MQTT 3.1.1; only sent with a username (§3.1.2.9).
    public var password: [UInt8]?

    public init(
        clientID: String, keepAlive: UInt16 = 60, cleanSession: Bool = true,
        username: String? = nil, password: [UInt8]? = nil
    ) {
        self.clientID = clientID
        self.keepAlive = keepAlive
        self.cleanSession = cleanSession
        self.username = username
        self.password = password
    }
}

/// CONNACK's return code (§3.2.2.3).
public enum MQTTConnectReturnCode: UInt8, Sendable, Equatable {
    case accepted = 0
    case unacceptableProtocolVersion = 1
    case identifierRejected = 2
    case serverUnavailable = 3
    case badUsernameOrPassword = 4
    case notAuthorized = 5

    /// For logs: `"accepted"`, `"identifier rejected"`...
    public var message: String {
        switch self {
        case .accepted: "accepted"
        case .unacceptableProtocolVersion: "unacceptable protocol version"
        case .identifierRejected: "identifier rejected"
        case .serverUnavailable: "server unavailable"
        case .badUsernameOrPassword: "bad user name or password"
        case .notAuthorized: "not authorized"
        }
    }
}

public struct MQTTConnAck: Sendable, Equatable {
    public var sessionPresent: Bool
    public var returnCode: MQTTConnectReturnCode

    public init(sessionPresent: Bool = false, returnCode: MQTTConnectReturnCode) {
        self.sessionPresent = sessionPresent
        self.returnCode = returnCode
    }
}

/// PUBLISH (§3.3). `packetID` is present exactly when `qos` is not `.atMostOnce`.
public struct MQTTPublish: Sendable, Equatable {
    public var topic: String
    public var qos: MQTTQoS
    public var packetID: UInt16?
    public var retain: Bool
    public var duplicate: Bool
    public var payload: [UInt8]

    public init(
        topic: String, payload: [UInt8], qos: MQTTQoS = .atMostOnce, packetID: UInt16? = nil,
        retain: Bool = false, duplicate: Bool = false
    ) {
        self.topic = topic
        self.qos = qos
        self.packetID = packetID
        self.retain = retain
        self.duplicate = duplicate
        self.payload = payload
    }
}

/// SUBSCRIBE (§3.8): at least one topic filter with its requested QoS.
public struct MQTTSubscribe: Sendable, Equatable {
    public var packetID: UInt16
    public var filters: [MQTTSubscription]

    public init(packetID: UInt16, filters: [MQTTSubscription]) {
        self.packetID = packetID
        self.filters = filters
    }
}

public struct MQTTSubscription: Sendable, Equatable {
    public var filter: String
    public var qos: MQTTQoS

    public init(_ filter: String, qos: MQTTQoS = .atMostOnce) {
        self.filter = filter
        self.qos = qos
    }
}

/// One SUBACK return code (§3.9.3): the QoS granted, or 0x80 failure.
public enum MQTTSubscribeResult: Sendable, Equatable {
    case granted(MQTTQoS)
    case failure

    public var byte: UInt8 {
        switch self {
        case .granted(let q): q.rawValue
        case .failure: 0x80
        }
    }
}

public struct MQTTSubAck: Sendable, Equatable {
    public var packetID: UInt16
    public var results: [MQTTSubscribeResult]

    public init(packetID: UInt16, results: [MQTTSubscribeResult]) {
        self.packetID = packetID
        self.results = results
    }
}

/// A control packet.
public enum MQTTPacket: Sendable, Equatable {
    case connect(MQTTConnect)
    case connack(MQTTConnAck)
    case publish(MQTTPublish)
    case puback(packetID: UInt16)
    case subscribe(MQTTSubscribe)
    case suback(MQTTSubAck)
    case pingreq
    case pingresp
    case disconnect

    /// The control packet type (the fixed header's high nibble).
    public var type: UInt8 {
        switch self {
        case .connect: 1
        case .connack: 2
        case .publish: 3
        case .puback: 4
        case .subscribe: 8
        case .suback: 9
        case .pingreq: 12
        case .pingresp: 13
        case .disconnect: 14
        }
    }
}

/// Limits of the encoding (§1.5.3, §2.2.3).
public enum MQTTLimits {
    /// The largest Remaining Length four bytes encode.
    public static let maxRemainingLength: UInt32 = 268_435_455
    /// A UTF-8 string's or binary field's length prefix is 16 bits.
    public static let maxStringLength = 65_535
}
