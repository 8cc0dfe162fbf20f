/// Signal K's discovery (`GET /signalk`): the request, and the server's answer read as
/// far as its body's `Content-Length` — a status 200 whose JSON names the stream at
/// `endpoints.v1.signalk-ws` (`ws://host:port/signalk/v1/stream`). Whether the server
/// keeps the connection open after the answer says whether the upgrade can follow on it.
public struct SignalKDiscovery: Sendable {
    /// The longest answer read (header and body).
    public static let answerLimit = 16 * 1024
    public static let path = "/signalk"

    /// What the answer said.
    public struct Answer: Sendable, Equatable {
        /// The stream's `host:port` and path (with any query) as announced; nil: no usable one.
        public var address: String?
        public var streamPath: String?
        /// Why there is none (said once by the session), nil when there is one.
        public var problem: String?
        /// The server keeps the connection open after this answer (HTTP/1.1 without `Connection: close`).
        public var keepsConnection: Bool
    }

    private var answer: [UInt8] = []

    public init() {}

    /// The request to write (`host`: the `Host` header).
    public static func request(host: String, headers: [String] = []) -> [UInt8] {
        Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nAccept: application/json\r\n\(headers.map { $0 + "\r\n" }.joined())\r\n".utf8)
    }

    /// Reads the answer: nil until it is complete (or over the limit).
    public mutating func feed(_ bytes: [UInt8]) -> Answer? {
        answer.append(contentsOf: bytes)
        guard let end = Self.headerEnd(answer) else {
            return answer.count > Self.answerLimit ? Answer(problem: "its answer has no end within 16 KB", keepsConnection: false) : nil
        }
        let head = HTTPHead(Array(answer[..<end]))
        guard head.status == 200 else {
            return Answer(problem: head.status == nil ? "its answer is not HTTP" : "it answered \(head.statusLine)", keepsConnection: false)
        }
        guard let length = head.contentLength, length <= Self.answerLimit else {
            return Answer(problem: "its answer has no Content-Length within 16 KB", keepsConnection: false)
        }
        let body = end + 4
        guard answer.count >= body + length else { return nil }
        var out = Self.read(Array(answer[body..<(body + length)]))
        out.keepsConnection = head.keepsConnection && answer.count == body + length
        return out
    }

    /// The stream's address and path from the JSON body.
    static func read(_ body: [UInt8]) -> Answer {
        var url: String?
        do throws(JSONError) {
            if case .string(let s)? = try JSONScanner.lookup(body, path: "endpoints.v1.signalk-ws") { url = s }
        } catch {
            return Answer(problem: "its answer is not JSON", keepsConnection: false)
        }
        guard let url else { return Answer(problem: "its answer names no endpoints.v1.signalk-ws", keepsConnection: false) }
        // ws:// or wss://: the board's `tls` decides how the panel connects, not the scheme.
        let bytes = Array(url.utf8), plain = Array("ws://".utf8), secure = Array("wss://".utf8)
        let scheme = bytes.starts(with: secure) ? secure : plain
        guard bytes.starts(with: scheme) else {
            return Answer(problem: "it announces \(url), not a ws:// or wss:// stream", keepsConnection: false)
        }
        let rest = bytes[scheme.count...]
        let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        let path = slash < rest.endIndex ? String(decoding: rest[slash...], as: UTF8.self) : "/"
        guard slash > rest.startIndex, path.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            return Answer(problem: "it announces \(url), which names no host", keepsConnection: false)
        }
        return Answer(address: String(decoding: rest[..<slash], as: UTF8.self), streamPath: path, keepsConnection: false)
    }

    static func headerEnd(_ b: [UInt8]) -> Int? {
        var i = 0
        while i + 3 < b.count {
            if b[i] == 13, b[i + 1] == 10, b[i + 2] == 13, b[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }
}

extension SignalKDiscovery.Answer {
    init(problem: String, keepsConnection: Bool) {
        self.init(address: nil, streamPath: nil, problem: problem, keepsConnection: keepsConnection)
    }
}

/// An HTTP answer's status line and the headers discovery reads.
struct HTTPHead {
    var statusLine = ""
    var status: Int32?
    var contentLength: Int?
    var keepsConnection = false

    init(_ head: [UInt8]) {
        let lines = head.split(separator: 10, omittingEmptySubsequences: false).map { Array($0.last == 13 ? $0.dropLast() : $0[...]) }
        guard let first = lines.first else { return }
        statusLine = String(decoding: first.prefix(80), as: UTF8.self)
        let parts = first.split(separator: 32, maxSplits: 2)
        guard parts.count >= 2, parts[0].starts(with: Array("HTTP/1.".utf8)), parts[1].count == 3,
            parts[1].allSatisfy({ $0 >= 48 && $0 <= 57 })
        else { return }
        status = parts[1].reduce(Int32(0)) { $0 * 10 + Int32($1 &- 48) }
        keepsConnection = Array(parts[0]) == Array("HTTP/1.1".utf8)
        var chunked = false
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = Self.lower(Self.trim(Array(line[..<colon]))), value = Self.lower(Self.trim(Array(line[(colon + 1)...])))
            if name == Array("content-length".utf8) {
                guard value.count <= 9, !value.isEmpty, value.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { continue }
                contentLength = value.reduce(0) { $0 * 10 + Int($1 - 48) }
            }
            if name == Array("connection".utf8),
                value.split(separator: UInt8(ascii: ",")).contains(where: { Self.trim(Array($0)) == Array("close".utf8) })
            {
                keepsConnection = false
            }
            if name == Array("transfer-encoding".utf8) { chunked = true }
        }
        if chunked { contentLength = nil }
    }

    static func trim(_ s: [UInt8]) -> [UInt8] {
        var a = 0, b = s.count
        while a < b, s[a] == 32 || s[a] == 9 { a += 1 }
        while b > a, s[b - 1] == 32 || s[b - 1] == 9 { b -= 1 }
        return Array(s[a..<b])
    }

    static func lower(_ s: [UInt8]) -> [UInt8] { s.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 } }
}
