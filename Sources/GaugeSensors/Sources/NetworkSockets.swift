import CPanelSystem
import GaugeSystem

/// The default implementations: a test's system calls without sockets have no network.
extension SensorSystemCalls {
    public func connectTCP(_ address: NetworkAddress) throws(Errno) -> Int32 { throw .networkUnreachable }
    public func connectResult(_ fd: Int32) throws(Errno) -> Bool { throw .badFileDescriptor }
    public func bindUDP(_ address: NetworkAddress) throws(Errno) -> Int32 { throw .addressNotAvailable }
}

extension LinuxSensorSystemCalls {
    /// A non-blocking TCP socket whose connect has started; `connectResult` says when it
    /// ends. The host is an IP literal, `localhost` (127.0.0.1, no resolver), or a name
    /// resolved by getaddrinfo — which blocks the loop until the resolver answers (a name
    /// in /etc/hosts answers at once; DNS may take seconds), so boards should prefer
    /// addresses. ENXIO: the name does not resolve.
    public func connectTCP(_ address: NetworkAddress) throws(Errno) -> Int32 {
        var bytes = [UInt8](repeating: 0, count: 16)
        let version = try Self.resolve(address.host, &bytes)
        let fd = bytes.withUnsafeBufferPointer { csystem_tcp_connect(version, $0.baseAddress, address.port) }
        guard fd >= 0 else { throw .current }
        return fd
    }

    /// True once connected, false while in progress; throws the connect's error.
    public func connectResult(_ fd: Int32) throws(Errno) -> Bool {
        switch csystem_connect_result(fd) {
        case 1: return true
        case 0: return false
        default: throw .current
        }
    }

    /// A non-blocking UDP socket bound to the address (`0.0.0.0`: every interface).
    public func bindUDP(_ address: NetworkAddress) throws(Errno) -> Int32 {
        var bytes = [UInt8](repeating: 0, count: 16)
        let version = try Self.resolve(address.host, &bytes)
        let fd = bytes.withUnsafeBufferPointer { csystem_udp_bind(version, $0.baseAddress, address.port) }
        guard fd >= 0 else { throw .current }
        return fd
    }

    /// IP literals and `localhost` without the resolver; other names through it.
    static func resolve(_ host: String, _ bytes: inout [UInt8]) throws(Errno) -> Int32 {
        let name = host == "localhost" ? "127.0.0.1" : host
        var version = bytes.withUnsafeMutableBufferPointer { csystem_ip_parse(name, $0.baseAddress) }
        if version == 0 {
            version = bytes.withUnsafeMutableBufferPointer { csystem_resolve(name, $0.baseAddress) }
        }
        guard version != 0 else { throw .current }
        return version
    }
}

extension Errno {
    /// What to do when a network source cannot connect or bind, for the log line.
    public func networkOpenAdvice(kind: String, address: String) -> String {
        switch self {
        case .connectionRefused:
            "nothing listens on \(address): is the sender running and serving TCP on that port?"
        case .timedOut:
            "no answer from \(address): is the host up and on this network (a firewall dropping it)?"
        case .noSuchAddressOrDevice:
            "the host name does not resolve: check its spelling, /etc/hosts or DNS (`getent hosts NAME`), or write its IP address"
        case .hostUnreachable, .networkUnreachable:
            "no route to \(address): is this device on the sender's network (`ip route`)?"
        case .addressInUse:
            "another program has bound \(address) (`ss -lunp` names it)"
        case .addressNotAvailable:
            "\(address) is not an address of this device: listen on \"0.0.0.0:PORT\" or one of `ip addr`'s"
        case .permissionDenied:
            "ports below 1024 need privileges: use a port above 1023"
        default:
            "check the board's \(kind == "udp" ? "listen" : "server") address"
        }
    }
}
