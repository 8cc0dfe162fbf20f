/// A pure HTTP/1.0 and 1.1 request parser: bytes in, a request (and how many bytes it
/// took), "need more", or the error to answer with. It accepts only what the preview page
/// sends — a request line, header lines ended by CRLF, a body of Content-Length bytes — and
/// refuses the rest early: garbage fails on its first bytes, not at the size limit.
public struct HTTPRequestParser: Sendable {
    public var maxHeaderBytes = 8192
    public var maxBodyBytes = 65536
    public var maxHeaders = 64
    public var maxTargetBytes = 4096

    public init() {}

    public enum Result: Sendable, Equatable {
        /// A complete request and the bytes it used (a pipelined next request follows).
        case request(HTTPRequest, consumed: Int)
        /// Valid so far; wait for more bytes.
        case incomplete
        case invalid(HTTPRequestError)
    }

    public func parse(_ bytes: [UInt8]) -> Result {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    public func parse(_ b: UnsafeBufferPointer<UInt8>) -> Result {
        // The request line's method must be a token ended by a space: checked as bytes come.
        var i = 0
        while i < b.count && b[i] != 32 {
            guard Self.isToken(b[i]), i < 16 else { return .invalid(.init(.badRequest, "expected a method (GET, POST)")) }
            i += 1
        }
        guard let headEnd = Self.find(b, [13, 10, 13, 10], limit: maxHeaderBytes + 4) else {
            if b.count >= maxHeaderBytes + 4 { return .invalid(.init(.headersTooLarge, "headers longer than \(maxHeaderBytes) bytes")) }
            // A bare LF where CRLF belongs is refused now, not after the limit.
            if let lf = b.firstIndex(of: 10), lf == 0 || b[lf - 1] != 13 {
                return .invalid(.init(.badRequest, "lines must end with CRLF"))
            }
            return .incomplete
        }
        var lines: [Range<Int>] = []
        var start = 0
        while start < headEnd {
            guard let cr = Self.find(b, [13, 10], from: start, limit: headEnd + 2) else { break }
            lines.append(start..<cr)
            start = cr + 2
        }
        guard let requestLine = lines.first else { return .invalid(.init(.badRequest, "empty request")) }
        let request: HTTPRequest
        switch requestLineParts(b, requestLine) {
        case .failure(let e): return .invalid(e)
        case .success(let r): request = r
        }
        let headers: [HTTPRequest.Header]
        switch headerFields(b, lines.dropFirst()) {
        case .failure(let e): return .invalid(e)
        case .success(let h): headers = h
        }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .invalid(.init(.badRequest, "Transfer-Encoding is not accepted; send Content-Length"))
        }
        var length = 0
        let lengths = headers.filter { $0.name == "content-length" }.map { $0.value }
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 9,
                first.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int(first)
            else {
                return .invalid(.init(.badRequest, "bad Content-Length"))
            }
            guard n <= maxBodyBytes else { return .invalid(.init(.payloadTooLarge, "body longer than \(maxBodyBytes) bytes")) }
            length = n
        }
        let bodyStart = headEnd + 4
        guard b.count - bodyStart >= length else { return .incomplete }
        var out = request
        out.headers = headers
        out.body = Array(b[bodyStart..<(bodyStart + length)])
        return .request(out, consumed: bodyStart + length)
    }

    /// The header lines as name (lowercased) and value, each checked.
    private func headerFields(_ b: UnsafeBufferPointer<UInt8>, _ lines: ArraySlice<Range<Int>>)
        -> Swift.Result<[HTTPRequest.Header], HTTPRequestError>
    {
        var headers: [HTTPRequest.Header] = []
        for line in lines {
            guard headers.count < maxHeaders else { return .failure(.init(.headersTooLarge, "more than \(maxHeaders) headers")) }
            guard let colon = b[line].firstIndex(of: 58), colon > line.lowerBound else {
                return .failure(.init(.badRequest, "expected a header line name: value"))
            }
            for k in line.lowerBound..<colon where !Self.isToken(b[k]) {
                return .failure(.init(.badRequest, "bad character in a header name"))
            }
            var vs = colon + 1, ve = line.upperBound
            while vs < ve && (b[vs] == 32 || b[vs] == 9) { vs += 1 }
            while ve > vs && (b[ve - 1] == 32 || b[ve - 1] == 9) { ve -= 1 }
            for k in vs..<ve where (b[k] < 32 && b[k] != 9) || b[k] == 127 {
                return .failure(.init(.badRequest, "control character in a header value"))
            }
            let name = String(decoding: b[line.lowerBound..<colon], as: UTF8.self).lowercased()
            headers.append(.init(name, String(decoding: b[vs..<ve], as: UTF8.self)))
        }
        return .success(headers)
    }

    private func requestLineParts(_ b: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Swift.Result<HTTPRequest, HTTPRequestError> {
        let parts = b[line].split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            return .failure(.init(.badRequest, "expected METHOD /path HTTP/1.1"))
        }
        let version = Array(parts[2])
        guard version == Array("HTTP/1.1".utf8) || version == Array("HTTP/1.0".utf8) else {
            return .failure(.init(.badRequest, "expected HTTP/1.0 or HTTP/1.1"))
        }
        let target = Array(parts[1])
        guard target.count <= maxTargetBytes else { return .failure(.init(.uriTooLong, "target longer than \(maxTargetBytes) bytes")) }
        guard target.first == 47, target.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            return .failure(.init(.badRequest, "expected a target starting with /"))
        }
        let q = target.firstIndex(of: 63)
        guard let path = Self.percentDecoded(target[..<(q ?? target.count)], plusIsSpace: false) else {
            return .failure(.init(.badRequest, "bad percent-encoding in the path"))
        }
        var query: [HTTPRequest.QueryItem] = []
        if let q {
            for pair in target[(q + 1)...].split(separator: 38) {
                let eq = pair.firstIndex(of: 61)
                guard let name = Self.percentDecoded(pair[..<(eq ?? pair.endIndex)], plusIsSpace: true),
                    let value = Self.percentDecoded(eq.map { pair[($0 + 1)...] } ?? [], plusIsSpace: true)
                else {
                    return .failure(.init(.badRequest, "bad percent-encoding in the query"))
                }
                query.append(.init(name, value))
            }
        }
        return .success(HTTPRequest(method: String(decoding: parts[0], as: UTF8.self), path: path, query: query))
    }

    /// `%XX` escapes decoded; nil for a bad escape, a NUL or text that is not UTF-8.
    static func percentDecoded(_ s: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if c == 37 {
                guard i + 2 < s.endIndex, let h = hex(s[i + 1]), let l = hex(s[i + 2]) else { return nil }
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(plusIsSpace && c == 43 ? 32 : c)
                i += 1
            }
        }
        guard !out.contains(0) else { return nil }
        return String(validating: out, as: UTF8.self)
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }

    /// RFC 9110's tchar.
    static func isToken(_ c: UInt8) -> Bool {
        switch c {
        case 48...57, 65...90, 97...122: return true
        case 33, 35, 36, 37, 38, 39, 42, 43, 45, 46, 94, 95, 96, 124, 126: return true
        default: return false
        }
    }

    /// Where `needle` starts in `b[from..<min(limit, count)]`.
    static func find(_ b: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], from: Int = 0, limit: Int) -> Int? {
        let end = Swift.min(limit, b.count) - needle.count
        guard end >= from else { return nil }
        var i = from
        outer: while i <= end {
            for k in 0..<needle.count where b[i + k] != needle[k] {
                i += 1
                continue outer
            }
            return i
        }
        return nil
    }
}
