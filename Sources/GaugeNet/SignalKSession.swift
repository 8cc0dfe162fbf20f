import GaugeDecoders

/// A Signal K client over a TCP stream source (`kind = "signalk"`): on its first
/// connection it asks the server where its stream is (`GET /signalk`, `SignalKDiscovery`;
/// a server that closes after answering is connected to again at once), then on each
/// connection upgrades to a WebSocket there (`/signalk/v1/stream` when discovery fails,
/// said once) with `?subscribe=none&sendMeta=all`, and subscribes to exactly
/// `paths` of the own vessel, and turns the deltas' numbers into samples named by their
/// paths, in the server's units (SI). A `null` value says "no value now". The server's
/// `meta` zones of those paths, and (with `notifications`) its notifications, are handed
/// on as `SourceAlarm`s. Pings are answered; a close, a protocol error or a refused
/// upgrade closes the connection, which the source opens again after its backoff (and
/// subscribes again).
public struct SignalKSession: StreamProtocol {
    /// The Signal K server's usual port (signalk-server's HTTP and WebSocket).
    public static let defaultPort: UInt16 = 3000
    public static let defaultStreamPath = "/signalk/v1/stream"
    /// What the stream's URL is given: no subscription until the panel's own, and meta.
    public static let streamQuery = "subscribe=none&sendMeta=all"
    /// What a session subscribes to for the server's notifications.
    public static let notificationPaths = "notifications.*"
    /// At most this many alarm changes wait for `takeAlarms` (more are dropped).
    static let maxPendingAlarms = 64
    /// The subscription's pace: at least every second, at most every 200 ms per path.
    public static let period: UInt32 = 1000
    public static let minPeriod: UInt32 = 200
    /// How long the server has to answer the upgrade.
    public static let handshakeTimeout: UInt64 = 10 * Nanoseconds.perSecond

    enum State {
        /// Discovery's request or the upgrade request is to be sent.
        case connected
        /// Waiting for the answer to `GET /signalk`.
        case discovering(SignalKDiscovery, deadline: UInt64)
        /// Done with this connection (the server closes it after discovery's answer).
        case fresh
        case handshaking(WebSocketHandshake, deadline: UInt64)
        case open
        /// Given up on this connection (`wantsReconnect`).
        case failed
    }

    public let host: String
    /// The paths subscribed to.
    public let paths: [String]
    /// The names samples are made for: the paths, or members of object values
    /// (`navigation.position.latitude`), or either taken only from one source
    /// (`navigation.speedOverGround#gps.1`: `SignalKPaths.name(path:source:)`).
    public let names: [String]
    /// The sources some name takes its values from (the run summary says them).
    public let selectedSources: [String]
    /// Whether the server's notifications are subscribed to and handed on.
    public let notifications: Bool
    /// Subscribed to every path (`*`): every number is a sample, and each path's
    /// `meta.units` is kept in `announcedUnits` (`gaugepanel signalk-paths`).
    public private(set) var readsEverything = false
    /// What the server's `meta` said of each path's units (in `readsEverything` mode).
    public private(set) var announcedUnits: [String: String] = [:]
    private var state = State.connected
    /// The access token sent as `Authorization: Bearer …` (nil: none).
    private let token: String?
    /// Headers every request carries: the token, when there is one.
    private var headers: [String] { token.map { ["Authorization: Bearer " + $0] } ?? [] }
    /// Where the stream is, with its query: known after discovery (or its failure), which is
    /// made again only after the upgrade there was refused.
    public private(set) var streamPath: String?
    public private(set) var decoder = WebSocketDecoder()
    private var pending: [UInt8] = []
    private var selfContext: String?
    private var notices: [String] = []
    /// PUTs sent (their request ids count up) and whether a refusal was said.
    private var requests: UInt32 = 0
    private var refusalSaid = false
    /// Each wildcard name (`propulsion.*.revolutions`) and the path it follows: the first
    /// of its paths that reported, kept for the run (said once).
    private var followed: [(pattern: String, path: String?)] = []
    private var random: UInt64 = 0x9E37_79B9_7F4A_7C15
    /// Messages that are not JSON, and binary messages.
    public private(set) var unparsable: UInt64 = 0
    private var alarms: [SourceAlarm] = []
    /// Paths whose `meta.units` disagreed with the path table (said once each).
    private var unitsSaid: [String] = []
    /// What discovery found, or that it failed, has been said.
    private var discoveryNoted = false

