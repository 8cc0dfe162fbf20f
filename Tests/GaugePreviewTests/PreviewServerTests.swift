import Foundation
import GaugeLoop
import GaugeRaster
import Testing
@testable import GaugePreview

/// The preview's routes and who may use them: only its page, the board and pictures; the
/// token off loopback; a loopback Host on loopback; POSTs only from the page.
struct PreviewServerTests {
    final class Fixture {
        let loop = TestEventLoop()
        let sockets = FakeSockets()
        let server: PreviewServer
        var nextFD: Int32 = 10

        init(source: PreviewSource? = nil, loopback: Bool = true, token: String? = nil) throws {
            let board = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../dashboards/car.toml").standardized.path
            server = try PreviewServer(
                loop: loop, system: sockets,
                source: source ?? .board(PreviewSession(path: board, displayOutputs: ["auto", "drm", "fbdev", "offscreen"])),
                address: "127.0.0.1", port: 0, loopback: loopback, token: token, editable: true
            ) { _ in }
        }

        /// Sends one request; returns the status line and the body.
        func request(_ head: String, body: String = "") -> (status: String, body: String) {
            let fd = nextFD
            nextFD += 1
            let text = head + (body.isEmpty ? "" : "Content-Length: \(body.utf8.count)\r\n") + "\r\n" + body
            sockets.pending.append(fd)
            sockets.incoming[fd] = [Array(text.utf8)]
            loop.deliver(fd: sockets.listener)
            loop.deliver(fd: fd)
            let sent = sockets.sent[fd] ?? []
            let end = sent.indices.first { i in i + 3 < sent.count && sent[i...(i + 3)].elementsEqual([13, 10, 13, 10]) } ?? sent.count
            let body = end + 4 <= sent.count ? String(decoding: sent[(end + 4)...], as: UTF8.self) : ""
            return (sockets.statusLine(fd), body)
        }
    }

