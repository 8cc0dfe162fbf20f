#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An `errno` value as a typed error.
public struct SystemError: Error, Sendable, Equatable {
    public var errno: Int32
    public init(_ errno: Int32) { self.errno = errno }

    public static let notFound = SystemError(ENOENT)
    public static let noData = SystemError(ENODATA)
    public static let wouldBlock = SystemError(EAGAIN)
    public static let noDevice = SystemError(ENODEV)
    public static let io = SystemError(EIO)

    /// The device or file is gone (unplugged, driver unbound): reopen later.
    public var meansGone: Bool {
        errno == ENOENT || errno == ENODEV || errno == ENXIO || errno == EIO || errno == EBADF
    }
    /// Temporarily without a value: keep the handle, try again.
    public var meansTryLater: Bool {
        errno == EAGAIN || errno == EWOULDBLOCK || errno == ENODATA || errno == EINTR || errno == EBUSY
    }
}

/// Serial line settings.
public struct SerialSettings: Sendable, Equatable {
    public enum Framing: Sendable, Equatable {
        case eightNoneOne    // 8N1
        case sevenEvenOne    // 7E1
    }
    public var baudRate: Int
    public var framing: Framing
    public init(baudRate: Int = 9600, framing: Framing = .eightNoneOne) {
        self.baudRate = baudRate
        self.framing = framing
    }
    public static let supportedBaudRates = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200,
                                            230400, 460800, 500000, 576000, 921600]
}

/// Every system call GaugeSensors sources make, behind one protocol so tests can
/// substitute them. `LinuxSystemCalls` is the real implementation.
public protocol SystemCalls: Sendable {
    /// Whole small file (sysfs attribute): at most `limit` bytes.
    func readFile(_ path: String, limit: Int) -> Result<[UInt8], SystemError>
    func listDirectory(_ path: String) -> Result<[String], SystemError>
    func openSerial(_ path: String, settings: SerialSettings) -> Result<Int32, SystemError>
    /// Non-blocking read; `.success([])` means end of file.
    func read(_ fd: Int32, max: Int) -> Result<[UInt8], SystemError>
    func write(_ fd: Int32, _ bytes: [UInt8]) -> Result<Int, SystemError>
    func close(_ fd: Int32)
    func appendFile(_ path: String, _ bytes: [UInt8], truncate: Bool) -> Result<Void, SystemError>
}

public struct LinuxSystemCalls: SystemCalls {
    public init() {}

    public func readFile(_ path: String, limit: Int = 4096) -> Result<[UInt8], SystemError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(SystemError(errno)) }
        defer { Glibc.close(fd) }
        var buffer = [UInt8](repeating: 0, count: limit)
        var total = 0
        while total < limit {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + total, limit - total) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(errno))
            }
            if n == 0 { break }
            total += n
        }
        buffer.removeSubrange(total...)
        return .success(buffer)
    }

    public func listDirectory(_ path: String) -> Result<[String], SystemError> {
        guard let dir = opendir(path) else { return .failure(SystemError(errno)) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names.sorted())
    }

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

    public func openSerial(_ path: String, settings: SerialSettings) -> Result<Int32, SystemError> {
        guard let speed = Self.speed(settings.baudRate) else { return .failure(SystemError(EINVAL)) }
        // O_NOCTTY: a sensor must never become our controlling terminal.
        let fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(SystemError(errno)) }
        var tio = termios()
        guard tcgetattr(fd, &tio) == 0 else {
            let e = errno
            Glibc.close(fd)
            return .failure(SystemError(e))
        }
        Self.configure(&tio, settings: settings, speed: speed)
        guard tcsetattr(fd, TCSANOW, &tio) == 0 else {
            let e = errno
            Glibc.close(fd)
            return .failure(SystemError(e))
        }
        tcflush(fd, TCIOFLUSH)
        return .success(fd)
    }

    public func read(_ fd: Int32, max: Int) -> Result<[UInt8], SystemError> {
        var buffer = [UInt8](repeating: 0, count: max)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, max) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(errno))
            }
            buffer.removeSubrange(n...)
            return .success(buffer)
        }
    }

    public func write(_ fd: Int32, _ bytes: [UInt8]) -> Result<Int, SystemError> {
        while true {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, bytes.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(errno))
            }
            return .success(n)
        }
    }

    public func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    public func appendFile(_ path: String, _ bytes: [UInt8], truncate: Bool) -> Result<Void, SystemError> {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (truncate ? O_TRUNC : O_APPEND)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { return .failure(SystemError(errno)) }
        defer { Glibc.close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(errno))
            }
            offset += n
        }
        return .success(())
    }
}
