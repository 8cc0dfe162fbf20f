import GaugeSystem

/// The preview's one page, served as one HTML document: `index.html` with each
/// `<link rel="stylesheet" href="/page/NAME">` and `<script src="/page/NAME"></script>`
/// line replaced by that file's text inline. Inline, because a page opened with a token
/// (`?token=…`) could not send the token with the browser's own requests for scripts, and
/// one document is one request to measure and to check.
///
/// The files live in Sources/GaugePreview/Page and reach the binary through the generated
/// `PageFiles` (no Foundation, so no `Bundle.module`). `GAUGEPANEL_PAGE_DIR` names a
/// folder to read the same file names from instead, on every request — for working on the
/// page without rebuilding; names still come only from `index.html`, never from a request.
enum PreviewPage {
    static let html: String = assemble { name in PageFiles.all.first { $0.name == name }?.text }

    /// The page as served now: the embedded one, or the development folder's.
    static func current(folder: String?) -> String {
        guard let folder, !folder.isEmpty else { return html }
        return assemble { name in
            guard let bytes = try? LinuxSystem.standard.readFile(folder + "/" + name, limit: 1 << 20) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// `index.html` with its `/page/` references inlined; a missing file leaves a comment
    /// that says so (the page then fails visibly, in the browser's console).
    static func assemble(_ file: (String) -> String?) -> String {
        guard let index = file("index.html") else { return "<!doctype html><p>index.html is missing</p>" }
        var out = ""
        for line in index.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let name = reference(trimmed, prefix: "<script src=\"/page/", suffix: "\"></script>") {
                out += "<script>\n" + (file(name) ?? "// \(name) is missing\n") + "</script>\n"
            } else if let name = reference(trimmed, prefix: "<link rel=\"stylesheet\" href=\"/page/", suffix: "\">") {
                out += "<style>\n" + (file(name) ?? "/* \(name) is missing */\n") + "</style>\n"
            } else {
                out += line + "\n"
            }
        }
        return String(out.dropLast())
    }

    /// The file name in a line that is exactly `prefix NAME suffix`, NAME plain (letters,
    /// digits, `-`, `.`).
    private static func reference(_ line: Substring, prefix: String, suffix: String) -> String? {
        guard line.hasPrefix(prefix), line.hasSuffix(suffix), line.count > prefix.count + suffix.count else { return nil }
        let name = line.dropFirst(prefix.count).dropLast(suffix.count)
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }), !name.hasPrefix(".") else { return nil }
        return String(name)
    }
}