    /// `host`: what the `Host` header says (`"boat.local:3000"`); `names`: what samples
    /// are made for (default: `paths`).
    public init(host: String, paths: [String], names: [String]? = nil, notifications: Bool = false, token: String? = nil) {
        self.host = host
        self.token = token
        self.paths = notifications ? paths + [SignalKSession.notificationPaths] : paths
        self.names = names ?? paths
        self.notifications = notifications
        var selected: [String] = []
        for n in self.names {
            if let s = SignalKPaths.split(n).source, !selected.contains(s) { selected.append(s) }
        }
        selectedSources = selected
        followed = self.names.filter { SignalKPaths.isPattern($0) }.map { ($0, nil) }
    }

    /// A session that subscribes to every path of the own vessel, for listing them.
    public static func everything(host: String) -> SignalKSession {
        var session = SignalKSession(host: host, paths: ["*"], names: [])
        session.readsEverything = true
        return session
    }

    public static var kindName: String? { "signalk" }

    public var droppedCount: UInt64 { unparsable }

    public var summaryDetail: String {
        var parts = selectedSources.map { "signalk_source:" + $0 }
        if decoder.statistics.overlong > 0 { parts.append("oversized:\(decoder.statistics.overlong)") }
        return parts.joined(separator: ",")
    }

    public var wantsReconnect: Bool { if case .failed = state { true } else { false } }

    public var deadline: UInt64? {
        switch state {
        case .handshaking(_, let d), .discovering(_, let d): d
        default: nil
        }
    }

    public var wantsFreshConnection: Bool { if case .fresh = state { true } else { false } }

    public mutating func connectionReset() {
        state = .connected
        decoder.reset()
        pending.removeAll()
        selfContext = nil
    }

    public mutating func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    public mutating func takeAlarms() -> [SourceAlarm] {
        defer { alarms.removeAll() }
        return alarms
    }

    public mutating func outgoing(now: UInt64) -> [UInt8]? {
        switch state {
        case .connected:
            guard let path = streamPath else {
                state = .discovering(SignalKDiscovery(), deadline: now &+ SignalKSession.handshakeTimeout)
                return SignalKDiscovery.request(host: host, headers: headers)
            }
            let handshake = WebSocketHandshake(host: host, path: path, key: nextKey(now: now), headers: headers)
            state = .handshaking(handshake, deadline: now &+ SignalKSession.handshakeTimeout)
            return handshake.request
        case .discovering(_, let deadline) where now >= deadline:
            streamPath = SignalKSession.defaultStreamPath + "?" + SignalKSession.streamQuery
            discoveryNoted = true
            fail("no answer to GET /signalk within 10 s: is this a Signal K server's port? (next: \(SignalKSession.defaultStreamPath))")
        case .handshaking(_, let deadline) where now >= deadline:
            fail("no answer to the WebSocket upgrade within 10 s: is this a Signal K server's port?")
        default: break
        }
        guard !pending.isEmpty else { return nil }
        defer { pending.removeAll() }
        return pending
    }

