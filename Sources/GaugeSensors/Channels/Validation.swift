/// Why a value was refused before it reached a channel.
public enum Rejection: UInt8, Sendable, Equatable {
    case notANumber
    case infinite
    case absurdMagnitude
    case unitMismatch
}

/// Rejects NaN, ±∞ and magnitudes beyond `maxMagnitude`: a corrupted serial line must
/// never move a needle to 1e300 or trap in a later integer conversion.
public struct InputValidator: Sendable, Equatable {
    public var maxMagnitude: Double

    public init(maxMagnitude: Double = 1e9) {
        self.maxMagnitude = maxMagnitude
    }

    public func check(_ value: Double) -> Rejection? {
        if value.isNaN { return .notANumber }
        if value.isInfinite { return .infinite }
        if abs(value) > maxMagnitude { return .absurdMagnitude }
        return nil
    }
}

/// Counts of what a channel accepted and refused.
public struct ChannelStatistics: Sendable, Equatable {
    public var accepted: UInt64 = 0
    public var notANumber: UInt64 = 0
    public var infinite: UInt64 = 0
    public var absurdMagnitude: UInt64 = 0
    public var unitMismatch: UInt64 = 0

    public init() {}

    public var rejected: UInt64 { notANumber + infinite + absurdMagnitude + unitMismatch }

    mutating func count(_ r: Rejection) {
        switch r {
        case .notANumber: notANumber += 1
        case .infinite: infinite += 1
        case .absurdMagnitude: absurdMagnitude += 1
        case .unitMismatch: unitMismatch += 1
        }
    }
}
