import GaugeDecoders

/// The client side of one MQTT 3.1.1 connection, as a pure state machine: bytes in,
/// samples, bytes to send and a reconnect request out. No socket and no clock: the stream
/// source owns the TCP connection and passes the time.
///
/// On `connectionReset()` it queues CONNECT (clean session); after an accepted CONNACK it
/// subscribes to every channel's topic filter in one SUBSCRIBE. Each PUBLISH's topic is
/// matched against every channel's filter (wildcards, several channels on a topic); the
/// channel's `PayloadReader` reads the value, and the sample is named after the channel.
/// QoS 1 PUBLISHes are acknowledged. A PINGREQ goes out when nothing was sent for the
/// keep-alive; no answer within half a keep-alive more, a refused CONNACK, a missing
/// CONNACK or SUBACK, or a malformed packet set `wantsReconnect`: the source closes the
/// connection and opens it again after its backoff (a TCP stream cannot resynchronise).
///
/// Memory is bounded: a PUBLISH over `maximumPacketSize` is read past without being kept
/// (acknowledged at QoS 1, counted, said once per topic) and the connection stays up; any
/// other packet over it drops the connection before its body is buffered; the bytes
/// waiting to be sent are capped; what is kept per topic is a bounded list of the topics
/// whose oversized messages were said.
public struct MQTTSession: Sendable {
    /// One channel's subscription: its filter, how to read its payloads, the sample name.
    public struct Channel: Sendable, Equatable {
        public var name: String
        public var filter: String
        public var reader: PayloadReader

        public init(name: String, filter: String, reader: PayloadReader = PayloadReader()) {
            self.name = name
            self.filter = filter
            self.reader = reader
        }
    }

    public struct Configuration: Sendable, Equatable {
        public var clientID: String
        /// Seconds; 0 turns keep-alive off (no PINGREQ, no timeout).
        public var keepAlive: UInt16
        public var username: String?
        public var password: [UInt8]?
        /// The QoS asked for every subscription (0 or 1).
        public var qos: MQTTQoS
        public var channels: [Channel]
        /// How long CONNACK and SUBACK may take.
        public var responseTimeout: UInt64 = 10 * Nanoseconds.perSecond
        /// The largest packet read (a bigger PUBLISH is skipped; any other drops the connection).
        public var maximumPacketSize: Int = 16 * 1024

        public init(
            clientID: String, keepAlive: UInt16 = 30, username: String? = nil, password: [UInt8]? = nil,
            qos: MQTTQoS = .atMostOnce, channels: [Channel]
        ) {
            self.clientID = clientID
            self.keepAlive = keepAlive
            self.username = username
            self.password = password
            self.qos = qos
            self.channels = channels
        }
    }

    public enum Phase: Sendable, Equatable {
        /// Not connected yet (no `connectionReset` since the start or a give-up).
        case idle
        /// CONNECT queued or sent, waiting for CONNACK.
        case connecting
        /// SUBSCRIBE sent, waiting for SUBACK (PUBLISHes may already come).
        case subscribing
        case ready
        /// Gave up on this connection (`wantsReconnect`).
        case failed
    }

    public struct Statistics: Sendable, Equatable {
        public var connects: UInt64 = 0
        public var publishes: UInt64 = 0
        /// PUBLISHes no channel's filter matched (overlapping broker subscriptions, bugs).
        public var unmatched: UInt64 = 0
        public var samples: UInt64 = 0
        /// Payloads a channel could not read (not a number, bad JSON).
        public var unparsable: UInt64 = 0
        /// Malformed packets, packets over the limit other than PUBLISH, and packets out of
        /// order (each drops the connection).
        public var protocolErrors: UInt64 = 0
        /// PUBLISHes over `maximumPacketSize`, read past (the connection kept).
        public var oversized: UInt64 = 0
        public var pings: UInt64 = 0
        public var timeouts: UInt64 = 0
        /// PUBLISHes queued by `publish` (controls' commands, the panel's state).
        public var sent: UInt64 = 0
    }

