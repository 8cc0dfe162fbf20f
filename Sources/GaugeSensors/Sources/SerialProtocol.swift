/// What a serial source drives: a decoder (listen only) or a polled protocol (ELM327).
/// Used as a generic constraint only.
public protocol SerialProtocol {
    mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void)
    /// Bytes to write now, if any.
    mutating func outgoing(now: UInt64) -> [UInt8]?
    /// When `outgoing` wants to be asked again without any input arriving.
    var deadline: UInt64? { get }
    /// The device was (re)opened: forget partial input, restart any handshake.
    mutating func connectionReset()
}

extension LineProtocolDecoder: SerialProtocol {
    public mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
        feed(bytes, into: sink)
    }
    public mutating func outgoing(now: UInt64) -> [UInt8]? { nil }
    public var deadline: UInt64? { nil }
    public mutating func connectionReset() { resetFraming() }
}

extension NMEADecoder: SerialProtocol {
    public mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
        feed(bytes, into: sink)
    }
    public mutating func outgoing(now: UInt64) -> [UInt8]? { nil }
    public var deadline: UInt64? { nil }
    public mutating func connectionReset() { resetFraming() }
}

extension ELM327Driver: SerialProtocol {
    public mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
        feed(bytes, now: now, into: sink)
    }
    public mutating func outgoing(now: UInt64) -> [UInt8]? { nextCommand(now: now) }
    public var deadline: UInt64? { nextDeadline }
    public mutating func connectionReset() { restart() }
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
}
