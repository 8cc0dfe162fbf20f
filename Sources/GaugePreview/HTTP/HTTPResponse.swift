/// A response: status, content type and body. Every response closes its connection (one
/// request per connection keeps the server's state per client to one buffer each way) and
/// is never cached or sniffed.
public struct HTTPResponse: Sendable, Equatable {
    public var status: HTTPStatus
    public var contentType: String
    public var body: [UInt8]

    public init(status: HTTPStatus = .ok, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    public static func text(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    public static func json(_ json: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(json.utf8))
    }

    /// The bytes on the wire.
    public var serialized: [UInt8] {
        var head = "HTTP/1.1 \(status.code) \(status.phrase)\r\n"
        head += "Content-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\n"
        head += "X-Content-Type-Options: nosniff\r\n"
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}
