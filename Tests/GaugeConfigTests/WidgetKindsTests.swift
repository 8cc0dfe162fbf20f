import Testing
import GaugeRaster
import GaugeWidgets
@testable import GaugeConfig

/// `type` names a registered widget kind: anything else is an error naming the kinds and
/// a near one, and the board does not load — never a bar or any other kind by default.
@Suite struct WidgetKindsTests {
    static func board(widget: String) -> String {
        TestFiles.minimal.replacingOccurrences(of: "  type = \"dial\"\n", with: widget)
    }

    @Test func anUnknownTypeIsAnErrorWithTheKindsAndANearOne() {
        let kinds = WidgetKinds.all.map { "\"\($0.type)\"" }.joined(separator: ", ")
        #expect(
            TestFiles.issues(Self.board(widget: "  type = \"dail\"\n")).map(\.description)
                == ["test.toml:17: page[0].widget \"dial\".type: expected one of \(kinds), got \"dail\" (did you mean \"dial\"?)"])
        // Nothing near: the list alone; a bar's keys do not make it a bar.
        #expect(
            TestFiles.issues(Self.board(widget: "  type = \"sparkline\"\n  thickness = 4\n")).map(\.description)
                == ["test.toml:17: page[0].widget \"dial\".type: expected one of \(kinds), got \"sparkline\""])
        #expect(TestFiles.issues(Self.board(widget: "  type = 3\n")).map(\.message) == ["expected one of \(kinds), got 3"])
        #expect(TestFiles.issues(Self.board(widget: "")).map(\.path) == ["page[0].widget \"dial\".type"])
    }

    /// Every registered kind loads from its entry alone (no switch elsewhere picks it) and
    /// round-trips through `WidgetContent`: changing it keeps its kind, and damage against
    /// another kind is both frames.
    @Test func everyRegisteredKindLoadsAndKeepsItsKind() throws {
        var widgets: [DashboardWidget] = []
        for (i, kind) in WidgetKinds.all.enumerated() {
            // A button or switch publishes: a command topic, and an MQTT sensor to send it.
            let control = kind.type == "button" || kind.type == "switch"
            let keys =
                kind.type == "label"
                ? "  text = \"hello\"\n" : (kind.type == "button" ? "" : "  channel = \"x\"\n") + (control ? "  command_topic = \"c\"\n" : "")
            let mqtt =
                control ? "\n[[sensor]]\nkind = \"mqtt\"\nbroker = \"127.0.0.1:1883\"\n  [[sensor.channel]]\n  name = \"m\"\n  topic = \"m\"\n" : ""
            let text = (TestFiles.minimal + mqtt)
                .replacingOccurrences(of: "  type = \"dial\"\n  channel = \"x\"\n", with: "  type = \"\(kind.type)\"\n" + keys)
                .replacingOccurrences(of: "  range = [0, 100]", with: kind.keys.contains("range") ? "  range = [0, 100]" : "")
                .replacingOccurrences(of: "frame = [10, 10, 200, 200]", with: "frame = [10, 10, 200, \(100 + i)]")
            let board = try BoardConfiguration.parse(text, file: "\(kind.type).toml")
            let w = try #require(board.dashboard.pages.first?.widgets.first)
            #expect(w.frame == IntRect(x: 10, y: 10, width: 200, height: Int32(100 + i)), "\(kind.type)")
            var changed = w
            changed.setValue(.nan)  // from the channel's initial 50
            // A chart's value comes through its history, which the panel hands it.
            if let shape = w.chartShape {
                var history = ChartHistory(shape)
                history.record(50, atMilliseconds: 0)
                changed.show(history: history)
            }
            #expect(changed.damage(from: w, fonts: StrokeFontSet()).bounds.isEmpty == (w.channel == nil), "\(kind.type)")
            widgets.append(w)
        }
        for (a, b) in zip(widgets, widgets.dropFirst()) {
            #expect(b.damage(from: a, fonts: StrokeFontSet()) == Region([a.frame, b.frame]))
        }
    }
}
