/// Why a font could not be found or loaded.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No readable file at this path.
    case fileNotFound(path: String)
    /// No font of this family and style in the folders searched.
    case familyNotFound(family: String, style: FontStyle, searched: [String])
    /// FreeType refused (an unsupported or damaged file, out of memory).
    case freeType(operation: String, code: Int32, path: String)
    /// Pixel sizes must be 1…`FreeTypeFont.maxPixelSize`.
    case invalidPixelSize(Int32)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "no font file at \(path)"
        case .familyNotFound(let family, let style, let searched):
            let folders = searched.isEmpty ? "(no folders)" : searched.joined(separator: ", ")
            return "no \(style) font of family \"\(family)\" (.ttf/.otf) in \(folders)"
        case .freeType(let operation, let code, let path):
            return "FreeType \(operation) failed with error \(code) for \(path)"
        case .invalidPixelSize(let size):
            return "font pixel size \(size) is outside 1…\(FreeTypeFont.maxPixelSize)"
        }
    }
}

/// The style a font is asked for by, matched against the face's bold/italic flags.
public enum FontStyle: Sendable, CustomStringConvertible {
    case regular, bold, italic, boldItalic

    public var isBold: Bool { self == .bold || self == .boldItalic }
    public var isItalic: Bool { self == .italic || self == .boldItalic }

    public var description: String {
        switch self {
        case .regular: return "regular"
        case .bold: return "bold"
        case .italic: return "italic"
        case .boldItalic: return "bold italic"
        }
    }
}
