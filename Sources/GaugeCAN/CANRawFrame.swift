/// One frame as a SocketCAN socket reads and writes it: the kernel's `can_id` with its
/// flag bits (extended, remote, error), CAN FD's flags and the data. `CANFrame(raw)`
/// turns it into a checked frame. Plain values, here so that `CANDecoder` (its kernel
/// filters) stays pure; GaugeSensors' seam (CANSocket.swift) does the socket's I/O.
public struct CANRawFrame: Sendable, Equatable {
    public static let extendedFlag: UInt32 = 0x8000_0000  // CAN_EFF_FLAG
    public static let remoteFlag: UInt32 = 0x4000_0000  // CAN_RTR_FLAG
    public static let errorFlag: UInt32 = 0x2000_0000  // CAN_ERR_FLAG

    /// The id with its flag bits, as in `struct can_frame`.
    public var canID: UInt32
    public var isFD: Bool
    public var fdFlags: UInt8
    public var data: [UInt8]

    public init(canID: UInt32, isFD: Bool = false, fdFlags: UInt8 = 0, data: [UInt8] = []) {
        self.canID = canID
        self.isFD = isFD
        self.fdFlags = fdFlags
        self.data = data
    }

    public var isError: Bool { canID & Self.errorFlag != 0 }
    public var isExtended: Bool { canID & Self.extendedFlag != 0 }
    public var isRemote: Bool { canID & Self.remoteFlag != 0 }
    /// The 11- or 29-bit identifier (an error frame's error class bits).
    public var identifier: UInt32 { canID & (isExtended || isError ? 0x1FFF_FFFF : 0x7FF) }
}

/// One `CAN_RAW_FILTER` entry: a frame passes when `received & mask == id & mask`.
/// Both carry the flag bits (a mask with `extendedFlag` tells 11- from 29-bit ids).
public struct CANFilter: Sendable, Equatable {
    public var id: UInt32
    public var mask: UInt32
    public init(id: UInt32, mask: UInt32) {
        self.id = id
        self.mask = mask
    }

    /// Exactly this 11-bit id (not the 29-bit id of the same number, not remote frames).
    public static func standard(_ id: UInt32) -> CANFilter {
        CANFilter(id: id & 0x7FF, mask: 0x7FF | CANRawFrame.extendedFlag | CANRawFrame.remoteFlag)
    }
    /// 29-bit ids whose bits under `mask` equal `id`'s.
    public static func extended(_ id: UInt32, mask: UInt32 = 0x1FFF_FFFF) -> CANFilter {
        CANFilter(
            id: (id & 0x1FFF_FFFF) | CANRawFrame.extendedFlag,
            mask: (mask & 0x1FFF_FFFF) | CANRawFrame.extendedFlag | CANRawFrame.remoteFlag)
    }
    /// The kernel takes at most this many (CPanelSystem's buffer).
    public static let maxCount = 64
}
