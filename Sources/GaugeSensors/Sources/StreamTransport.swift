import GaugeDecoders
/// Where a stream source's bytes come from: a serial device, a TCP connection the panel
/// makes (it never listens on TCP), or UDP datagrams to an address the panel binds.
public enum StreamTransport: Sendable, Equatable {
    case serial(path: String, settings: SerialSettings)
    case tcp(NetworkAddress)
    case udp(NetworkAddress)

    /// What the log and the run summary call it.
    public var kindName: String {
        switch self {
        case .serial: "serial"
        case .tcp: "tcp"
        case .udp: "udp"
        }
    }

    /// The device path, or `host:port` (`[v6]:port`).
    public var path: String {
        switch self {
        case .serial(let path, _): path
        case .tcp(let a), .udp(let a): a.description
        }
    }
}

/// A host (an IP literal, `localhost` or a name to resolve) and a port.
public struct NetworkAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `host:port`, with an IPv6 host in brackets.
    public var description: String {
        (host.utf8.contains(58) ? "[" + host + "]" : host) + ":" + String(port)
    }

    /// Why a text is not an address: a sentence for the configuration's error line.
    public struct ParseError: Error, Sendable, Equatable {
        public var message: String
    }

    /// The longest host name DNS allows.
    public static let maxHostLength = 253

    /// `host:port`, `[v6]:port`, or a bare `host` (or `[v6]`) taking `defaultPort` (nil:
    /// the port is required). Host names are letters, digits, '.', '-' and '_'.
    public static func parse(_ text: String, defaultPort: UInt16?) throws(ParseError) -> NetworkAddress {
        let bytes = Array(text.utf8)
        let example = "like \"192.168.1.20:10110\", \"[fe80::1]:10110\" or \"boat.local:10110\""
        guard !bytes.isEmpty else { throw ParseError(message: "expected an address \(example), got an empty string") }
        var host: [UInt8], portText: [UInt8]?
        if bytes[0] == 91 {  // "["
            guard let close = bytes.firstIndex(of: 93) else {
                throw ParseError(message: "expected \"]\" after the IPv6 address in \"\(text)\" (\(example))")
            }
            host = Array(bytes[1..<close])
            let rest = bytes[(close + 1)...]
            if !rest.isEmpty {
                guard rest.first == 58 else { throw ParseError(message: "expected \":port\" after \"]\" in \"\(text)\"") }
                portText = Array(rest.dropFirst())
            }
            guard host.contains(58), host.allSatisfy({ isHex($0) || $0 == 58 || $0 == 46 }) else {
                throw ParseError(message: "expected an IPv6 address between the brackets of \"\(text)\"")
            }
        } else {
            let colons = bytes.filter { $0 == 58 }.count
            guard colons <= 1 else {
                throw ParseError(message: "\"\(text)\" has several ':': write an IPv6 address in brackets, like \"[fe80::1]:10110\"")
            }
            if let c = bytes.firstIndex(of: 58) {
                host = Array(bytes[..<c])
                portText = Array(bytes[(c + 1)...])
            } else {
                host = bytes
            }
            guard !host.isEmpty, host.allSatisfy({ isNameByte($0) }), host.first != 45, host.first != 46 else {
                throw ParseError(message: "expected a host name or IP address (letters, digits, '.', '-', '_') \(example), got \"\(text)\"")
            }
        }
        guard host.count <= maxHostLength else {
            throw ParseError(message: "the host name in \"\(text)\" is longer than \(maxHostLength) bytes")
        }
        let port: UInt16
        if let p = portText {
            guard let n = parsePort(p) else {
                throw ParseError(message: "expected a port 1…65535 after ':' in \"\(text)\"")
            }
            port = n
        } else if let d = defaultPort {
            port = d
        } else {
            throw ParseError(message: "expected a port: \(example), got \"\(text)\"")
        }
        return NetworkAddress(host: String(decoding: host, as: UTF8.self), port: port)
    }

    private static func parsePort(_ digits: [UInt8]) -> UInt16? {
        guard !digits.isEmpty, digits.count <= 5 else { return nil }
        var n: UInt32 = 0
        for d in digits {
            guard d >= 48, d <= 57 else { return nil }
            n = n * 10 + UInt32(d - 48)
        }
        return n >= 1 && n <= 65535 ? UInt16(n) : nil
    }

    private static func isHex(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102)
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 46 || b == 45 || b == 95
    }
}

extension StreamTransport {
    /// How a line over it retries: a serial device at its own pace, a network peer at
    /// least every second (`Backoff.network`).
    public var backoff: Backoff {
        if case .serial = self { return Backoff() }
        return .network
    }
}
