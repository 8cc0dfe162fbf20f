import CFreeType
import GaugeASCII
import GaugeSystem

/// Finds font files without fontconfig: by path, or by family and style by scanning the
/// usual folders for .ttf/.otf files and asking FreeType for each face's family name and
/// bold/italic flags. The folders are listed and the paths examined through a `PanelSystem`;
/// FreeType opens the files it is given itself.
public struct FontLocator {
    /// Folders scanned (recursively, following links) in this order.
    public var searchDirectories: [String]
    private let system: any PanelSystem

    public init(searchDirectories: [String]? = nil, system: any PanelSystem = LinuxSystem.standard) {
        self.system = system
        self.searchDirectories = searchDirectories ?? FontLocator.defaultDirectories(system: system)
    }

    /// /usr/share/fonts, /usr/local/share/fonts, ~/.fonts, ~/.local/share/fonts.
    public static func defaultDirectories(system: any PanelSystem = LinuxSystem.standard) -> [String] {
        var folders = ["/usr/share/fonts", "/usr/local/share/fonts"]
        if let home = system.environment("HOME"), !home.isEmpty {
            folders += [home + "/.fonts", home + "/.local/share/fonts"]
        }
        return folders
    }

    /// `path` itself when it names a readable file.
    public static func file(_ path: String, system: any PanelSystem = LinuxSystem.standard) throws(FontError) -> String {
        guard system.isReadable(path), system.fileKind(path) == .regular else { throw .fileNotFound(path: path) }
        return path
    }

    /// Every .ttf/.otf file under the search folders, sorted within each folder so the
    /// choice between equal candidates is the same on every run.
    public func fontFiles() -> [String] {
        var files: [String] = []
        for folder in searchDirectories { collect(folder, depth: 0, into: &files) }
        return files
    }

    /// The file of the font of `family` (case, spaces and dashes ignored) in `style`.
    public func locate(family: String, style: FontStyle = .regular) throws(FontError) -> String {
        let wanted = FontLocator.normalised(family)
        let files = fontFiles()
        // Files whose names start with the family are checked first (DejaVuSans-Bold.ttf),
        // so usually only a handful are opened; the rest only when those don't match.
        let likely = files.filter { FontLocator.normalised(FontLocator.baseName($0)).hasPrefix(wanted) }
        let others = files.filter { !FontLocator.normalised(FontLocator.baseName($0)).hasPrefix(wanted) }
        for group in [likely, others] {
            if let best = bestMatch(in: group, family: wanted, style: style) { return best }
        }
        throw .familyNotFound(family: family, style: style, searched: searchDirectories)
    }

    private func bestMatch(in files: [String], family: String, style: FontStyle) -> String? {
        guard !files.isEmpty else { return nil }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var best: (rank: Int, path: String)?
        for path in files {
            var face: FT_Face?
            guard FT_New_Face(library, path, 0, &face) == 0, let face else { continue }
            defer { FT_Done_Face(face) }
            let name = face.pointee.family_name.map { String(cString: $0) } ?? ""
            guard FontLocator.normalised(name) == family else { continue }
            let flags = face.pointee.style_flags
            let bold = flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0, italic = flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
            guard bold == style.isBold, italic == style.isItalic else { continue }
            // Prefer the plain member of the family ("Book", "Bold") over variants that
            // share its flags ("ExtraLight", "Condensed"), then the shorter file name.
            let styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
            let plain = FontLocator.plainStyleNames.contains(FontLocator.normalised(styleName))
            let rank = (plain ? 0 : 1000) + FontLocator.baseName(path).count
            if best == nil || rank < best!.rank { best = (rank, path) }
        }
        return best?.path
    }

    private static let plainStyleNames: Set<String> = [
        "regular", "book", "normal", "roman", "bold", "italic", "oblique", "bolditalic", "boldoblique",
    ]

    /// Lower case without spaces, dashes or underscores: "DejaVu Sans" == "dejavusans".
    static func normalised(_ name: String) -> String {
        String(name.asciiLowercased.filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    // Depth-limited so that a link loop can't recurse forever.
    private func collect(_ folder: String, depth: Int, into files: inout [String]) {
        guard depth < 8, let names = try? system.listDirectory(folder) else { return }
        for name in names {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let lower = name.asciiLowercased
            if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") {
                if system.fileKind(path) == .regular { files.append(path) }
            } else if system.fileKind(path) == .directory {
                collect(path, depth: depth + 1, into: &files)
            }
        }
    }
}
