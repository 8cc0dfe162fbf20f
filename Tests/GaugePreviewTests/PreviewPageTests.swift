import Foundation
import Testing
@testable import GaugePreview

/// The page is its files: the binary's copy (the generated Sources/GaugePreview/PageFiles) is the folder's
/// byte for byte, and the served document inlines every file index.html names.
struct PreviewPageTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/GaugePreview/Page").standardized

    @Test func theEmbeddedFilesAreTheFolders() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { name in [".html", ".css", ".js"].contains { name.hasSuffix($0) } }.sorted()
        #expect(PageFiles.all.map(\.name) == names, "run python3 scripts/generators/preview-page.py")
        for file in PageFiles.all {
            let disk = try String(contentsOf: Self.folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(disk == file.text, "\(file.name) differs from the binary's copy: run python3 scripts/generators/preview-page.py")
        }
    }

    @Test func servesOneDocumentWithEveryFileInline() {
        let html = PreviewPage.html
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(!html.contains("src=\"/page/") && !html.contains("href=\"/page/"))
        #expect(!html.contains("is missing"))
        for file in PageFiles.all where file.name != "index.html" {
            #expect(html.contains(file.text), "\(file.name) is not in the page")
        }
    }

    @Test func readsOnlyTheNamesIndexGives() {
        var asked: [String] = []
        let html = PreviewPage.assemble { name in
            asked.append(name)
            return name == "index.html" ? "<script src=\"/page/../x.js\"></script>\n<script src=\"/page/a.js\"></script>\n" : "A\n"
        }
        #expect(asked == ["index.html", "a.js"])
        #expect(html.contains("<script src=\"/page/../x.js\"></script>"))
        #expect(html.contains("<script>\nA\n</script>"))
    }
}
