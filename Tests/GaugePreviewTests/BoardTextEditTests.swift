import Foundation
import Testing
@testable import GaugePreview

/// Every kind of edit on a heavily commented board: the diff is exactly the lines meant,
/// every other byte — comments, blank lines, key order, odd spacing — stays.
struct BoardTextEditTests {
    static let board = """
        # A test board: comments and odd spacing must survive every edit.
        [display]
        width = 400   # pixels
        height = 200

        [[sensor]]
        kind = "simulated"
          [[sensor.channel]]
          name = "rpm"
          waveform = "sine"
          centre = 3000
          amplitude = 1000
          period = 8

        # The one page.
        [[page]]
        name = "one"   # shown on the tab

          # The dial, top left.
          [[page.widget]]
          id = "rpm"
          type = "dial"
          channel = "rpm"
          range = [0,
                   8000]   # a range over two lines
        \tframe   =  [ 10 , 10, 150, 150 ]   # the dial
          title = "frame = [1, 2, 3, 4]"   # not a frame

          [[page.widget]]
          id = 'label'
          type = "label"
          frame = [200, 10, 100, 30]
          text = \"\"\"RPM\"\"\"

        # Trailing notes stay at the end.
        """

    /// The lines removed and added between two texts: the first and last lines that differ.
    static func hunk(_ a: String, _ b: String) -> (removed: [String], added: [String]) {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let y = b.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The common end first: a blank line between tables counts as the new one's.
        var s = 0
        while s < x.count && s < y.count && x[x.count - 1 - s] == y[y.count - 1 - s] { s += 1 }
        var p = 0
        while p < x.count - s && p < y.count - s && x[p] == y[p] { p += 1 }
        return (Array(x[p..<(x.count - s)]), Array(y[p..<(y.count - s)]))
    }

    func edited(_ edit: BoardTextEdit, _ text: String = Self.board) throws -> String {
        String(decoding: try edit.apply(to: Array(text.utf8)), as: UTF8.self)
    }

