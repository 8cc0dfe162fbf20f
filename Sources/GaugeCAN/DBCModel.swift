import GaugeDecoders

/// A DBC file's messages and signals: what `DBCFile.parse` produces.
public struct DBCFile: Sendable, Equatable {
    public var messages: [DBCMessage]

    public init(messages: [DBCMessage]) {
        self.messages = messages
    }

    /// The message with this id (29-bit ids only match extended messages).
    public func message(id: UInt32, extended: Bool) -> DBCMessage? {
        messages.first { $0.id == id && $0.isExtended == extended }
    }

    /// The message a frame carries, if the file defines it.
    public func message(for frame: CANFrame) -> DBCMessage? {
        message(id: frame.id, extended: frame.isExtended)
    }
}

public struct DBCMessage: Sendable, Equatable {
    public var id: UInt32
    public var isExtended: Bool
    public var name: String
    /// The DBC's DLC: data bytes (0…64).
    public var length: UInt8
    public var transmitter: String
    public var signals: [DBCSignal]
    /// `BA_ "GenMsgCycleTime" BO_ <id> <ms>;`
    public var cycleTimeMilliseconds: UInt32?
    /// 1-based line of the `BO_`.
    public var line: Int32

    /// The multiplexer signal, if the message has one.
    public var multiplexer: DBCSignal? {
        signals.first { $0.multiplex == .multiplexer }
    }
}

public struct DBCSignal: Sendable, Equatable {
    public enum Multiplex: Sendable, Equatable {
        case none
        case multiplexer
        /// Present only when the multiplexer's raw value equals this.
        case multiplexed(UInt64)
    }

    /// `SIG_VALTYPE_`: integer bits, or an IEEE float of 32 or 64 bits.
    public enum ValueType: UInt8, Sendable, Equatable {
        case integer, float32, float64
    }

    public var name: String
    public var layout: SignalLayout
    public var factor: Double
    public var offset: Double
    public var minimum: Double
    public var maximum: Double
    public var unit: String
    public var receivers: [String]
    public var multiplex: Multiplex
    public var valueType: ValueType
    /// `VAL_` entries: raw value → text.
    public var valueNames: [DBCValueName]
    public var line: Int32

    /// The unit as the channels know it (`.none` when the DBC's unit is not one of theirs).
    public var sensorUnit: SensorUnit {
        SensorUnit(configName: unit) ?? .none
    }

    /// raw × factor + offset (floats: the IEEE value × factor + offset).
    public func physical(_ raw: Int64OrUInt64) -> Double {
        let value: Double
        switch valueType {
        case .integer: value = raw.asDouble
        case .float32: value = Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw.bits)))
        case .float64: value = Double(bitPattern: raw.bits)
        }
        return value * factor + offset
    }

    /// The value table's text for a raw value.
    public func valueName(_ raw: Int64OrUInt64) -> String? {
        let key: Int64
        switch raw {
        case .signed(let v): key = v
        case .unsigned(let v): key = Int64(bitPattern: v)
        }
        return valueNames.first { $0.value == key }?.text
    }
}

public struct DBCValueName: Sendable, Equatable {
    public var value: Int64
    public var text: String

    public init(value: Int64, text: String) {
        self.value = value
        self.text = text
    }
}
