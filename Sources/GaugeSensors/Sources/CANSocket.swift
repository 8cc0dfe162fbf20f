import CPanelSystem
import GaugeSystem

/// One frame as a SocketCAN socket reads and writes it: the kernel's `can_id` with its
/// flag bits (extended, remote, error), CAN FD's flags and the data. GaugeCAN turns it
/// into a checked `CANFrame`; the seam stays free of GaugeCAN.
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

/// How a CAN socket is set up: the frames it lets through, FD frames, error frames.
public struct CANSocketOptions: Sendable, Equatable {
    public var filters: [CANFilter]
    public var fdFrames: Bool
    /// `CAN_RAW_ERR_FILTER`'s error classes (0: no error frames).
    public var errorMask: UInt32
    public init(filters: [CANFilter], fdFrames: Bool = true, errorMask: UInt32 = CANSocketOptions.allErrors) {
        self.filters = filters
        self.fdFrames = fdFrames
        self.errorMask = errorMask
    }
    public static let allErrors: UInt32 = 0x1FFF_FFFF  // CAN_ERR_MASK
}

/// The default implementations: a test's system calls without CAN have no interface.
extension SensorSystemCalls {
    public func openCAN(_ interface: String, options: CANSocketOptions) throws(Errno) -> Int32 { throw .operationNotSupportedByDevice }
    public func readCAN(_ fd: Int32) throws(Errno) -> CANRawFrame? { throw .badFileDescriptor }
    public func writeCAN(_ fd: Int32, _ frame: CANRawFrame) throws(Errno) { throw .badFileDescriptor }
}

extension LinuxSensorSystemCalls {
    /// socket(PF_CAN, SOCK_RAW, CAN_RAW), the interface's index, the filters, FD frames and
    /// error frames, bind: a non-blocking descriptor. ENODEV: no such interface.
    public func openCAN(_ interface: String, options: CANSocketOptions) throws(Errno) -> Int32 {
        guard !interface.isEmpty, interface.utf8.count < Int(IFNAMSIZ) else { throw .invalidArgument }
        let index = if_nametoindex(interface)
        guard index != 0 else { throw .operationNotSupportedByDevice }
        guard options.filters.count <= CANFilter.maxCount else { throw .invalidArgument }
        let fd = csystem_can_socket()
        guard fd >= 0 else { throw .current }
        func fail() -> Errno {
            let e = Errno.current
            close(fd)
            return e
        }
        let ids = options.filters.map { $0.id }, masks = options.filters.map { $0.mask }
        guard csystem_can_set_filters(fd, ids, masks, UInt32(options.filters.count)) == 0 else { throw fail() }
        // FD frames are optional: a kernel without them still reads classic frames.
        if options.fdFrames { _ = csystem_can_enable_fd_frames(fd) }
        guard csystem_can_set_error_filter(fd, options.errorMask) == 0 else { throw fail() }
        guard csystem_can_bind(fd, index) == 0 else { throw fail() }
        return fd
    }

    /// One frame, or nil when none is pending.
    public func readCAN(_ fd: Int32) throws(Errno) -> CANRawFrame? {
        var id: UInt32 = 0, flags: UInt8 = 0, length: UInt8 = 0
        var data = [UInt8](repeating: 0, count: 64)
        while true {
            let n = data.withUnsafeMutableBufferPointer { csystem_can_read(fd, &id, &flags, $0.baseAddress, &length) }
            if n >= 0 {
                // 72: CANFD_MTU (a sizeof expression, which Swift cannot import).
                return CANRawFrame(canID: id, isFD: n == 72, fdFlags: flags, data: Array(data[0..<Int(length)]))
            }
            let e = Errno.current
            if e == .interrupted { continue }
            if e.meansTryLater { return nil }
            throw e
        }
    }

    public func writeCAN(_ fd: Int32, _ frame: CANRawFrame) throws(Errno) {
        while true {
            let r = frame.data.withUnsafeBufferPointer {
                csystem_can_write(fd, frame.canID, frame.isFD ? 1 : 0, frame.fdFlags, $0.baseAddress, UInt8(truncatingIfNeeded: frame.data.count))
            }
            if r == 0 { return }
            let e = Errno.current
            if e == .interrupted { continue }
            throw e
        }
    }
}
