import CFreeType

/// One font file opened once: its own `FT_Library` and `FT_Face` (freed in deinit), shared
/// by every `FreeTypeFont` made from it, each of which adds its own `FT_Size` (a pixel size
/// with its own hinting state) and activates it before FreeType scales anything.
///
/// A dashboard asks for a dozen sizes of one family: a face per size mapped the file a dozen
/// times (FreeType maps the whole file) and touched most of each mapping, about 250 KB of
/// resident memory per size for the same bytes; one face maps and touches it once.
///
/// Not `Sendable`: FreeType faces must not be used from two threads at once.
public final class FreeTypeFace {
    /// The file the face came from.
    public let path: String
    public let familyName: String
    public let styleName: String
    /// Whether the face has a kerning table FreeType can read ('kern').
    public let hasKerning: Bool

    private let library: FT_Library
    let face: FT_Face

    /// Opens the face at `path` (the first face of a collection).
    public init(path: String) throws(FontError) {
        var lib: FT_Library?
        var error = FT_Init_FreeType(&lib)
        guard error == 0, let lib else { throw .freeType(operation: "FT_Init_FreeType", code: error, path: path) }
        var opened: FT_Face?
        error = FT_New_Face(lib, path, 0, &opened)
        guard error == 0, let opened else {
            FT_Done_FreeType(lib)
            // FT_Err_Cannot_Open_Resource (1): the file isn't there or isn't readable.
            if error == 1 { throw .fileNotFound(path: path) }
            throw .freeType(operation: "FT_New_Face", code: error, path: path)
        }
        library = lib
        face = opened
        self.path = path
        familyName = opened.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = opened.pointee.style_name.map { String(cString: $0) } ?? ""
        hasKerning = opened.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
    }

    deinit {
        FT_Done_Face(face)  // also frees any size still attached
        FT_Done_FreeType(library)
    }
}
