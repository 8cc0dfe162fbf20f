import Foundation
import GaugeLoop
import GaugeRaster
import Testing
@testable import GaugePreview

/// The designer's routes over in-memory sockets: the registry and the DBC list read only
/// what they should, edits and discovery only from the page, never on the live screen, and
/// a port in use names a free one.
struct DesignerRouteTests {
    typealias Fixture = PreviewServerTests.Fixture
    static let page = "Host: 127.0.0.1:8480\r\nX-GaugePanel: 1\r\nOrigin: http://127.0.0.1:8480\r\n"

    @Test func kindsAndDBCFilesAreServedAndNothingElseIsRead() throws {
        let f = try Fixture()
        let kinds = f.request("GET /kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        #expect(kinds.status == "HTTP/1.1 200 OK" && kinds.body.contains("\"type\":\"dial\""))
        let files = f.request("GET /dbc HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        #expect(files.body == "{\"files\":[\"car-ecu.dbc\"]}")
        let listing = f.request("GET /dbc?name=car-ecu.dbc HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        #expect(listing.status == "HTTP/1.1 200 OK" && listing.body.contains("ENGINE.RPM"))
        for name in ["..%2Fdashboards%2Fcar-ecu.dbc", "%2Fetc%2Fpasswd", "car.toml", ".x.dbc", "nope.dbc"] {
            #expect(f.request("GET /dbc?name=\(name) HTTP/1.1\r\nHost: 127.0.0.1\r\n").status == "HTTP/1.1 404 Not Found", "\(name)")
        }
        #expect(f.request("GET /dbc HTTP/1.1\r\nHost: evil.example\r\n").status == "HTTP/1.1 403 Forbidden")
    }

    @Test func editsAndDiscoveryOnlyFromThePage() throws {
        let f = try Fixture()
        for path in ["/edit", "/undo", "/redo", "/mqtt-discover"] {
            #expect(
                f.request("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n", body: "op=add-page&name=x").status == "HTTP/1.1 403 Forbidden", "\(path)")
            #expect(f.request("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n").status == "HTTP/1.1 405 Method Not Allowed", "\(path)")
        }
        // From the page: reached, and refused for what it asks (nothing of car.toml written).
        let odd = f.request("POST /edit HTTP/1.1\r\n" + Self.page, body: "op=set&table=..%2F..%2Fetc&key=x&value=1")
        #expect(odd.status == "HTTP/1.1 409 Conflict" && odd.body.contains("expected widget=ID"))
        #expect(f.request("POST /undo HTTP/1.1\r\n" + Self.page, body: "").body.contains("nothing to undo"))
        let broker = f.request("POST /mqtt-discover HTTP/1.1\r\n" + Self.page, body: "broker=not%20a%20host")
        #expect(broker.status == "HTTP/1.1 400 Bad Request")
    }

    @Test func theLiveScreenTakesNoEdits() throws {
        let surface = try Surface(width: 4, height: 2, format: .xrgb8888)
        let f = try Fixture(source: .live(LiveScreen(file: "car.toml") { surface }))
        for path in ["/edit", "/undo", "/mqtt-discover"] {
            #expect(f.request("POST \(path) HTTP/1.1\r\n" + Self.page, body: "op=add-page&name=x").status == "HTTP/1.1 403 Forbidden", "\(path)")
        }
        #expect(f.request("GET /dbc HTTP/1.1\r\nHost: 127.0.0.1\r\n").status == "HTTP/1.1 403 Forbidden")
    }

    @Test func aPortInUseSuggestsAFreeOne() throws {
        let busy = cpreviewListen()
        defer { close(busy.fd) }
        let failure = PreviewRequest.listenFailure("127.0.0.1:\(busy.port)", "127.0.0.1", .init(EADDRINUSE))
        let text = failure.lines.joined(separator: " ")
        let suggested = text.split(separator: ":").last.flatMap { UInt16($0.prefix { $0.isNumber }) }
        #expect(suggested != nil && suggested != busy.port, "\(text)")
    }

    /// A socket listening on a free port.
    func cpreviewListen() -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        listen(fd, 1)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return (fd, UInt16(bigEndian: address.sin_port))
    }
}
