import Testing
@testable import GaugePreview

struct HTTPRequestParserTests {
    let parser = HTTPRequestParser()
    func parse(_ s: String) -> HTTPRequestParser.Result { parser.parse(Array(s.utf8)) }

    @Test func parsesAGet() {
        guard case .request(let r, let n) = parse("GET /frame.png?page=1&set=rpm%3D4200&set=speed=80&theme=night HTTP/1.1\r\nHost: 127.0.0.1:8480\r\n\r\n") else {
            Issue.record("not parsed"); return
        }
        #expect(r.method == "GET")
        #expect(r.path == "/frame.png")
        #expect(r.queryValue("page") == "1")
        #expect(r.queryValues("set") == ["rpm=4200", "speed=80"])
        #expect(r.header("host") == "127.0.0.1:8480")
        #expect(n == 94)
    }
}