    @Test func findsTablesKeysAndValuesPastCommentsAndMultiLineValues() {
        let layout = TOMLLayout(Array(Self.board.utf8))
        #expect(
            layout.tables.map(\.path) == ["", "display", "sensor[0]", "sensor[0].channel[0]", "page[0]", "page[0].widget[0]", "page[0].widget[1]"])
        let rpm = layout.table("page[0].widget[0]")!
        #expect(rpm.keys.map(\.name) == ["id", "type", "channel", "range", "frame", "title"])
        #expect(layout.text(rpm.keys[3].value) == "[0,\n           8000]")
        #expect(layout.text(rpm.keys[4].value) == "[ 10 , 10, 150, 150 ]")
        #expect(layout.widgetTable(id: "label") == "page[0].widget[1]")
        #expect(layout.text(layout.table("page[0].widget[1]")!.keys[3].value) == "\"\"\"RPM\"\"\"")
    }

    @Test func setReplacesOnlyTheValue() throws {
        let out = try edited(.set(table: "page[0].widget[0]", key: "frame", value: "[50, 12, 140, 130]"))
        #expect(Self.hunk(Self.board, out) == (["\tframe   =  [ 10 , 10, 150, 150 ]   # the dial"], ["\tframe   =  [50, 12, 140, 130]   # the dial"]))
        let range = try edited(.set(table: "page[0].widget[0]", key: "range", value: "[0, 9000]"))
        #expect(
            Self.hunk(Self.board, range) == (
                ["  range = [0,", "           8000]   # a range over two lines"], ["  range = [0, 9000]   # a range over two lines"]
            ))
    }

    @Test func setAddsAMissingKeyAfterTheTablesLastKeyAndAMissingTableAtTheEnd() throws {
        let out = try edited(.set(table: "page[0].widget[1]", key: "alignment", value: "\"centre\""))
        #expect(Self.hunk(Self.board, out) == ([], ["  alignment = \"centre\""]))
        #expect(out.contains("  text = \"\"\"RPM\"\"\"\n  alignment = \"centre\"\n\n# Trailing"))
        let theme = try edited(.set(table: "theme.night", key: "needle", value: "\"#D04030\""))
        #expect(theme == Self.board + "\n\n[theme.night]\nneedle = \"#D04030\"")
        #expect(throws: BoardEditError.self) { try edited(.set(table: "page[3]", key: "name", value: "\"x\"")) }
        #expect(throws: BoardEditError.self) { try edited(.set(table: "display", key: "width", value: "1\n[x]")) }
    }

    @Test func removeTakesTheKeysLines() throws {
        let out = try edited(.remove(table: "page[0].widget[0]", key: "range"))
        #expect(Self.hunk(Self.board, out) == (["  range = [0,", "           8000]   # a range over two lines"], []))
    }

    @Test func addWidgetWritesATableAtThePagesEndIndentedLikeItsWidgets() throws {
        let out = try edited(.addWidget(page: 0, keys: [.init("id", "\"r2\""), .init("type", "\"readout\""), .init("frame", "[0, 170, 80, 30]")]))
        #expect(Self.hunk(Self.board, out) == ([], ["", "  [[page.widget]]", "  id = \"r2\"", "  type = \"readout\"", "  frame = [0, 170, 80, 30]"]))
        #expect(out.hasSuffix("  frame = [0, 170, 80, 30]\n\n# Trailing notes stay at the end."))
    }

    @Test func removeTableTakesItsCommentsAndOneBlankLine() throws {
        let out = try edited(.removeTable("page[0].widget[0]"))
        #expect(Self.hunk(Self.board, out).added.isEmpty)
        #expect(Self.hunk(Self.board, out).removed.prefix(2) == ["", "  # The dial, top left."])
        #expect(Self.hunk(Self.board, out).removed.last == "  title = \"frame = [1, 2, 3, 4]\"   # not a frame")
        #expect(out.contains("name = \"one\"   # shown on the tab\n\n  [[page.widget]]\n  id = 'label'"))
    }

    @Test func duplicateCopiesTheTableWithANewIdAndFrame() throws {
        let out = try edited(.duplicate(widget: "page[0].widget[1]", toPage: nil, id: "\"label-2\"", frame: "[200, 50, 100, 30]"))
        // The copy right after the original (a hunk cannot tell which of two equal last lines is new).
        #expect(
            out
                == Self.board.replacingOccurrences(
                    of: "  text = \"\"\"RPM\"\"\"\n",
                    with: """
                          text = \"\"\"RPM\"\"\"

                          [[page.widget]]
                          id = "label-2"
                          type = "label"
                          frame = [200, 50, 100, 30]
                          text = \"\"\"RPM\"\"\"

                        """))
    }

    @Test func pagesAreAddedMovedAndRemovedWithTheirWidgets() throws {
        let two = try edited(.addPage(name: "two", widget: [.init("id", "\"t\"")]))
        #expect(Self.hunk(Self.board, two) == ([], ["", "[[page]]", "name = \"two\"", "", "  [[page.widget]]", "  id = \"t\""]))
        let withWidget = try edited(.addWidget(page: 1, keys: [.init("id", "\"x\"")]), two)
        #expect(
            withWidget.hasSuffix(
                "name = \"two\"\n\n  [[page.widget]]\n  id = \"t\"\n\n  [[page.widget]]\n  id = \"x\"\n\n# Trailing notes stay at the end."))
        let moved = try edited(.movePage(from: 1, to: 0), withWidget)
        #expect(
            moved.contains(
                "  period = 8\n\n[[page]]\nname = \"two\"\n\n  [[page.widget]]\n  id = \"t\"\n\n  [[page.widget]]\n  id = \"x\"\n\n# The one page.\n[[page]]\nname = \"one\""
            ))
        let back = try edited(.movePage(from: 0, to: 1), moved)
        #expect(back == withWidget)
        #expect(try edited(.removeTable("page[1]"), withWidget) == Self.board)
    }

    @Test func sourcesAndChannelsAreAddedAfterTheirKind() throws {
        let out = try edited(.addSensor(keys: [.init("kind", "\"udp\""), .init("port", "10110")], channel: [.init("name", "\"depth\"")]))
        #expect(Self.hunk(Self.board, out).removed.isEmpty)
        #expect(
            out.contains("  period = 8\n\n[[sensor]]\nkind = \"udp\"\nport = 10110\n\n  [[sensor.channel]]\n  name = \"depth\"\n\n# The one page."))
        let more = try edited(.addChannel(sensor: 0, keys: [.init("name", "\"x\"")]))
        #expect(Self.hunk(Self.board, more) == ([], ["", "  [[sensor.channel]]", "  name = \"x\""]))
        let none = try edited(.removeTable("sensor[0]"))
        let first = try edited(.addSensor(keys: [.init("kind", "\"gpsd\"")], channel: []), none)
        #expect(first.contains("height = 200\n\n[[sensor]]\nkind = \"gpsd\"\n\n# The one page.\n[[page]]"))
    }

    @Test func aBatchIsItsEditsInOrder() throws {
        let out = try edited(
            .batch([
                .set(table: "page[0].widget[0]", key: "frame", value: "[12, 10, 150, 150]"),
                .set(table: "page[0].widget[1]", key: "frame", value: "[212, 10, 100, 30]"),
            ]))
        #expect(
            out
                == Self.board.replacingOccurrences(of: "[ 10 , 10, 150, 150 ]", with: "[12, 10, 150, 150]")
                .replacingOccurrences(of: "[200, 10, 100, 30]", with: "[212, 10, 100, 30]"))
    }

    @Test func crlfFilesGetCRLFLines() throws {
        let crlf = Self.board.replacingOccurrences(of: "\n", with: "\r\n")
        let out = try edited(.set(table: "page[0].widget[1]", key: "alignment", value: "\"left\""), crlf)
        #expect(out.contains("  text = \"\"\"RPM\"\"\"\r\n  alignment = \"left\"\r\n\r\n# Trailing"))
        #expect(!out.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }
}
