import Testing
@testable import GaugeNet

/// The WebSocket client's parts: SHA-1 and base64 against Python's hashlib and base64,
/// the handshake (RFC 6455's own example key), the masked client frames and the decoder
/// of the server's frames: 7/16/64-bit lengths, fragments, split reads, control frames,
/// oversize messages and protocol errors.
@Suite struct WebSocketTests {
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// Every event of `bytes` fed in pieces of `chunk` bytes.
    static func decode(_ bytes: [UInt8], chunk: Int = .max, limit: Int = 16 * 1024) throws(WebSocketDecodeError) -> [WebSocketEvent] {
        var decoder = WebSocketDecoder(maximumMessageSize: limit)
        var events: [WebSocketEvent] = []
        var i = 0
        while i < bytes.count {
            let end = i + min(chunk, bytes.count - i)
            try decoder.feed(Array(bytes[i..<end])) { events.append($0) }
            i = end
        }
        return events
    }

    /// A server frame (unmasked).
    static func frame(_ first: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var out = [first]
        if payload.count < 126 {
            out.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            out += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            out.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((UInt64(payload.count) >> UInt64(shift)) & 0xFF)) }
        }
        return out + payload
    }

    @Test func sha1AndBase64MatchPython() {
        // hashlib.sha1(…).hexdigest(); the 1000-byte input spans 16 blocks, 119 bytes two.
        #expect(Self.hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(Self.hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            Self.hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(Self.hex(SHA1.digest([UInt8](repeating: 97, count: 1000))) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
        #expect(Self.hex(SHA1.digest((0..<119).map { UInt8($0 % 251) })) == "41c89d06001bab4ab78736b44efe7ce18ce6ae08")
        #expect(Base64.encode(Array("f".utf8)) == Array("Zg==".utf8))
        #expect(Base64.encode(Array("fo".utf8)) == Array("Zm8=".utf8))
        #expect(Base64.encode(Array("foo".utf8)) == Array("Zm9v".utf8))
        #expect(Base64.encode(Array(0..<16)) == Array("AAECAwQFBgcICQoLDA0ODw==".utf8))
    }

    @Test func handshakeChecksTheAnswer() {
        // RFC 6455 §1.3: the key "the sample nonce" and its accept.
        let key = Array("the sample nonce".utf8)
        var h = WebSocketHandshake(host: "boat.local:3000", path: "/signalk/v1/stream?subscribe=none", key: key)
        #expect(h.expectedAccept == Array("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=".utf8))
        #expect(
            String(decoding: h.request, as: UTF8.self)
                == "GET /signalk/v1/stream?subscribe=none HTTP/1.1\r\nHost: boat.local:3000\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        let answer =
            Array(
                ("HTTP/1.1 101 Switching Protocols\r\nupgrade: WebSocket\r\nConnection: keep-alive, Upgrade\r\n"
                    + "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n").utf8) + [0x81, 0x00]
        // A byte at a time: the blank line is found across reads, the frame byte handed back.
        var result: Result<[UInt8], WebSocketHandshakeError>?
        for b in answer where result == nil { result = h.feed([b]) }
        #expect(result == .success([]))
        var whole = WebSocketHandshake(host: "h", path: "/", key: key)
        #expect(whole.feed(answer) == .success([0x81, 0x00]))
    }

    @Test func handshakeRefusals() {
        let key = Array("the sample nonce".utf8)
        func answer(_ text: String) -> Result<[UInt8], WebSocketHandshakeError>? {
            var h = WebSocketHandshake(host: "h", path: "/", key: key)
            return h.feed(Array(text.utf8))
        }
        let ok = "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        #expect(answer("HTTP/1.1 404 Not Found\r\n\r\n") == .failure(.refused(status: "HTTP/1.1 404 Not Found")))
        #expect(answer("SSH-2.0-OpenSSH\r\n\r\n") == .failure(.notHTTP))
        #expect(answer("HTTP/1.1 101 OK\r\nConnection: Upgrade\r\n\r\n") == .failure(.notUpgraded))
        #expect(answer("HTTP/1.1 101 OK\r\n\(ok)Sec-WebSocket-Accept: AAAA\r\n\r\n") == .failure(.badAccept))
        #expect(answer("HTTP/1.1 101 OK\r\n\(ok)\r\n") == .failure(.badAccept))
        #expect(answer("HTTP/1.1 101 OK\r\n") == nil, "not finished yet")
        #expect(answer(String(repeating: "x", count: 5000)) == .failure(.tooLong))
    }

    @Test func clientFramesAreMaskedWithEveryLength() {
        // RFC 6455 §5.7: a masked "Hello".
        #expect(
            WebSocketFrameEncoder.frame(.text, Array("Hello".utf8), mask: 0x37FA_213D)
                == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
        for (count, header) in [
            (125, [0x82, 0x80 | 125]), (126, [0x82, 0xFE, 0, 126]), (65535, [0x82, 0xFE, 0xFF, 0xFF]),
            (65536, [0x82, 0xFF, 0, 0, 0, 0, 0, 1, 0, 0]),
        ] as [(Int, [UInt8])] {
            let payload = (0..<count).map { UInt8($0 & 0xFF) }
            let f = WebSocketFrameEncoder.frame(.binary, payload, mask: 0x0102_0304)
            #expect(Array(f.prefix(header.count)) == header, "length \(count)")
            let key = Array(f[header.count..<(header.count + 4)])
            #expect(key == [1, 2, 3, 4])
            let unmasked = f[(header.count + 4)...].enumerated().map { $0.element ^ key[$0.offset & 3] }
            #expect(unmasked == payload)
        }
        #expect(WebSocketFrameEncoder.close(mask: 0) == [0x88, 0x82, 0, 0, 0, 0, 0x03, 0xE8])
    }

    @Test func messagesOfEveryLengthInAnyChunks() throws {
        let big16 = (0..<300).map { UInt8($0 & 0xFF) }
        let big64 = (0..<70000).map { UInt8($0 % 253) }
        let stream = Self.frame(0x81, Array("Hello".utf8)) + Self.frame(0x82, big16) + Self.frame(0x82, big64) + Self.frame(0x81, [])
        let want: [WebSocketEvent] = [.text(Array("Hello".utf8)), .binary(big16), .binary(big64), .text([])]
        for chunk in [1, 2, 3, 7, 4096, .max] {
            #expect(try Self.decode(stream, chunk: chunk, limit: 80000) == want, "chunks of \(chunk)")
        }
    }

    @Test func fragmentsAreJoinedAroundControlFrames() throws {
        // "Hel", a ping, "lo": the ping is reported at once, the message when whole.
        let stream =
            Self.frame(0x01, Array("Hel".utf8)) + Self.frame(0x89, [7, 8]) + Self.frame(0x80, Array("lo".utf8))
            + Self.frame(0x8A, []) + Self.frame(0x88, [0x03, 0xE9]) + Self.frame(0x88, [])
        let want: [WebSocketEvent] = [.ping([7, 8]), .text(Array("Hello".utf8)), .pong, .close(code: 1001), .close(code: nil)]
        for chunk in [1, 5, .max] { #expect(try Self.decode(stream, chunk: chunk) == want) }
    }

    @Test func oversizeMessagesAreSkippedAndCounted() throws {
        // Limit 200: 150 + 150 bytes in two fragments is over it, read past; the stream goes on.
        let stream =
            Self.frame(0x01, [UInt8](repeating: 65, count: 150)) + Self.frame(0x89, [1])
            + Self.frame(0x80, [UInt8](repeating: 66, count: 150)) + Self.frame(0x82, [UInt8](repeating: 0, count: 1000))
            + Self.frame(0x81, Array("ok".utf8))
        for chunk in [1, 64, .max] {
            var decoder = WebSocketDecoder(maximumMessageSize: 200)
            var events: [WebSocketEvent] = []
            var i = 0
            while i < stream.count {
                let end = min(stream.count, i + chunk)
                try decoder.feed(Array(stream[i..<end])) { events.append($0) }
                i = end
            }
            #expect(events == [.ping([1]), .skipped(size: 300), .skipped(size: 1000), .text(Array("ok".utf8))])
            #expect(decoder.statistics.overlong == 2 && decoder.statistics.accepted == 1)
        }
        // The largest length a frame can state: counted, waited for, no trap.
        let huge: [UInt8] = [0x82, 127, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3]
        #expect(try Self.decode(huge).isEmpty)
        let twice: [UInt8] = [0x02, 127, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        var decoder = WebSocketDecoder()
        try decoder.feed(twice) { _ in }
        #expect(decoder.statistics.overlong == 1)
    }

    @Test func protocolErrorsFailTheDecoderUntilReset() {
        let cases: [([UInt8], WebSocketDecodeError)] = [
            ([0x81, 0x85, 1, 2, 3, 4, 0, 0, 0, 0, 0], .maskedFrame),
            ([0xC1, 0x00], .reservedBits),
            ([0x83, 0x00], .unknownOpcode(3)),
            ([0x09, 0x00], .badControlFrame),
            ([0x89, 126, 0, 126], .badControlFrame),
            ([0x80, 0x00], .badFragment),
            ([0x01, 0x01, 65, 0x81, 0x00], .badFragment),
            ([0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 0], .badLength),
        ]
        for (bytes, error) in cases {
            var decoder = WebSocketDecoder()
            #expect(throws: error) { try decoder.feed(bytes) { _ in } }
            #expect(throws: error) { try decoder.feed(Self.frame(0x81, [65])) { _ in } }
            decoder.reset()
            var events: [WebSocketEvent] = []
            #expect(throws: Never.self) { try decoder.feed(Self.frame(0x81, [65])) { events.append($0) } }
            #expect(events == [.text([65])])
        }
    }
}