    public mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
        var frames = bytes
        if case .discovering(var discovery, let deadline) = state {
            if let answer = discovery.feed(bytes) { discovered(answer) } else { state = .discovering(discovery, deadline: deadline) }
            return
        }
        if case .handshaking(var handshake, let deadline) = state {
            switch handshake.feed(bytes) {
            case nil:
                state = .handshaking(handshake, deadline: deadline)
                return
            case .failure(let error)?:
                streamPath = nil  // asked again at the next connection
                return fail(SignalKSession.explain(error, token: token != nil))
            case .success(let rest)?:
                state = .open
                frames = rest
                pending += frame(.text, SignalKMessage.subscribe(paths, period: SignalKSession.period, minPeriod: SignalKSession.minPeriod))
            }
        }
        guard case .open = state, !frames.isEmpty else { return }
        var events: [WebSocketEvent] = []
        var failure: WebSocketDecodeError?
        do throws(WebSocketDecodeError) {
            try decoder.feed(frames) { events.append($0) }
        } catch {
            failure = error
        }
        for event in events { handle(event, sink) }
        if let failure {
            pending += WebSocketFrameEncoder.close(code: 1002, mask: nextMask())
            fail(failure.message)
        }
    }

    private mutating func handle(_ event: WebSocketEvent, _ sink: (Sample) -> Void) {
        switch event {
        case .text(let message): read(message, sink)
        case .binary: unparsable &+= 1
        case .ping(let payload): pending += frame(.pong, payload)
        case .pong, .skipped: break
        case .close(let code):
            // The answer echoes the server's code (RFC 6455 §5.5.1); none: a normal close.
            let echoed = code.flatMap { $0 >= 1000 && $0 < 5000 && $0 != 1005 && $0 != 1006 && $0 != 1015 ? $0 : nil } ?? 1000
            pending += WebSocketFrameEncoder.close(code: echoed, mask: nextMask())
            fail("the server closed the WebSocket" + (code.map { " (\($0))" } ?? ""))
        }
    }

    /// A hello or a delta: the numbers of the subscribed paths of the own vessel.
    private mutating func read(_ message: [UInt8], _ sink: (Sample) -> Void) {
        let parsed: SignalKMessage
        do throws(JSONError) {
            parsed = try SignalKMessage.read(message)
        } catch {
            unparsable &+= 1
            return
        }
        if let own = parsed.selfContext { selfContext = own }
        if let id = parsed.requestID, id.hasPrefix("gaugepanel-") { return answered(parsed) }
        guard SignalKMessage.isOwnVessel(parsed.context, selfContext: selfContext) else { return }
        readAlarms(parsed)
        for (i, v) in parsed.values.enumerated() {
            if readsEverything || names.contains(v.path) { emit(v.path, v.value, sink) }
            if !followed.isEmpty { follow(v.path, v.value, sink) }
            guard !selectedSources.isEmpty else { continue }
            for source in parsed.sources(ofValue: i) {
                let name = SignalKPaths.name(path: v.path, source: source)
                if names.contains(name) { emit(name, v.value, sink) }
            }
        }
    }

    /// A PUT (an alarm acknowledged on the server: `notifications.….method` set to `[]`,
    /// silenced as the server's alarm silencers take it): sent on an open stream; false
    /// when the stream is not open.
    public mutating func publish(_ message: TopicMessage) -> Bool {
        guard case .open = state else { return false }
        requests &+= 1
        let put = SignalKMessage.put(path: message.topic, value: message.payload, requestID: "gaugepanel-\(requests)")
        pending += frame(.text, put)
        return true
    }

    /// The server's answer to a PUT: a refusal (no handler for the path, not allowed) said
    /// once; the acknowledgement stays the panel's own.
    private mutating func answered(_ answer: SignalKMessage) {
        guard let code = answer.statusCode, code >= 400, !refusalSaid else { return }
        refusalSaid = true
        let why = answer.statusMessage.map { ": " + $0 } ?? ""
        notices.append(
            "the server did not take the acknowledgement (PUT answered \(Int32(min(code, 9999)))\(why)); alarms are acknowledged on the panel only"
        )
    }

    /// A value for the wildcard names: the path a name follows, or the first of its paths.
    private mutating func follow(_ path: String, _ value: JSONItem, _ sink: (Sample) -> Void) {
        for i in followed.indices where SignalKPaths.matches(path, pattern: followed[i].pattern) {
            if followed[i].path == nil {
                followed[i].path = path
                notices.append("\(followed[i].pattern): following \(path), the first of its paths to report")
            }
            if followed[i].path == path { emit(followed[i].pattern, value, sink) }
        }
    }

    private func emit(_ name: String, _ value: JSONItem, _ sink: (Sample) -> Void) {
        switch value {
        case .number(let x): sink(Sample(name: name, value: x, unit: .none))
        case .null: sink(.noValue(name: name))
        case .bool(let b): sink(Sample(name: name, value: b ? 1 : 0, unit: .none))
        case .string, .object, .array: break
        }
    }

    /// Discovery's answer: the stream's path (the default one when it names none, said
    /// once), upgraded to on this connection if the server keeps it, else on a fresh one.
    private mutating func discovered(_ answer: SignalKDiscovery.Answer) {
        // A login refused already here: said with its fix, and discovery asked again next time.
        if let problem = answer.problem, SignalKSession.refusesLogin(problem) {
            return fail(SignalKSession.explain(.refused(status: problem), token: token != nil))
        }
        if let path = answer.streamPath {
            streamPath = path + (path.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + SignalKSession.streamQuery
            if let address = answer.address, address != host, !discoveryNoted {
                notices.append("the server announces its stream at \(address); the panel stays on \(host), where the board points it")
            }
        } else {
            streamPath = SignalKSession.defaultStreamPath + "?" + SignalKSession.streamQuery
            if !discoveryNoted {
                notices.append("discovery (GET /signalk) failed: \(answer.problem ?? "no stream named"); using \(SignalKSession.defaultStreamPath)")
            }
        }
        discoveryNoted = true
        state = answer.keepsConnection ? .connected : .fresh
    }

    /// The `meta` zones of the paths read, the notifications (when subscribed to), and a
    /// `meta.units` that disagrees with the path table, said once.
    private mutating func readAlarms(_ parsed: SignalKMessage) {
        for m in parsed.metas where readsEverything {
            if let units = m.units, announcedUnits.count < 4096 { announcedUnits[m.path] = units }
        }
        for m in parsed.metas where names.contains(where: { SignalKPaths.split($0).path == m.path }) {
            if let zones = m.zones {
                for name in names where SignalKPaths.split(name).path == m.path { queue(.zones(name: name, zones: zones)) }
            }
            guard let units = m.units, let si = SignalKPaths.unit(of: m.path), units != SignalKPaths.specName(of: si),
                !unitsSaid.contains(m.path), unitsSaid.count < 64
            else { continue }
            unitsSaid.append(m.path)
            let table = SignalKPaths.specName(of: si)
            notices.append(
                m.path + ": the server gives its units as \"" + units + "\", the Signal K specification \"" + table
                    + "\"; its values are taken as " + table)
        }
        guard notifications else { return }
        for n in parsed.notifications { queue(.notification(key: n.path, state: n.state, message: n.message)) }
    }

    private mutating func queue(_ alarm: SourceAlarm) {
        if alarms.count < SignalKSession.maxPendingAlarms { alarms.append(alarm) }
    }

    /// An HTTP status line (or discovery's sentence about one) of 401 or 403.
    static func refusesLogin(_ status: String) -> Bool {
        let bytes = Array(status.utf8)
        for code in [Array(" 401".utf8), Array(" 403".utf8)] where bytes.count >= code.count {
            for i in 0...(bytes.count - code.count) where Array(bytes[i..<(i + code.count)]) == code { return true }
        }
        return false
    }

    /// A refused upgrade in words with its fix: a login the server wants, a token it refuses.
    static func explain(_ error: WebSocketHandshakeError, token: Bool) -> String {
        guard case .refused(let status) = error, refusesLogin(status) else { return error.message }
        let said = status.hasPrefix("it answered ") ? "discovery (GET /signalk) was refused: " + String(status.dropFirst(12)) : error.message
        return token
            ? said
                + ": the server refused the token (expired or revoked?): ask for a new one (the server's Security → Access Requests, or POST /signalk/v1/auth/login) and write it in token_file"
            : said
                + ": the server wants a login: write an access token (the server's Security → Access Requests, or POST /signalk/v1/auth/login) as the first line of a file and name it with token_file = \"signalk-token\""
    }

    private mutating func fail(_ why: String) {
        notices.append(why)
        state = .failed
    }

    private mutating func frame(_ opcode: WebSocketOpcode, _ payload: [UInt8]) -> [UInt8] {
        WebSocketFrameEncoder.frame(opcode, payload, mask: nextMask())
    }

    /// xorshift64*, stirred with the clock at each connection: masks and keys that a
    /// proxy cannot predict from the payload (RFC 6455 §10.3); not a secret.
    private mutating func nextRandom() -> UInt64 {
        random ^= random >> 12
        random ^= random << 25
        random ^= random >> 27
        return random &* 0x2545_F491_4F6C_DD1D
    }

    private mutating func nextMask() -> UInt32 { UInt32(truncatingIfNeeded: nextRandom() >> 32) }

    private mutating func nextKey(now: UInt64) -> [UInt8] {
        random ^= now | 1
        let a = nextRandom(), b = nextRandom()
        return (0..<16).map { i in UInt8(truncatingIfNeeded: (i < 8 ? a : b) >> UInt64(8 * (i & 7))) }
    }
}
