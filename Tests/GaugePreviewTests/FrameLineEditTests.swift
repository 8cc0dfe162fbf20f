import Foundation
import GaugeRaster
import Testing
@testable import GaugePreview

/// A widget moved in the page is written back by replacing only its `frame = [...]` value:
/// every other byte of the file — comments, order, spacing, other widgets — stays.
struct FrameLineEditTests {
    static let board = """
        # A test board: comments and odd spacing must survive an edit.
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

        [[page]]
        name = "one"
          [[page.widget]]
          id = "rpm"
          type = "dial"
          channel = "rpm"
          range = [0, 8000]
        \tframe   =  [ 10 , 10, 150, 150 ]   # the dial, top left
          title = "frame = [1, 2, 3, 4]"

          [[page.widget]]
          id = "label"
          type = "label"
          frame = [200, 10, 100, 30]
          text = "RPM"

        """

    func temporaryBoard(_ text: String = FrameLineEditTests.board) throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gaugepreview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("board.toml").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return (folder, path)
    }

    @Test func rewritesOnlyTheValueOfThatLine() throws {
        let source = Array(Self.board.utf8)
        let out = try FrameLineEdit.rewrite(source, line: 22, frame: IntRect(x: 50, y: 12, width: 140, height: 130))
        let before = Self.board.split(separator: "\n", omittingEmptySubsequences: false)
        let after = String(decoding: out, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        for i in before.indices where i != 21 { #expect(before[i] == after[i], "line \(i + 1)") }
        #expect(after[21] == "\tframe   =  [50, 12, 140, 130]   # the dial, top left")
    }

    @Test func refusesLinesThatAreNotASimpleFrame() {
        let source = Array(Self.board.utf8)
        let frame = IntRect(x: 0, y: 0, width: 10, height: 10)
        #expect(throws: FrameEditError.self) { try FrameLineEdit.rewrite(source, line: 23, frame: frame) }  // title = "frame = …"
        #expect(throws: FrameEditError.self) { try FrameLineEdit.rewrite(source, line: 1, frame: frame) }
        #expect(throws: FrameEditError.self) { try FrameLineEdit.rewrite(source, line: 999, frame: frame) }
        let split = Array("frame = [1, 2,\n 3, 4]\n".utf8)
        #expect(throws: FrameEditError.self) { try FrameLineEdit.rewrite(split, line: 1, frame: frame) }
        let named = Array("frame = { x = 1 }\n".utf8)
        #expect(throws: FrameEditError.self) { try FrameLineEdit.rewrite(named, line: 1, frame: frame) }
    }

    @Test func movingAWidgetChangesOnlyItsLineOnDiskAtomically() throws {
        let (folder, path) = try temporaryBoard()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = PreviewSession(path: path, displayOutputs: ["auto", "drm", "fbdev", "offscreen"])
        #expect(session.errors.isEmpty)
        let inodeBefore = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64
        let version = session.version
        try session.moveWidget("label", to: IntRect(x: 210, y: 20, width: 90, height: 30), temporarySuffix: "test")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == Self.board.replacingOccurrences(of: "  frame = [200, 10, 100, 30]", with: "  frame = [210, 20, 90, 30]"))
        // Renamed into place: a new inode, and no temporary file left in the folder.
        let inodeAfter = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64
        #expect(inodeBefore != inodeAfter)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["board.toml"])
        #expect(session.version > version)
        #expect(session.board?.dashboard.pages[0].widgets[1].frame == IntRect(x: 210, y: 20, width: 90, height: 30))
    }

    @Test func aMoveThatWouldNotLoadLeavesTheFileAlone() throws {
        let (folder, path) = try temporaryBoard()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = PreviewSession(path: path, displayOutputs: ["auto", "drm", "fbdev", "offscreen"])
        // Over the dial; then off the 400×200 display.
        for frame in [IntRect(x: 100, y: 10, width: 100, height: 30), IntRect(x: 350, y: 10, width: 100, height: 30)] {
            #expect(throws: FrameEditError.self) { try session.moveWidget("label", to: frame, temporarySuffix: "test") }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.board)
        #expect(throws: FrameEditError.self) { try session.moveWidget("nope", to: IntRect(x: 0, y: 0, width: 5, height: 5), temporarySuffix: "test") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["board.toml"])
    }

    @Test func aBrokenSaveKeepsTheLastGoodBoardAndListsItsErrors() throws {
        let (folder, path) = try temporaryBoard()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = PreviewSession(path: path, displayOutputs: ["auto", "drm", "fbdev", "offscreen"])
        let good = session.board?.dashboard.pages[0].widgets[0].frame
        try Self.board.replacingOccurrences(of: "range = [0, 8000]", with: "range = [8000, 0]").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(session.reload(onlyIfChanged: true))
        #expect(session.errors.count == 1)
        #expect(session.errors.first?.hasPrefix(path + ":21: page[0].widget \"rpm\".range: expected [min, max]") == true)
        #expect(session.board?.dashboard.pages[0].widgets[0].frame == good)
        // The same bytes again: not a new version.
        let version = session.version
        #expect(!session.reload(onlyIfChanged: true))
        #expect(session.version == version)
    }
}
