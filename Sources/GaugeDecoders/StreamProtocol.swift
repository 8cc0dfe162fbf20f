/// What a stream source (serial, TCP, UDP) drives: a decoder (listen only) or a polled
/// protocol (ELM327, TunerStudio):
/// bytes in, samples and counters out. Used as a generic constraint only; a board names
/// one through `StreamProtocols`.
public protocol StreamProtocol {
    mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void)
    /// Lines, sentences or answers dropped as garbled so far (the run's `dropped_lines`).
    var droppedCount: UInt64 { get }
    /// Bytes to write now, if any.
    mutating func outgoing(now: UInt64) -> [UInt8]?
    /// When `outgoing` wants to be asked again without any input arriving.
    var deadline: UInt64? { get }
    /// The device was (re)opened: forget partial input, restart any handshake.
    mutating func connectionReset()
    /// Things to log once (a broker refusing a login), drained by each call.
    mutating func takeNotices() -> [String]
    /// The protocol gave up on this connection (no answer to a keep-alive, a refused
    /// login): the source closes it and opens it again after backoff, as a loss.
    var wantsReconnect: Bool { get }
    /// After giving up: the least time to wait before opening again (a broker that refused
    /// the login is not asked again at the transport's quick retry pace); nil: the backoff.
    var reconnectDelay: UInt64? { get }
    /// What the log and the run summary call a source speaking it (`mqtt`); nil: the
    /// transport's name (`serial`, `tcp`, `udp`).
    static var kindName: String? { get }
    /// Counters for the run summary after the line's state (`oversized:3`), or "".
    var summaryDetail: String { get }
    /// What the source said about alarms since the last call (zones, notifications).
    mutating func takeAlarms() -> [SourceAlarm]
    /// The protocol is done with this connection though nothing failed (a server that
    /// closes after an HTTP answer): the source opens a new one at once, saying nothing.
    var wantsFreshConnection: Bool { get }
    /// Queues `message` to be sent (a control's command); false when the protocol sends
    /// no messages or cannot now (not connected).
    mutating func publish(_ message: TopicMessage) -> Bool
    /// Also receive the messages on `filter` (the panel's remote control), handed over by
    /// `takeMessages`; false when the protocol has no topics. Before the connection opens.
    mutating func listen(to filter: String) -> Bool
    /// The messages received on the filters `listen` added, since the last call.
    mutating func takeMessages() -> [TopicMessage]
}

/// A message on a protocol that carries them (MQTT): a topic and its payload, sent by the
/// panel or received for it.
public struct TopicMessage: Sendable, Equatable {
    public var topic: String
    public var payload: [UInt8]
    /// 0 or 1.
    public var qos: UInt8
    public var retain: Bool

    public init(topic: String, payload: [UInt8], qos: UInt8 = 0, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}

extension StreamProtocol {
    public mutating func takeNotices() -> [String] { [] }
    public var wantsReconnect: Bool { false }
    public var reconnectDelay: UInt64? { nil }
    public static var kindName: String? { nil }
    public var summaryDetail: String { "" }
    public mutating func takeAlarms() -> [SourceAlarm] { [] }
    public var wantsFreshConnection: Bool { false }
    public mutating func publish(_ message: TopicMessage) -> Bool { false }
    public mutating func listen(to filter: String) -> Bool { false }
    public mutating func takeMessages() -> [TopicMessage] { [] }
}

extension LineProtocolDecoder: StreamProtocol {
    public mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
        feed(bytes, into: sink)
    }
    public mutating func outgoing(now: UInt64) -> [UInt8]? { nil }
    public var deadline: UInt64? { nil }
    public mutating func connectionReset() { resetFraming() }
    public var droppedCount: UInt64 { statistics.dropped }
}

extension NMEADecoder: StreamProtocol {
    public mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
        feed(bytes, into: sink)
    }
    public mutating func outgoing(now: UInt64) -> [UInt8]? { nil }
    public var deadline: UInt64? { nil }
    public mutating func connectionReset() { resetFraming() }
    public var droppedCount: UInt64 { statistics.dropped }
}

extension ELM327Driver: StreamProtocol {
    public mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
        feed(bytes, now: now, into: sink)
    }
    public mutating func outgoing(now: UInt64) -> [UInt8]? { nextCommand(now: now) }
    public var deadline: UInt64? { nextDeadline }
    public mutating func connectionReset() { restart() }
    /// Error answers (`?`, `CAN ERROR`, …) and answers that could not be read.
    public var droppedCount: UInt64 { statistics.errors &+ statistics.unparsable }
}

/// Exponential backoff for reopening a vanished device: initial, ×2, up to maximum.
public struct Backoff: Sendable, Equatable {
    public var initial: UInt64
    public var maximum: UInt64
    public private(set) var current: UInt64

    public init(initial: UInt64 = 250 * Nanoseconds.perMillisecond, maximum: UInt64 = 30 * Nanoseconds.perSecond) {
        self.initial = max(initial, 1)
        self.maximum = max(maximum, self.initial)
        current = self.initial
    }

    /// The delay to wait now; the next one is twice as long.
    public mutating func next() -> UInt64 {
        let d = current
        current = min(current.multipliedReportingOverflow(by: 2).overflow ? maximum : current * 2, maximum)
        return d
    }

    public mutating func reset() { current = initial }

    /// For TCP and UDP: ¼ s, ½ s, then every second. A refused connect costs next to
    /// nothing (one packet each way) and a timed-out one already waits 5 s, so a sender
    /// that comes back is connected to within a second however long it was away.
    public static let network = Backoff(initial: 250 * Nanoseconds.perMillisecond, maximum: Nanoseconds.perSecond)
}
