import Foundation
import GaugeConfig
import GaugeRaster
import Testing
@testable import GaugePreview

/// Edits on disk: only what loads is written (refused with check's own message), by
/// rename, never over a file newer than the page's picture of it; undo and redo put back
/// the file byte for byte.
struct BoardEditorTests {
    static let outputs = ["auto", "drm", "fbdev", "offscreen"]

    func temporaryBoard(_ text: String = BoardTextEditTests.board) throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gaugepreview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("board.toml").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return (folder, path)
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func aSequenceOfEveryKindOfEditIsUndoneByteForByte() throws {
        let (folder, path) = try temporaryBoard()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = PreviewSession(path: path, displayOutputs: Self.outputs)
        #expect(session.errors.isEmpty, "\(session.errors)")
        let edits: [BoardTextEdit] = [
            .set(table: "page[0].widget[0]", key: "frame", value: "[12, 10, 150, 150]"),
            .set(table: "page[0].widget[0]", key: "tint", value: "\"#E04030\""),
            .addWidget(
                page: 0,
                keys: [.init("id", "\"r2\""), .init("type", "\"readout\""), .init("channel", "\"rpm\""), .init("frame", "[200, 60, 100, 40]")]),
            .duplicate(widget: "page[0].widget[1]", toPage: nil, id: "\"label-2\"", frame: "[200, 110, 100, 30]"),
            .remove(table: "page[0].widget[0]", key: "title"),
            .addPage(
                name: "two",
                widget: [.init("id", "\"title\""), .init("type", "\"label\""), .init("frame", "[0, 160, 100, 30]"), .init("text", "\"TWO\"")]),
            .duplicate(widget: "page[0].widget[0]", toPage: 1, id: "\"rpm-2\"", frame: "[0, 0, 150, 150]"),
            .set(table: "page[1]", key: "name", value: "\"second\""),
            .movePage(from: 1, to: 0),
            .set(table: "theme.night", key: "needle", value: "\"#D04030\""),
            .removeTable("page[1].widget[3]"),
            .removeTable("page[1]"),
        ]
        var texts = [try text(path)]
        for edit in edits {
            try session.apply(edit, base: session.version, temporarySuffix: "test")
            texts.append(try text(path))
            #expect(texts.last != texts[texts.count - 2], "\(edit) changed nothing")
        }
        #expect(session.errors.isEmpty)
        for expected in texts.reversed().dropFirst() {
            try session.undo(base: session.version, temporarySuffix: "test")
            #expect(try text(path) == expected)
        }
        #expect(try text(path) == BoardTextEditTests.board)
        #expect(throws: BoardEditError("nothing to undo")) { try session.undo(base: nil, temporarySuffix: "test") }
        for expected in texts.dropFirst() {
            try session.redo(base: session.version, temporarySuffix: "test")
            #expect(try text(path) == expected)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["board.toml"])
    }

    @Test func whatWouldNotLoadIsRefusedWithChecksMessage() throws {
        let (folder, path) = try temporaryBoard()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = PreviewSession(path: path, displayOutputs: Self.outputs)
        let bad: [(BoardTextEdit, String)] = [
            (.set(table: "page[0].widget[1]", key: "frame", value: "[100, 10, 100, 30]"), "overlaps widget \"rpm\""),
            (.set(table: "page[0].widget[1]", key: "frame", value: "[350, 10, 100, 30]"), "page[0].widget \"label\".frame"),
            (.set(table: "page[0].widget[0]", key: "range", value: "[8000, 0]"), "expected [min, max] with min < max"),
            (.set(table: "page[0].widget[0]", key: "rnage", value: "[0, 1]"), "did you mean \"range\"?"),
        ]
        for (edit, message) in bad {
            let error = #expect(throws: BoardEditError.self) { try session.apply(edit, base: nil, temporarySuffix: "test") }
            #expect(error?.message.hasPrefix(path + ":") == true && error?.message.contains(message) == true, "\(error?.message ?? "")")
        }
        #expect(try text(path) == BoardTextEditTests.board)
        #expect(!session.canUndo)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["board.toml"])
    }

    @Test func aPageWithAnOlderPictureOfTheFileIsRefused() throws {
        let (folder, path) = try temporaryBoard()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = PreviewSession(path: path, displayOutputs: Self.outputs)
        let seen = session.version
        try session.moveWidget("label", to: IntRect(x: 210, y: 20, width: 90, height: 30), temporarySuffix: "test", base: seen)
        let written = try text(path)
        // A second page still showing `seen`: refused, the newer file kept.
        #expect(throws: BoardEditError.self) {
            try session.moveWidget("label", to: IntRect(x: 220, y: 20, width: 90, height: 30), temporarySuffix: "test", base: seen)
        }
        #expect(try text(path) == written)
        // Saved by an editor, not yet seen by the watch: refused, and the session reloads.
        let outside = written.replacingOccurrences(of: "name = \"one\"", with: "name = \"uno\"")
        try outside.write(toFile: path, atomically: true, encoding: .utf8)
        let before = session.version
        #expect(throws: BoardEditError.self) { try session.apply(.addPage(name: "two", widget: []), base: before, temporarySuffix: "test") }
        #expect(session.version > before && session.board?.dashboard.pages[0].name == "uno")
        #expect(try text(path) == outside)
        // Undo cannot take back an edit the file no longer holds.
        #expect(throws: BoardEditError.self) { try session.undo(base: session.version, temporarySuffix: "test") }
        #expect(try text(path) == outside)
    }

    @Test func aMoveIsRenamedIntoPlace() throws {
        let (folder, path) = try temporaryBoard()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = PreviewSession(path: path, displayOutputs: Self.outputs)
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64
        try session.moveWidget("label", to: IntRect(x: 210, y: 20, width: 90, height: 30), temporarySuffix: "test")
        #expect(
            try text(path) == BoardTextEditTests.board.replacingOccurrences(of: "  frame = [200, 10, 100, 30]", with: "  frame = [210, 20, 90, 30]"))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64 != inode)
        #expect(session.board?.dashboard.pages[0].widgets[1].frame == IntRect(x: 210, y: 20, width: 90, height: 30))
        #expect(throws: BoardEditError.self) { try session.moveWidget("nope", to: IntRect(x: 0, y: 0, width: 5, height: 5), temporarySuffix: "test") }
    }

    @Test func aBrokenSaveKeepsTheLastGoodBoardAndListsItsErrors() throws {
        let (folder, path) = try temporaryBoard()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = PreviewSession(path: path, displayOutputs: Self.outputs)
        try BoardTextEditTests.board.replacingOccurrences(of: "8000]", with: "-1]").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(session.reload(onlyIfChanged: true))
        #expect(session.errors.count == 1)
        #expect(session.errors.first?.hasPrefix(path + ":24: page[0].widget \"rpm\".range: expected [min, max]") == true, "\(session.errors)")
        #expect(session.board?.dashboard.pages[0].widgets[0].frame == IntRect(x: 10, y: 10, width: 150, height: 150))
        let version = session.version
        #expect(!session.reload(onlyIfChanged: true))
        #expect(session.version == version)
    }
}
