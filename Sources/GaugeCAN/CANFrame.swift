import GaugeSensors

/// One CAN or CAN FD frame: identifier, flags and up to 64 data bytes.
///
/// Built only through the throwing initialiser, so every frame in the module is valid:
/// an 11-bit id ≤ 0x7FF, a 29-bit id ≤ 0x1FFF_FFFF, classic data ≤ 8 bytes, FD data of
/// one of the lengths a DLC can say (0…8, 12, 16, 20, 24, 32, 48, 64), no remote FD frame.
public struct CANFrame: Sendable, Equatable {
    public static let maxStandardID: UInt32 = 0x7FF
    public static let maxExtendedID: UInt32 = 0x1FFF_FFFF

    public let id: UInt32
    public let isExtended: Bool
    /// A remote transmission request: no data, only a requested length.
    public let isRemote: Bool
    public let isFD: Bool
    /// FD only: bit rate switch (BRS) and error state indicator (ESI), as candump's flag nibble.
    public let fdFlags: UInt8
    public let data: [UInt8]
    /// For a remote frame, the length it asks for; otherwise `data.count`.
    public let length: UInt8

    public init(
        id: UInt32, extended: Bool = false, data: [UInt8] = [], fd: Bool = false,
        fdFlags: UInt8 = 0
    ) throws(CANFrameError) {
        guard id <= (extended ? Self.maxExtendedID : Self.maxStandardID) else {
            throw .idOutOfRange(id, extended: extended)
        }
        if fd {
            guard Self.isFDLength(data.count) else { throw .badLength(Int32(data.count), fd: true) }
            guard fdFlags <= 0xF else { throw .badFlags(fdFlags) }
        } else {
            guard data.count <= 8 else { throw .badLength(Int32(data.count), fd: false) }
            guard fdFlags == 0 else { throw .badFlags(fdFlags) }
        }
        self.id = id
        self.isExtended = extended
        self.isRemote = false
        self.isFD = fd
        self.fdFlags = fdFlags
        self.data = data
        self.length = UInt8(data.count)
    }

    /// A remote frame asking for `length` (0…8) bytes.
    public init(remoteID id: UInt32, extended: Bool = false, length: UInt8 = 0) throws(CANFrameError) {
        guard id <= (extended ? Self.maxExtendedID : Self.maxStandardID) else {
            throw .idOutOfRange(id, extended: extended)
        }
        guard length <= 8 else { throw .badLength(Int32(length), fd: false) }
        self.id = id
        self.isExtended = extended
        self.isRemote = true
        self.isFD = false
        self.fdFlags = 0
        self.data = []
        self.length = length
    }

    /// The data lengths a CAN FD DLC can encode.
    public static func isFDLength(_ n: Int) -> Bool {
        switch n {
        case 0...8, 12, 16, 20, 24, 32, 48, 64: return true
        default: return false
        }
    }
}

public enum CANFrameError: Error, Equatable, Sendable {
    case idOutOfRange(UInt32, extended: Bool)
    case badLength(Int32, fd: Bool)
    case badFlags(UInt8)

    public var message: String {
        switch self {
        case .idOutOfRange(let id, let extended):
            return "id 0x" + hexString(UInt64(id)) + " does not fit " + (extended ? "29" : "11") + " bits"
        case .badLength(let n, let fd):
            return fd
                ? "CAN FD frames carry 0…8, 12, 16, 20, 24, 32, 48 or 64 bytes, not " + String(n)
                : "classic CAN frames carry at most 8 bytes, not " + String(n)
        case .badFlags(let f):
            return "FD flags 0x" + hexString(UInt64(f)) + " (only a classic frame's 0, or an FD nibble)"
        }
    }
}

/// Upper-case hex without leading zeros (at least one digit).
func hexString(_ v: UInt64) -> String {
    var digits: [UInt8] = []
    var x = v
    repeat {
        digits.append(Hex.encode(UInt8(x & 0xF)).1)
        x >>= 4
    } while x != 0
    return String(decoding: digits.reversed(), as: UTF8.self)
}