    @Test func servesItsPageBoardAndPictureOnly() throws {
        let f = try Fixture()
        let page = f.request("GET / HTTP/1.1\r\nHost: 127.0.0.1:8480\r\n")
        #expect(page.status == "HTTP/1.1 200 OK")
        #expect(page.body.hasPrefix("<!doctype html>"))
        #expect(f.request("GET /board HTTP/1.1\r\nHost: localhost:8480\r\n").body.hasPrefix("{\"version\":1,"))
        #expect(f.sockets.sent[f.nextFD - 1].map { String(decoding: $0, as: UTF8.self).contains("Content-Type: application/json") } == true)
        #expect(f.request("GET /frame.png?theme=night&set=rpm=4200 HTTP/1.1\r\nHost: 127.0.0.1\r\n").status == "HTTP/1.1 200 OK")
        for path in ["/etc/passwd", "/../dashboards/car.toml", "/car.toml", "/board/../../x"] {
            #expect(f.request("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n").status == "HTTP/1.1 404 Not Found", "\(path)")
        }
        #expect(f.request("DELETE /board HTTP/1.1\r\nHost: 127.0.0.1\r\n").status == "HTTP/1.1 405 Method Not Allowed")
        let bad = f.request("GET /frame.png?set=nope=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        #expect(bad.status == "HTTP/1.1 400 Bad Request")
        #expect(bad.body.contains("unknown channel \"nope\""))
    }

    @Test func onLoopbackTheHostMustBeALoopbackName() throws {
        let f = try Fixture()
        #expect(f.request("GET / HTTP/1.1\r\nHost: evil.example:8480\r\n").status == "HTTP/1.1 403 Forbidden")
        #expect(f.request("GET / HTTP/1.1\r\n").status == "HTTP/1.1 403 Forbidden")
        #expect(f.request("GET / HTTP/1.1\r\nHost: 127.0.0.2\r\n").status == "HTTP/1.1 200 OK")
        #expect(f.request("GET / HTTP/1.1\r\nHost: [::1]:8480\r\n").status == "HTTP/1.1 200 OK")
        #expect(f.request("GET / HTTP/1.1\r\nHost: 127.0.0.1.evil.example\r\n").status == "HTTP/1.1 403 Forbidden")
    }

    @Test func postsComeOnlyFromThePage() throws {
        let f = try Fixture()
        let form = "id=nope&frame=1,1,10,10"
        #expect(f.request("POST /frame HTTP/1.1\r\nHost: 127.0.0.1:8480\r\n", body: form).status == "HTTP/1.1 403 Forbidden")
        #expect(
            f.request("POST /frame HTTP/1.1\r\nHost: 127.0.0.1:8480\r\nX-GaugePanel: 1\r\nOrigin: http://evil.example\r\n", body: form).status
                == "HTTP/1.1 403 Forbidden")
        // From the page: it reaches the edit, which finds no such widget (and writes nothing).
        let r = f.request("POST /frame HTTP/1.1\r\nHost: 127.0.0.1:8480\r\nX-GaugePanel: 1\r\nOrigin: http://127.0.0.1:8480\r\n", body: form)
        #expect(r.status == "HTTP/1.1 409 Conflict")
        #expect(r.body.contains("no widget \"nope\""))
        for frame in ["1,1,10", "a,b,c,d", "1,1,0,10", "1,1,10,99999999999"] {
            #expect(
                f.request("POST /frame HTTP/1.1\r\nHost: 127.0.0.1\r\nX-GaugePanel: 1\r\n", body: "id=rpm&frame=\(frame)").status
                    == "HTTP/1.1 400 Bad Request", "\(frame)")
        }
    }

    @Test func offLoopbackEveryRequestNeedsTheToken() throws {
        let f = try Fixture(loopback: false, token: "0123456789abcdef0123456789abcdef")
        #expect(f.request("GET / HTTP/1.1\r\nHost: panel.local\r\n").status == "HTTP/1.1 403 Forbidden")
        #expect(f.request("GET /?token=0123456789abcdef0123456789abcdee HTTP/1.1\r\nHost: panel.local\r\n").status == "HTTP/1.1 403 Forbidden")
        #expect(f.request("GET /?token=0123456789abcdef0123456789abcdef HTTP/1.1\r\nHost: panel.local\r\n").status == "HTTP/1.1 200 OK")
        #expect(
            f.request("GET /board HTTP/1.1\r\nHost: panel.local\r\nX-GaugePanel-Token: 0123456789abcdef0123456789abcdef\r\n").status
                == "HTTP/1.1 200 OK")
    }

    @Test func theLiveScreenIsReadOnlyAndFollowsFrames() throws {
        var surface = try Surface(width: 4, height: 2, format: .xrgb8888)
        let live = LiveScreen(file: "car.toml") { surface }
        let f = try Fixture(source: .live(live))
        #expect(
            f.request("POST /frame HTTP/1.1\r\nHost: 127.0.0.1\r\nX-GaugePanel: 1\r\n", body: "id=rpm&frame=1,1,10,10").status
                == "HTTP/1.1 403 Forbidden")
        let first = try live.png()
        #expect(!live.frameDrawn(Region()))
        surface = try Surface(width: 4, height: 2, format: .xrgb8888)
        Canvas(surface).fill(IntRect(x: 0, y: 0, width: 2, height: 2), color: Color(rgb: 0xFF0000))
        #expect(try live.png() == first)  // one picture per version
        #expect(live.frameDrawn(Region(IntRect(x: 0, y: 0, width: 2, height: 2))))
        #expect(try live.png() != first)
        #expect(live.json().contains("\"live\":true"))
        #expect(live.json().contains("\"editable\":false"))
    }
}

struct PreviewListenTests {
    @Test func listenAddresses() throws {
        #expect(try PreviewRequest.parseListen("127.0.0.1:8480") == ("127.0.0.1", 8480, true))
        #expect(try PreviewRequest.parseListen("localhost:0") == ("127.0.0.1", 0, true))
        #expect(try PreviewRequest.parseListen("0.0.0.0:8480") == ("0.0.0.0", 8480, false))
        #expect(try PreviewRequest.parseListen("192.168.1.20:80") == ("192.168.1.20", 80, false))
        for bad in ["nope", "127.0.0.1", "127.0.0.1:65536", "127.0.0.1:-1", "panel.local:8480", ":8480", "::1:8480"] {
            #expect(throws: (any Error).self, "\(bad)") { try PreviewRequest.parseListen(bad) }
        }
    }
}
