import GaugeASCII
import GaugeDecoders

/// What a TunerStudio INI says about an ECU's live data: how to greet it, how to ask for
/// the realtime block, and each output channel's place, type and scaling.
public struct ECUDefinition: Sendable, Equatable {
    /// The firmware's answer to `queryCommand` (trailing NULs and spaces ignored).
    public var signature: String = ""
    public var queryCommand: [UInt8] = [UInt8(ascii: "Q")]
    public var versionInfo: [UInt8]?
    public var realtimeCommand = CommandTemplate(parts: [.byte(UInt8(ascii: "A"))])
    public var blockSize: Int = 0
    public var bigEndian = true
    /// `messageEnvelopeFormat = msEnvelope_1.0`: the firmware expects the CRC32 framing.
    public var prefersCRCFraming = false
    public var channels: [OutputChannel] = []
    /// The settings the conditional sections were resolved with (`CELSIUS`, …).
    public var settings: [String] = []
    /// Every setting name the file's `#if`s and setting groups know.
    public var knownSettings: [String] = []

    public init() {}

    public func index(of name: String) -> Int? {
        channels.firstIndex { $0.name == name }
    }

    public var names: [String] { channels.map { $0.name } }
}

/// One entry of `[OutputChannels]`.
public struct OutputChannel: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `scalar, TYPE, offset, "units", scale, translate`: (raw + translate) × scale.
        case scalar(type: ValueType, offset: Int, scale: Double, translate: Double)
        /// `bits, TYPE, offset, [lo:hi]`.
        case bits(type: ValueType, offset: Int, low: UInt8, high: UInt8)
        /// `{ expression }`.
        case computed(ECUExpression)
        /// Listed, but not readable here; the reason says why.
        case unsupported(reason: String)
    }

    public var name: String
    public var kind: Kind
    /// The INI's unit text (`"°C"`, `"kpa"`), and what GaugePanel makes of it.
    public var units: String
    public var unit: SensorUnit
    public var line: Int

    public init(name: String, kind: Kind, units: String, line: Int) {
        self.name = name
        self.kind = kind
        self.units = units
        self.unit = ECUUnits.unit(units)
        self.line = line
    }

    /// The bytes of the realtime block it reads itself (nil: none, or computed).
    public var byteRange: Range<Int>? {
        switch kind {
        case .scalar(let t, let o, _, _), .bits(let t, let o, _, _): return o..<(o + t.size)
        default: return nil
        }
    }
}

/// The INI's value types.
public enum ValueType: UInt8, Sendable, Equatable {
    case u08, s08, u16, s16, u32, s32, f32

    public init?(_ text: String) {
        switch text {
        case "U08": self = .u08
        case "S08": self = .s08
        case "U16": self = .u16
        case "S16": self = .s16
        case "U32": self = .u32
        case "S32": self = .s32
        case "F32": self = .f32
        default: return nil
        }
    }

    public var size: Int {
        switch self {
        case .u08, .s08: return 1
        case .u16, .s16: return 2
        case .u32, .s32, .f32: return 4
        }
    }

    /// The bytes at `offset` of `block` as one unsigned word (checked by the caller to lie
    /// inside it).
    func bits(_ block: ArraySlice<UInt8>, at offset: Int, bigEndian: Bool) -> UInt32 {
        var raw: UInt32 = 0
        for k in 0..<size {
            let b = UInt32(block[block.startIndex + offset + (bigEndian ? k : size - 1 - k)])
            raw = raw << 8 | b
        }
        return raw
    }

    /// The value at `offset` of `block`.
    func read(_ block: ArraySlice<UInt8>, at offset: Int, bigEndian: Bool) -> Double {
        let raw = bits(block, at: offset, bigEndian: bigEndian)
        switch self {
        case .u08, .u16, .u32: return Double(raw)
        case .s08: return Double(Int8(truncatingIfNeeded: raw))
        case .s16: return Double(Int16(truncatingIfNeeded: raw))
        case .s32: return Double(Int32(bitPattern: raw))
        case .f32: return Double(Float(bitPattern: raw))
        }
    }
}

/// INI unit texts → GaugePanel's units (anything else: no unit, the value as it is).
public enum ECUUnits {
    public static func unit(_ text: String) -> SensorUnit {
        switch text.asciiLowercased {
        case "rpm": return .rpm
        case "kpa": return .kilopascal
        case "psi": return .psi
        case "bar": return .bar
        case "°c", "deg c", "degc", "c": return .celsius
        case "°f", "deg f", "degf", "f": return .fahrenheit
        case "%", "% tps", "%tps": return .percent
        case "v", "volt", "volts": return .volts
        case "mv": return .millivolts
        case "km/h", "kmh", "kph": return .kilometresPerHour
        case "mph": return .milesPerHour
        case "deg", "degrees", "°": return .degrees
        case "hz": return .hertz
        default: return .none
        }
    }
}
