import Testing
@testable import GaugePreview

/// The preview server's request parser: what the page sends parses; partial input waits;
/// oversize input is refused at its limit; garbage is refused, never trapped on.
struct HTTPRequestParserTests {
    let parser = HTTPRequestParser()
    func parse(_ s: String) -> HTTPRequestParser.Result { parser.parse(Array(s.utf8)) }
    func status(_ r: HTTPRequestParser.Result) -> Int? {
        if case .invalid(let e) = r { return e.status.code }
        return nil
    }

    @Test func parsesTheFramesRequest() {
        let text =
            "GET /frame.png?page=1&set=rpm%3D4200&set=speed=80&theme=night&stale=fuel HTTP/1.1\r\nHost: 127.0.0.1:8480\r\nAccept:  image/png \r\n\r\n"
        guard case .request(let r, let n) = parse(text) else {
            Issue.record("not parsed")
            return
        }
        #expect(r.method == "GET")
        #expect(r.path == "/frame.png")
        #expect(r.queryValue("page") == "1")
        #expect(r.queryValues("set") == ["rpm=4200", "speed=80"])
        #expect(r.queryValues("stale") == ["fuel"])
        #expect(r.header("host") == "127.0.0.1:8480")
        #expect(r.header("accept") == "image/png")  // blanks around a value trimmed
        #expect(n == text.utf8.count)
    }

    @Test func parsesAPostWithItsBodyAndLeavesThePipelinedRest() {
        let body = "id=rpm&frame=60%2C10%2C320%2C320"
        let text = "POST /frame HTTP/1.1\r\nContent-Length: \(body.utf8.count)\r\nX-GaugePanel: 1\r\n\r\n" + body
        guard case .request(let r, let n) = parse(text + "GET / HTTP/1.1\r\n") else {
            Issue.record("not parsed")
            return
        }
        #expect(r.body == Array(body.utf8))
        #expect(n == text.utf8.count)
        #expect(HTTPRequestParser.formItems(r.body) == [.init("id", "rpm"), .init("frame", "60,10,320,320")])
    }

    @Test func waitsForTheRestAtEveryCut() {
        let text = Array("POST /frame HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello".utf8)
        for cut in 0..<text.count {
            #expect(parser.parse(Array(text[..<cut])) == .incomplete, "cut at \(cut)")
        }
        guard case .request(let r, _) = parser.parse(text) else {
            Issue.record("whole request not parsed")
            return
        }
        #expect(r.body == Array("hello".utf8))
    }

    @Test func refusesMalformedRequestsWith400() {
        let bad = [
            "GET\r\n\r\n",
            " / HTTP/1.1\r\n\r\n",
            "GET / HTTP/2.0\r\n\r\n",
            "GET / HTTP/1.1 extra\r\n\r\n",
            "GET nopath HTTP/1.1\r\n\r\n",
            "GET /%zz HTTP/1.1\r\n\r\n",
            "GET /?a=%00 HTTP/1.1\r\n\r\n",
            "GET /%C3%28 HTTP/1.1\r\n\r\n",  // not UTF-8
            "GET / HTTP/1.1\r\nno colon\r\n\r\n",
            "GET / HTTP/1.1\r\n: empty name\r\n\r\n",
            "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
            "GET / HTTP/1.1\r\nX: a\u{1}b\r\n\r\n",
            "POST /frame HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            "POST /frame HTTP/1.1\r\nContent-Length: 1e3\r\n\r\n",
            "POST /frame HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
            "POST /frame HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
            "GET / HTTP/1.1\nHost: x\n\n",  // bare LF
            "GET\t/ HTTP/1.1\r\n\r\n",
        ]
        for b in bad { #expect(status(parse(b)) == 400, "\(b.debugDescription)") }
    }

    @Test func refusesGarbageOnItsFirstBytes() {
        // No need to wait for a blank line to know these are not HTTP.
        #expect(status(parser.parse([0x16, 0x03, 0x01, 0x02])) == 400)  // a TLS ClientHello
        #expect(status(parse("\u{7F}ELF")) == 400)
        #expect(status(parse("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) == 400)  // no method is that long
    }

    @Test func refusesOversizeInputAtItsLimits() {
        let longHeader = "GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 9000) + "\r\n\r\n"
        #expect(status(parse(longHeader)) == 431)
        // Refused at the limit, before the end of the headers arrives.
        #expect(status(parse("GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 9000))) == 431)
        let manyHeaders = "GET / HTTP/1.1\r\n" + String(repeating: "X: y\r\n", count: 65) + "\r\n"
        #expect(status(parse(manyHeaders)) == 431)
        #expect(status(parse("POST /frame HTTP/1.1\r\nContent-Length: 65537\r\n\r\n")) == 413)
        #expect(status(parse("POST /frame HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n")) == 400)
        #expect(status(parse("GET /" + String(repeating: "a", count: 4100) + " HTTP/1.1\r\n\r\n")) == 414)
    }

    @Test func randomBytesNeverTrapAndAreNeverARequest() {
        var rng = SplitMix(seed: 42)
        for _ in 0..<20_000 {
            let n = Int(rng.next() % 300)
            var bytes = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if rng.next() % 2 == 0 { bytes += Array("\r\n\r\n".utf8) }
            if case .request = parser.parse(bytes) { Issue.record("random bytes parsed as a request: \(bytes)") }
        }
    }

    @Test func mutatedRequestsNeverTrap() {
        // Valid requests with one byte changed, inserted or removed at every position.
        let base = Array("POST /frame?x=%41 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\n\r\nabc".utf8)
        var seen = 0
        for i in 0..<base.count {
            for replacement: UInt8 in [0, 10, 13, 32, 37, 58, 0xFF] {
                var changed = base
                changed[i] = replacement
                _ = parser.parse(changed)
                var removed = base
                removed.remove(at: i)
                _ = parser.parse(removed)
                var inserted = base
                inserted.insert(replacement, at: i)
                _ = parser.parse(inserted)
                seen += 3
            }
        }
        #expect(seen == base.count * 21)
    }

    @Test func percentDecoding() {
        #expect(HTTPRequestParser.percentDecoded(ArraySlice("a%20b+c".utf8), plusIsSpace: true) == "a b c")
        #expect(HTTPRequestParser.percentDecoded(ArraySlice("a+b".utf8), plusIsSpace: false) == "a+b")
        #expect(HTTPRequestParser.percentDecoded(ArraySlice("%E2%86%92".utf8), plusIsSpace: false) == "→")
        #expect(HTTPRequestParser.percentDecoded(ArraySlice("%4".utf8), plusIsSpace: false) == nil)
        #expect(HTTPRequestParser.percentDecoded(ArraySlice("%".utf8), plusIsSpace: false) == nil)
    }
}

/// A small deterministic PRNG for the fuzz loops.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
