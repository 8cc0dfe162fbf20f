import Foundation
import Testing
@testable import GaugePreview

/// The JSON the page reads from /board: valid JSON (parsed here by Foundation, as the
/// browser parses it), with the fields the page uses.
struct BoardJSONTests {
    static let carBoard = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../dashboards/car.toml").standardized.path

    func decode(_ json: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func describesTheCarBoard() throws {
        let session = PreviewSession(path: Self.carBoard, displayOutputs: ["auto", "drm", "fbdev", "offscreen"])
        let o = try decode(BoardJSON.encode(session, editable: true))
        #expect(o["version"] as? Int == 1)
        #expect(o["loaded"] as? Bool == true)
        #expect(o["editable"] as? Bool == true)
        #expect((o["errors"] as? [String])?.isEmpty == true)
        #expect(o["width"] as? Int == 800)
        #expect(o["height"] as? Int == 480)
        #expect(o["rotation"] as? Int == 0)
        #expect(o["theme"] as? String == "day")
        let pages = try #require(o["pages"] as? [[String: Any]])
        #expect(pages.map { $0["name"] as? String } == ["drive"])
        let widgets = try #require(pages[0]["widgets"] as? [[String: Any]])
        #expect(
            widgets.map { $0["id"] as? String } == [
                "rpm", "speed", "coolant", "fuel", "battery-label", "battery", "charge-lamp", "coolant-lamp", "fuel-lamp",
            ])
        #expect(widgets[0]["frame"] as? [Int] == [20, 10, 340, 340])
        #expect(widgets[4]["channel"] is NSNull)
        let channels = try #require(o["channels"] as? [[String: Any]])
        let rpm = try #require(channels.first { $0["name"] as? String == "rpm" })
        #expect(rpm["min"] as? Double == 0)
        #expect(rpm["max"] as? Double == 8000)
        #expect(rpm["value"] as? Double == 3000)
        #expect(rpm["unit"] as? String == "rpm")
        // No widget shows a range for the battery readout: 0…100, widened to its value.
        let battery = try #require(channels.first { $0["name"] as? String == "battery" })
        #expect(battery["min"] as? Double == 0)
        #expect((battery["max"] as? Double ?? 0) >= 100)
    }

    @Test func aBoardThatNeverLoadedSaysSo() throws {
        let session = PreviewSession(path: "/nonexistent/board \"quoted\".toml", displayOutputs: ["auto", "drm", "fbdev", "offscreen"])
        let o = try decode(BoardJSON.encode(session, editable: false))
        #expect(o["loaded"] as? Bool == false)
        #expect(o["file"] as? String == "/nonexistent/board \"quoted\".toml")
        let errors = try #require(o["errors"] as? [String])
        #expect(errors.count == 1)
        #expect(errors[0].contains("cannot read"))
    }

    @Test func stringsAreEscaped() throws {
        let nasty = "a\"b\\c\nd\te\u{1}f\u{2028}g→"
        let o = try #require(JSONSerialization.jsonObject(with: Data(("[" + BoardJSON.string(nasty) + "]").utf8)) as? [String])
        #expect(o == [nasty])
        #expect(BoardJSON.number(.nan) == "null")
        #expect(BoardJSON.number(13.8) == "13.8")
        #expect(BoardJSON.number(-4) == "-4")
    }
}
