import GaugeSensors

/// One signal's value from one frame.
public struct DecodedSignal: Sendable, Equatable {
    public var name: String
    public var raw: Int64OrUInt64
    public var physical: Double
    /// The value table's text for `raw`, when it has one.
    public var text: String?
    public var unit: String
}

extension DBCSignal {
    /// The value from a frame's data; nil when the data is too short for it.
    public func decode(_ data: [UInt8]) -> DecodedSignal? {
        guard layout.bytesNeeded <= Int32(data.count) else { return nil }
        let raw = layout.raw(data)
        return DecodedSignal(name: name, raw: raw, physical: physical(raw), text: valueName(raw), unit: unit)
    }

    /// The raw bits for a physical value (rounded to the nearest step, clamped to the
    /// bits the signal has); nil when the value is not finite or the factor is zero.
    public func encodeRaw(_ value: Double) -> UInt64? {
        guard value.isFinite, factor != 0 else { return nil }
        switch valueType {
        case .float32: return UInt64(Float((value - offset) / factor).bitPattern)
        case .float64: return ((value - offset) / factor).bitPattern
        case .integer: break
        }
        let scaled = ((value - offset) / factor).rounded()
        guard scaled.isFinite else { return nil }
        let n = UInt64(layout.length)
        if layout.isSigned {
            let lowest = -Double(sign: .plus, exponent: Int(n) - 1, significand: 1)
            let highest = -lowest
            // `highest` is 2^(n-1), one past the largest value: clamp below it.
            let v: Int64 =
                scaled <= lowest
                ? (n == 64 ? Int64.min : -(Int64(1) << Int64(n - 1)))
                : scaled >= highest
                    ? (n == 64 ? Int64.max : (Int64(1) << Int64(n - 1)) - 1)
                    : Int64(scaled)
            return UInt64(bitPattern: v) & (n == 64 ? UInt64.max : (1 << n) - 1)
        }
        let highest = Double(sign: .plus, exponent: Int(n), significand: 1)
        if scaled <= 0 { return 0 }
        if scaled >= highest { return n == 64 ? UInt64.max : (1 << n) - 1 }
        return UInt64(scaled)
    }
}

extension DBCMessage {
    /// Every signal the frame carries: plain ones, the multiplexer, and the multiplexed
    /// signals whose multiplexer value matches. Signals the data is too short for are left out.
    public func decode(_ data: [UInt8]) -> [DecodedSignal] {
        var out: [DecodedSignal] = []
        let selector = multiplexer.flatMap { $0.layout.bytesNeeded <= Int32(data.count) ? $0.layout.rawBits(data) : nil }
        for s in signals {
            if case .multiplexed(let value) = s.multiplex, selector != value { continue }
            if let d = s.decode(data) { out.append(d) }
        }
        return out
    }

    /// The frame's values as samples named `MESSAGE.SIGNAL`, in the DBC's units where the
    /// channels know them (else unitless). For one frame; a bus's frames go through a
    /// `DBCSampler` kept per message.
    public func samples(_ data: [UInt8], into sink: (Sample) -> Void) {
        DBCSampler(self).samples(data, into: sink)
    }

    /// Data bytes (`length` of them, zero elsewhere) carrying these physical values by
    /// signal name; signals not named are zero. For tests and simulated senders.
    public func encode(_ values: [(String, Double)]) -> [UInt8]? {
        var data = [UInt8](repeating: 0, count: Int(length))
        for (name, value) in values {
            guard let s = signals.first(where: { $0.name == name }), let raw = s.encodeRaw(value) else { return nil }
            s.layout.insert(raw, into: &data)
        }
        return data
    }
}

/// A message's signals ready to become samples: each sample's name (`MESSAGE.SIGNAL`) and
/// unit worked out once, so that a frame costs its bits and arithmetic, not building
/// strings and looking units up: the signals `DBCMessage.decode` gives, as samples, for the
/// frames a bus sends all day.
public struct DBCSampler: Sendable {
    struct Entry: Sendable {
        let signal: DBCSignal
        let sampleName: String
        let unit: SensorUnit
    }

    let multiplexer: SignalLayout?
    let entries: [Entry]

    public init(_ message: DBCMessage) {
        multiplexer = message.multiplexer?.layout
        entries = message.signals.map { Entry(signal: $0, sampleName: message.name + "." + $0.name, unit: $0.sensorUnit) }
    }

    public func samples(_ data: [UInt8], into sink: (Sample) -> Void) {
        let length = Int32(data.count)
        let selector = multiplexer.flatMap { $0.bytesNeeded <= length ? $0.rawBits(data) : nil }
        for e in entries {
            if case .multiplexed(let value) = e.signal.multiplex, selector != value { continue }
            guard e.signal.layout.bytesNeeded <= length else { continue }
            sink(Sample(name: e.sampleName, value: e.signal.physical(e.signal.layout.raw(data)), unit: e.unit))
        }
    }
}
