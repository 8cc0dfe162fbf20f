import CPanelSystem
import GaugeSystem

extension Errno {
    /// No value now, but nothing is gone: besides EAGAIN and EINTR, a sysfs attribute
    /// answers ENODATA or EBUSY while its device has no reading. Keep it, try again.
    var meansNoValueNow: Bool { meansTryLater || self == .noData || self == .resourceBusy }
}

/// Serial line settings.
public struct SerialSettings: Sendable, Equatable {
    public enum Framing: Sendable, Equatable {
        case eightNoneOne  // 8N1
        case sevenEvenOne  // 7E1
    }
    public var baudRate: Int
    public var framing: Framing
    public init(baudRate: Int = 9600, framing: Framing = .eightNoneOne) {
        self.baudRate = baudRate
        self.framing = framing
    }
    public static let supportedBaudRates = [
        1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200,
        230400, 460800, 500000, 576000, 921600,
    ]
}

/// Every system call GaugeSensors sources make beyond the shared `PanelSystem` ones
/// (files, directories, read, write, close), behind one protocol so tests can substitute
/// them. `LinuxSensorSystemCalls` is the real implementation. Class-bound (through
/// `PanelSystem`): Embedded Swift accepts `any SensorSystemCalls` only for class-bound
/// protocols.
public protocol SensorSystemCalls: PanelSystem, Sendable {
    func openSerial(_ path: String, settings: SerialSettings) throws(Errno) -> Int32
    /// A non-blocking inotify descriptor, readable when an entry is created, moved in or
    /// changes attributes in `path`'s folder — or, while that folder does not exist, in
    /// its nearest existing ancestor.
    func watchFolder(of path: String) throws(Errno) -> Int32
    /// A raw SocketCAN socket on `interface`, non-blocking, filtered and bound
    /// (CANSocket.swift). ENODEV: no such interface; ENETDOWN shows on read when it is down.
    func openCAN(_ interface: String, options: CANSocketOptions) throws(Errno) -> Int32
    /// One frame from a CAN socket, or nil when none is pending.
    func readCAN(_ fd: Int32) throws(Errno) -> CANRawFrame?
    /// One frame out (OBD-II requests, ISO-TP flow control).
    func writeCAN(_ fd: Int32, _ frame: CANRawFrame) throws(Errno)
    /// A non-blocking TCP socket whose connect has started and may still be in progress
    /// (NetworkSockets.swift): it turns writable when the connect ends.
    func connectTCP(_ address: NetworkAddress) throws(Errno) -> Int32
    /// A started connect: true once connected, false while in progress; throws its error.
    func connectResult(_ fd: Int32) throws(Errno) -> Bool
    /// A non-blocking UDP socket bound to `address`: each read is one datagram.
    func bindUDP(_ address: NetworkAddress) throws(Errno) -> Int32
}

extension SensorSystemCalls {
    /// Without a watch, a device that appears is found at the next retry.
    public func watchFolder(of path: String) throws(Errno) -> Int32 { throw .noFunction }
}

/// The real sensor system calls: GaugeSystem's `LinuxSystem` for files and descriptors,
/// CPanelSystem for termios, inotify and sockets.
public final class LinuxSensorSystemCalls: LinuxSystem, SensorSystemCalls, @unchecked Sendable {
    public override init() {}

    static func speed(_ baud: Int) -> speed_t? {
        switch baud {
        case 1200: return speed_t(B1200)
        case 2400: return speed_t(B2400)
        case 4800: return speed_t(B4800)
        case 9600: return speed_t(B9600)
        case 19200: return speed_t(B19200)
        case 38400: return speed_t(B38400)
        case 57600: return speed_t(B57600)
        case 115200: return speed_t(B115200)
        case 230400: return speed_t(B230400)
        case 460800: return speed_t(B460800)
        case 500000: return speed_t(B500000)
        case 576000: return speed_t(B576000)
        case 921600: return speed_t(B921600)
        default: return nil
        }
    }

    /// Raw mode, framing and speed (separate so tests can check it: ptys ignore framing).
    static func configure(_ tio: inout termios, settings: SerialSettings, speed: speed_t) {
        cfmakeraw(&tio)
        tio.c_cflag |= tcflag_t(CLOCAL | CREAD)
        tio.c_cflag &= ~(tcflag_t(CSIZE) | tcflag_t(PARENB) | tcflag_t(PARODD) | tcflag_t(CSTOPB) | tcflag_t(CRTSCTS))
        switch settings.framing {
        case .eightNoneOne: tio.c_cflag |= tcflag_t(CS8)
        case .sevenEvenOne: tio.c_cflag |= tcflag_t(CS7 | PARENB)
        }
        // VMIN 1 with O_NONBLOCK: an empty line gives EAGAIN and 0 means hang-up (with
        // VMIN 0 Linux returns 0 for "no data" too, and an unplugged adapter would look idle).
        withUnsafeMutableBytes(of: &tio.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        cfsetispeed(&tio, speed)
        cfsetospeed(&tio, speed)
    }

    public func openSerial(_ path: String, settings: SerialSettings) throws(Errno) -> Int32 {
        guard let speed = Self.speed(settings.baudRate) else { throw .invalidArgument }
        // O_NOCTTY: a sensor must never become our controlling terminal.
        let fd = try SystemCall.open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        var tio = termios()
        guard tcgetattr(fd, &tio) == 0 else {
            let e = Errno.current
            close(fd)
            throw e
        }
        Self.configure(&tio, settings: settings, speed: speed)
        guard tcsetattr(fd, TCSANOW, &tio) == 0 else {
            let e = Errno.current
            close(fd)
            throw e
        }
        tcflush(fd, TCIOFLUSH)
        return fd
    }

    public func watchFolder(of path: String) throws(Errno) -> Int32 {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .current }
        let mask = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB)
        var folder = Self.folder(of: path)
        while true {
            if inotify_add_watch(fd, folder, mask) >= 0 { return fd }
            let e = Errno.current
            // Not there yet (/dev/serial/by-id before the first adapter): its parent's
            // change is the sign to look again.
            guard e == .noSuchFileOrDirectory || e == Errno(ENOTDIR), folder != "/" else {
                close(fd)
                throw e
            }
            folder = Self.folder(of: folder)
        }
    }

    /// `/dev/serial/by-id/usb-x` → `/dev/serial/by-id`; `ttyX` → `.`; `/x` → `/`.
    static func folder(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == 47 { bytes.removeLast() }  // trailing "/"
        guard let slash = bytes.lastIndex(of: 47) else { return "." }
        return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }
}
