/// One HTTP/1.x request as the preview server reads it: method, path, query, headers
/// (names lowercased) and body. Everything in it was checked by `HTTPRequestParser`.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    /// The target's path, percent-decoded (always starts with "/").
    public var path: String
    /// The query's name=value pairs in order, percent-decoded ('+' is a space).
    public var query: [QueryItem]
    public var headers: [Header]
    public var body: [UInt8]

    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(method: String, path: String, query: [QueryItem] = [], headers: [Header] = [], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first header of that (lowercase) name.
    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The first query value of that name.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// Every query value of that name, in order.
    public func queryValues(_ name: String) -> [String] { query.filter { $0.name == name }.map { $0.value } }
}

/// Why a request was refused before it was served: the status to answer and a short reason.
public struct HTTPRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: HTTPStatus
    public var reason: String
    public init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }
    public var description: String { "\(status.code) \(status.phrase): \(reason)" }
}

/// The statuses the preview server answers with.
public struct HTTPStatus: Sendable, Equatable {
    public var code: Int
    public var phrase: String
    public init(_ code: Int, _ phrase: String) {
        self.code = code
        self.phrase = phrase
    }

    public static let ok = HTTPStatus(200, "OK")
    public static let badRequest = HTTPStatus(400, "Bad Request")
    public static let forbidden = HTTPStatus(403, "Forbidden")
    public static let notFound = HTTPStatus(404, "Not Found")
    public static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
    public static let conflict = HTTPStatus(409, "Conflict")
    public static let payloadTooLarge = HTTPStatus(413, "Payload Too Large")
    public static let uriTooLong = HTTPStatus(414, "URI Too Long")
    public static let headersTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
    public static let internalError = HTTPStatus(500, "Internal Server Error")
    public static let badGateway = HTTPStatus(502, "Bad Gateway")
}
