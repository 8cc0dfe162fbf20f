/// The opening handshake of a WebSocket client (RFC 6455 §4): the HTTP/1.1 upgrade
/// request, and the server's answer read until its blank line and checked — status 101,
/// `Upgrade: websocket`, `Connection: Upgrade` and a `Sec-WebSocket-Accept` that is the
/// SHA-1 of the request's key and the protocol's GUID, in base64. Bytes after the blank
/// line already belong to the frames and are handed back.
public struct WebSocketHandshake: Sendable {
    /// The longest answer read before giving up.
    public static let responseLimit = 4096
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The request to write once connected.
    public let request: [UInt8]
    /// The `Sec-WebSocket-Accept` the server must answer.
    public let expectedAccept: [UInt8]
    private var response: [UInt8] = []

    /// `host`: the `Host` header (`"boat.local:3000"`); `path` with its query;
    /// `key`: 16 bytes the caller drew for this connection (its nonce); `headers`: further
    /// lines, each `Name: value` (a login's `Authorization`).
    public init(host: String, path: String, key: [UInt8], headers: [String] = []) {
        let encodedKey = Base64.encode(key)
        let keyText = String(decoding: encodedKey, as: UTF8.self)
        let extra = headers.map { $0 + "\r\n" }.joined()
        request = Array(
            ("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: \(keyText)\r\nSec-WebSocket-Version: 13\r\n\(extra)\r\n").utf8)
        expectedAccept = WebSocketHandshake.accept(forKey: encodedKey)
    }

    /// base64(SHA-1(key + GUID)) of a base64 `key` as sent.
    public static func accept(forKey key: [UInt8]) -> [UInt8] { Base64.encode(SHA1.digest(key + Array(guid.utf8))) }

    /// Reads the answer: nil while its header is incomplete; `.success(rest)` once it is
    /// checked (`rest`: the bytes after it, the first frames).
    public mutating func feed(_ bytes: [UInt8]) -> Result<[UInt8], WebSocketHandshakeError>? {
        let before = response.count
        response.append(contentsOf: bytes)
        // The blank line may straddle the previous read: look from 3 bytes before it.
        var i = max(0, before - 3)
        while i + 3 < response.count {
            if response[i] == 13, response[i + 1] == 10, response[i + 2] == 13, response[i + 3] == 10 {
                let rest = Array(response[(i + 4)...])
                response.removeSubrange(i...)
                do throws(WebSocketHandshakeError) {
                    try check()
                    return .success(rest)
                } catch { return .failure(error) }
            }
            i += 1
        }
        return response.count > WebSocketHandshake.responseLimit ? .failure(.tooLong) : nil
    }

    private func check() throws(WebSocketHandshakeError) {
        var lines = response.split(separator: 10, omittingEmptySubsequences: false).map { line in
            Array(line.last == 13 ? line.dropLast() : line[...])
        }
        guard !lines.isEmpty else { throw .notHTTP }
        let status = lines.removeFirst()
        let parts = status.split(separator: 32, maxSplits: 2)
        guard parts.count >= 2, parts[0].starts(with: Array("HTTP/1.1".utf8)) else { throw .notHTTP }
        guard Array(parts[1]) == Array("101".utf8) else {
            throw .refused(status: String(decoding: status.prefix(80), as: UTF8.self))
        }
        var upgrade = false, connection = false, accept: [UInt8]?
        for line in lines {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = lowercased(trimmed(Array(line[..<colon])))
            let value = trimmed(Array(line[(colon + 1)...]))
            if name == Array("upgrade".utf8) { upgrade = lowercased(value) == Array("websocket".utf8) }
            if name == Array("connection".utf8) { connection = hasToken(lowercased(value), Array("upgrade".utf8)) }
            if name == Array("sec-websocket-accept".utf8) { accept = value }
        }
        guard upgrade, connection else { throw .notUpgraded }
        guard accept == expectedAccept else { throw .badAccept }
    }

    private func trimmed(_ s: [UInt8]) -> [UInt8] {
        var a = 0, b = s.count
        while a < b, s[a] == 32 || s[a] == 9 { a += 1 }
        while b > a, s[b - 1] == 32 || s[b - 1] == 9 { b -= 1 }
        return Array(s[a..<b])
    }

    private func lowercased(_ s: [UInt8]) -> [UInt8] { s.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 } }

    /// Whether a comma-separated header value holds `token` (`keep-alive, Upgrade`).
    private func hasToken(_ value: [UInt8], _ token: [UInt8]) -> Bool {
        value.split(separator: UInt8(ascii: ",")).contains { trimmed(Array($0)) == token }
    }
}

/// Why a server's answer to the upgrade request is not a WebSocket.
public enum WebSocketHandshakeError: Error, Sendable, Equatable {
    /// No blank line within `WebSocketHandshake.responseLimit` bytes.
    case tooLong
    /// Not an HTTP/1.1 status line.
    case notHTTP
    /// A status other than 101 (its status line).
    case refused(status: String)
    /// Without `Upgrade: websocket` and `Connection: Upgrade`.
    case notUpgraded
    /// `Sec-WebSocket-Accept` missing or not the one the key asks for.
    case badAccept

    public var message: String {
        switch self {
        case .tooLong: return "the answer to the WebSocket upgrade has no end within 4096 bytes"
        case .notHTTP: return "the answer to the WebSocket upgrade is not HTTP/1.1"
        case .refused(let status): return "the WebSocket upgrade was refused: \(status)"
        case .notUpgraded: return "the answer to the WebSocket upgrade does not upgrade the connection"
        case .badAccept: return "the server's Sec-WebSocket-Accept does not match the key"
        }
    }
}