    public let configuration: Configuration
    public private(set) var phase = Phase.idle
    public internal(set) var statistics = Statistics()
    /// The protocol gave up on this connection: close it and reopen after backoff.
    public private(set) var wantsReconnect = false
    /// Refused CONNACKs in a row (reset by an accepted one).
    public private(set) var refusals: UInt32 = 0

    private var decoder: MQTTDecoder
    private var outbox: [UInt8] = []
    /// The SUBSCRIBE's filters, each once (several channels may read one filter).
    var filters: [String]
    /// Filters whose messages are kept whole for the caller (`listen`), not read as values.
    var listened: [String] = []
    var received: [TopicMessage] = []
    /// Messages kept for the caller at most (a flood on a listened filter drops the rest).
    static let receivedLimit = 64
    private var subscribePacketID: UInt16 = 0
    /// The last QoS 1 PUBLISH's packet id.
    var publishPacketID: UInt16 = 0
    /// When a packet last went out; nil before the first since the reset.
    private var lastSent: UInt64?
    /// Waiting since then for CONNACK, SUBACK or (after a PINGREQ) anything at all.
    private var waitingSince: UInt64?
    private var waitLimit: UInt64 = 0
    private var notices: [String] = []
    /// Notices said since the last accepted CONNACK: a refusal repeated at every reconnect
    /// is logged once.
    private var said: [String] = []
    /// Bytes waiting to be sent, at most (QoS 1 acknowledgements of a flood).
    static let outboxLimit = 64 * 1024
    static let noticeLimit = 16
    /// Topics whose oversized messages were said (each once per run, at most `noticeLimit`).
    private var oversizedTopics: [String] = []

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        decoder = MQTTDecoder(maximumPacketSize: configuration.maximumPacketSize)
        var seen: [String] = []
        for c in configuration.channels where !seen.contains(c.filter) { seen.append(c.filter) }
        filters = seen
    }

    /// Packets dropped as malformed or oversized, and payloads no channel could read.
    public var droppedCount: UInt64 { statistics.protocolErrors &+ statistics.unparsable &+ statistics.oversized }

    /// The connection was (re)opened or lost: forget partial input, queue CONNECT.
    public mutating func connectionReset() {
        decoder.reset()
        outbox.removeAll(keepingCapacity: false)
        wantsReconnect = false
        lastSent = nil
        waitingSince = nil
        subscribePacketID = 0
        let connect = MQTTConnect(
            clientID: configuration.clientID, keepAlive: configuration.keepAlive, cleanSession: true,
            username: configuration.username,
            password: configuration.username == nil ? nil : configuration.password)
        phase = queue(.connect(connect)) ? .connecting : .failed
    }

    public mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
        guard phase != .idle, phase != .failed else { return }
        // The decoder is moved out while its sink changes the session (exclusive access).
        var d = MQTTDecoder(maximumPacketSize: 5)
        swap(&d, &decoder)
        var failure: MQTTDecodeError?
        do throws(MQTTDecodeError) {
            try d.feed(
                bytes,
                into: { packet in
                    // After a give-up the rest of the chunk is not read.
                    if phase != .failed { handle(packet, now: now, sink) }
                },
                skipped: { publish in
                    if phase != .failed { skip(publish) }
                })
        } catch {
            failure = error
        }
        swap(&d, &decoder)
        if let failure {
            statistics.protocolErrors &+= 1
            fail("the broker sent a malformed packet (\(failure.message)); reconnecting")
        }
    }

    /// Bytes to write now: queued packets, or a PINGREQ when the keep-alive is due. Also
    /// notices a timeout (CONNACK, SUBACK or PINGRESP not received in time).
    public mutating func outgoing(now: UInt64) -> [UInt8]? {
        guard phase != .idle, phase != .failed else { return nil }
        if let since = waitingSince, now &- since >= waitLimit {
            statistics.timeouts &+= 1
            let what =
                switch phase {
                case .connecting: "no CONNACK"
                case .subscribing: "no SUBACK"
                default: "no answer to PINGREQ"
                }
            fail("\(what) from the broker within \(Self.seconds(waitLimit)) s; reconnecting")
            return nil
        }
        if outbox.isEmpty, phase == .ready || phase == .subscribing, let ka = keepAliveNanoseconds,
            let last = lastSent, now &- last >= ka, waitingSince == nil
        {
            if queue(.pingreq) {
                statistics.pings &+= 1
                wait(from: now, limit: ka / 2)
            }
        }
        guard !outbox.isEmpty else { return nil }
        var out: [UInt8] = []
        swap(&out, &outbox)
        lastSent = now
        if phase == .connecting, waitingSince == nil { wait(from: now, limit: configuration.responseTimeout) }
        return out
    }

    /// When `outgoing` wants to be called without input: a timeout, or the next PINGREQ.
    public var deadline: UInt64? {
        guard phase != .idle, phase != .failed else { return nil }
        var d: UInt64?
        if let since = waitingSince { d = since &+ waitLimit }
        if phase == .ready || phase == .subscribing, let ka = keepAliveNanoseconds, let last = lastSent, waitingSince == nil {
            d = min(d ?? .max, last &+ ka)
        }
        return d
    }

    /// After a refused login: 5 s, doubled at each refusal in a row up to a minute, so that
    /// a wrong password is not tried at the transport's quick pace; nil otherwise.
    public var reconnectDelay: UInt64? {
        guard refusals > 0 else { return nil }
        return min(5 * Nanoseconds.perSecond << UInt64(min(refusals - 1, 4)), 60 * Nanoseconds.perSecond)
    }

    /// What to log once: a refused login, a refused subscription, a dropped connection.
    public mutating func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    private var keepAliveNanoseconds: UInt64? {
        configuration.keepAlive == 0 ? nil : UInt64(configuration.keepAlive) * Nanoseconds.perSecond
    }

    private mutating func handle(_ packet: MQTTPacket, now: UInt64, _ sink: (Sample) -> Void) {
        // Anything from the broker answers a PINGREQ: the connection is alive.
        if phase == .ready { waitingSince = nil }
        switch (phase, packet) {
        case (.connecting, .connack(let ack)):
            waitingSince = nil
            guard ack.returnCode == .accepted else {
                refusals &+= 1
                fail("the broker refused the connection: \(ack.returnCode.message) — \(Self.advice(ack.returnCode))")
                return
            }
            statistics.connects &+= 1
            refusals = 0
            said.removeAll()
            subscribePacketID = 1
            let subs = filters.map { MQTTSubscription($0, qos: configuration.qos) }
            if queue(.subscribe(MQTTSubscribe(packetID: subscribePacketID, filters: subs))) {
                phase = .subscribing
                wait(from: now, limit: configuration.responseTimeout)
            }
        case (.subscribing, .suback(let ack)) where ack.packetID == subscribePacketID:
            waitingSince = nil
            phase = .ready
            for (i, r) in ack.results.enumerated() where r == .failure && i < filters.count {
                say(
                    "the broker refused the subscription to \"\(filters[i])\" (its ACL does not let this user read it?); channels reading it show no value"
                )
            }
        case (.subscribing, .publish(let p)), (.ready, .publish(let p)):
            publish(p, sink)
        case (.ready, .pingresp), (.subscribing, .pingresp):
            break
        case (.ready, .suback), (.ready, .puback), (.subscribing, .puback):
            break  // stray acknowledgements: harmless
        default:
            statistics.protocolErrors &+= 1
            fail("the broker sent \(Self.name(packet)) out of order; reconnecting")
        }
    }

    private mutating func publish(_ p: MQTTPublish, _ sink: (Sample) -> Void) {
        statistics.publishes &+= 1
        switch p.qos {
        case .atMostOnce: break
        case .atLeastOnce:
            if let id = p.packetID { _ = queue(.puback(packetID: id)) }
        case .exactlyOnce:
            // Never asked for: the server must not send QoS 2 to a QoS ≤ 1 subscription.
            statistics.protocolErrors &+= 1
            fail("the broker sent a QoS 2 PUBLISH on \"\(p.topic)\", which was never subscribed to; reconnecting")
            return
        }
        var matched = false
        if listened.contains(where: { MQTTTopic.matches(filter: $0, topic: p.topic) }) {
            matched = true
            if received.count < Self.receivedLimit { received.append(TopicMessage(topic: p.topic, payload: p.payload)) }
        }
        for c in configuration.channels where MQTTTopic.matches(filter: c.filter, topic: p.topic) {
            matched = true
            switch c.reader.read(p.payload) {
            case .value(let v):
                statistics.samples &+= 1
                sink(Sample(name: c.name, value: v, unit: .none))
            case .stale:
                sink(Sample.noValue(name: c.name))
            case .absent: break
            case .unparsable: statistics.unparsable &+= 1
            }
        }
        if !matched { statistics.unmatched &+= 1 }
    }

    /// A PUBLISH too big to read: acknowledged when its QoS asks, counted, and said once
    /// per topic (a channel on exactly that topic would show nothing, so it names it).
    private mutating func skip(_ p: MQTTSkippedPublish) {
        statistics.oversized &+= 1
        if p.qos == .atLeastOnce, let id = p.packetID { _ = queue(.puback(packetID: id)) }
        let topic = p.topic ?? ""
        guard !oversizedTopics.contains(topic), oversizedTopics.count < Self.noticeLimit else { return }
        oversizedTopics.append(topic)
        let on = p.topic.map { "on \"\($0)\"" } ?? "(its topic too long to show)"
        let note =
            "skipped a message \(on) of \(p.size) bytes, over the limit of \(configuration.maximumPacketSize);"
            + " such messages are read past and counted (the run summary's oversized), the connection kept"
        if notices.count < Self.noticeLimit { notices.append(note) }
    }

    /// Encodes and queues a packet; false (and a give-up) if it cannot be encoded or the
    /// queue is full.
    mutating func queue(_ packet: MQTTPacket) -> Bool {
        let bytes: [UInt8]
        do throws(MQTTEncodeError) {
            bytes = try MQTTEncoder.encode(packet)
        } catch {
            fail("cannot encode \(Self.name(packet)): \(error); check the board's mqtt keys")
            return false
        }
        guard outbox.count + bytes.count <= Self.outboxLimit else {
            fail("the broker sends faster than the connection takes acknowledgements; reconnecting")
            return false
        }
        outbox.append(contentsOf: bytes)
        return true
    }

    private mutating func wait(from now: UInt64, limit: UInt64) {
        waitingSince = now
        waitLimit = limit
    }

    private mutating func fail(_ notice: String) {
        phase = .failed
        wantsReconnect = true
        waitingSince = nil
        outbox.removeAll(keepingCapacity: false)
        say(notice)
    }

    private mutating func say(_ notice: String) {
        guard !said.contains(notice), said.count < Self.noticeLimit else { return }
        said.append(notice)
        if notices.count < Self.noticeLimit { notices.append(notice) }
    }

    static func advice(_ code: MQTTConnectReturnCode) -> String {
        switch code {
        case .accepted: ""
        case .unacceptableProtocolVersion: "the broker does not speak MQTT 3.1.1 (mosquitto does since 1.3)"
        case .identifierRejected: "set client_id in the board to one the broker accepts (1 to 23 letters and digits always work)"
        case .serverUnavailable: "the broker is up but not taking clients; it is retried"
        case .badUsernameOrPassword: "check the board's username and the first line of its password_file against the broker's password file"
        case .notAuthorized: "the broker wants a login (set username and password_file) or its ACL does not allow this user"
        }
    }

    static func name(_ p: MQTTPacket) -> String {
        switch p {
        case .connect: "CONNECT"
        case .connack: "CONNACK"
        case .publish: "PUBLISH"
        case .puback: "PUBACK"
        case .subscribe: "SUBSCRIBE"
        case .suback: "SUBACK"
        case .pingreq: "PINGREQ"
        case .pingresp: "PINGRESP"
        case .disconnect: "DISCONNECT"
        }
    }

    static func seconds(_ ns: UInt64) -> String {
        let tenths = ns / (Nanoseconds.perSecond / 10)
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
