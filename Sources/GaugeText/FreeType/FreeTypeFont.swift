import CFreeType
import GaugeRaster
import GaugeGlyphs
import Synchronization

/// The last serial number given to a `FreeTypeFont` (atomic: tests make fonts on several
/// threads at once).
private let fontSerials = Atomic<UInt32>(0)

/// A TrueType/OpenType face at one pixel size, through FreeType: a `FreeTypeFace` (the
/// file, opened once and shared by every size made from it) with this size's own `FT_Size`
/// (freed in deinit), and a bounded cache of rasterised glyphs.
///
/// Glyphs are hinted by FreeType and drawn as 8-bit anti-aliased coverage by the
/// renderer's own `OutlineRasterizer` (see `FreeTypeOutline`); hinted advances and kerning
/// are whole pixels. Hinting is FreeType's, so golden images of FreeType text depend on its
/// version (recorded with Debian 12's FreeType 2.12.1).
///
/// Not `Sendable`: FreeType faces must not be used from two threads at once; the panel
/// draws from its one thread.
public final class FreeTypeFont: GlyphSource {
    public static let maxPixelSize: Int32 = 1024

    /// The file the face came from.
    public var path: String { file.path }
    /// The em size in pixels (FT_Set_Pixel_Sizes).
    public let pixelSize: Int32
    public var familyName: String { file.familyName }
    public var styleName: String { file.styleName }
    public let lineMetrics: LineMetrics
    /// Whether the face has a kerning table FreeType can read ('kern').
    public var hasKerning: Bool { file.hasKerning }
    /// This font's rasterised glyphs, keyed by glyph index.
    public let cache: GlyphCache<UInt32>
    /// This font's own number, never given to another font while the process lives (for
    /// 2³² fonts): a font freed and another made at its address must not match its kept text.
    public let serial: UInt32

    /// The face, shared with the other sizes of the same file.
    public let file: FreeTypeFace
    private let size: FT_Size
    private var face: FT_Face { file.face }

    /// Opens the face at `path` (the first face of a collection) at `pixelSize`, on its own.
    public convenience init(path: String, pixelSize: Int32, cacheCapacity: Int = 512) throws(FontError) {
        guard pixelSize >= 1, pixelSize <= FreeTypeFont.maxPixelSize else { throw .invalidPixelSize(pixelSize) }
        try self.init(face: try FreeTypeFace(path: path), pixelSize: pixelSize, cacheCapacity: cacheCapacity)
    }

    /// `face` at `pixelSize`: a new size of an already opened file.
    public init(face file: FreeTypeFace, pixelSize: Int32, cacheCapacity: Int = 512) throws(FontError) {
        guard pixelSize >= 1, pixelSize <= FreeTypeFont.maxPixelSize else { throw .invalidPixelSize(pixelSize) }
        let face = file.face
        var created: FT_Size?
        var error = FT_New_Size(face, &created)
        guard error == 0, let created else { throw .freeType(operation: "FT_New_Size", code: error, path: file.path) }
        error = FT_Activate_Size(created)
        if error == 0 { error = FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) }
        guard error == 0 else {
            FT_Done_Size(created)
            throw .freeType(operation: "FT_Set_Pixel_Sizes", code: error, path: file.path)
        }
        self.file = file
        size = created
        self.pixelSize = pixelSize
        // Size metrics are 26.6 and already grid-fitted by FreeType for scalable faces.
        let m = created.pointee.metrics
        lineMetrics = LineMetrics(
            ascender: FreeTypeFont.pixelsUp(m.ascender),
            descender: FreeTypeFont.pixelsUp(-m.descender),
            lineHeight: FreeTypeFont.pixelsUp(m.height))
        cache = GlyphCache(capacity: cacheCapacity)
        serial = fontSerials.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The FreeType library version, e.g. "2.12.1": golden images of FreeType text are
    /// only comparable between equal versions.
    public static var libraryVersion: String {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return "unknown" }
        defer { FT_Done_FreeType(lib) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(lib, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// Finds `family` in `style` with `locator` and opens it at `pixelSize`.
    public convenience init(
        family: String, style: FontStyle = .regular, pixelSize: Int32,
        locator: FontLocator = FontLocator()
    ) throws(FontError) {
        try self.init(path: try locator.locate(family: family, style: style), pixelSize: pixelSize)
    }

    deinit {
        FT_Done_Size(size)
    }

    /// The glyph index for `scalar`; nil when the face has no glyph for it (the text
    /// layout then skips it rather than drawing the .notdef box).
    public func glyphID(for scalar: Unicode.Scalar) -> UInt32? {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return index == 0 ? nil : UInt32(index)
    }

    /// Grid-fitted kerning from the face's 'kern' table (FT_Get_Kerning); zero without one.
    public func kerning(between left: UInt32, and right: UInt32) -> Fixed {
        guard hasKerning, FT_Activate_Size(size) == 0 else { return .zero }
        var delta = FT_Vector()
        guard FT_Get_Kerning(face, FT_UInt(left), FT_UInt(right), FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta) == 0 else {
            return .zero
        }
        return FreeTypeFont.fixed(delta.x)
    }

    public func glyph(_ id: UInt32) -> RasterGlyph {
        cache.glyph(for: id) { rasterise($0) }
    }

    /// Its serial says everything its glyphs' pixels depend on — one file and face, one
    /// `FT_Size`, the same load flags and rasteriser — and the pixel size is added for clarity.
    public func identify(in key: inout LayerKey) -> Bool {
        key.add(0x4654_5946)  // "FTYF": no other font's words start so
        key.add(Int32(bitPattern: serial))
        key.add(pixelSize)
        return true
    }

    /// The advance of `scalar`'s glyph in pixels (zero when the face lacks it).
    public func advance(of scalar: Unicode.Scalar) -> Fixed {
        glyphID(for: scalar).map { glyph($0).advance } ?? .zero
    }

    /// Draws one glyph: FreeType loads and hints it; an outline is drawn by
    /// `FreeTypeOutline` (the same bytes on every CPU), an embedded bitmap is copied. A
    /// glyph FreeType can't load becomes an empty one (a damaged glyph must not stop a panel
    /// from drawing the rest).
    private func rasterise(_ index: UInt32) -> RasterGlyph {
        guard FT_Activate_Size(size) == 0, FT_Load_Glyph(face, FT_UInt(index), FT_Int32(FT_LOAD_DEFAULT)) == 0,
            let slot = face.pointee.glyph
        else {
            return .blank(advance: .zero)
        }
        let advance = FreeTypeFont.fixed(slot.pointee.advance.x)
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            return FreeTypeOutline.rasterise(slot, advance: advance) ?? .blank(advance: advance)
        }
        // Neither outline nor bitmap (an SVG glyph): FreeType's renderer makes the bitmap
        // (the firmware links no renderer, so there it stays blank).
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP, FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) != 0 {
            return .blank(advance: advance)
        }
        return FreeTypeFont.copyBitmap(of: slot, advance: advance)
    }

    /// A bitmap glyph (8-bit gray or 1-bit mono) as coverage.
    private static func copyBitmap(of slot: FT_GlyphSlot, advance: Fixed) -> RasterGlyph {
        let bitmap = slot.pointee.bitmap
        let width = Int32(clamping: bitmap.width), height = Int32(clamping: bitmap.rows)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return .blank(advance: advance) }
        let pitch = Int(bitmap.pitch)
        // A negative pitch means rows are stored bottom-up.
        let firstRow = pitch >= 0 ? buffer : buffer + (Int(height) - 1) * -pitch
        let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        var coverage = [UInt8](repeating: 0, count: Int(width) * Int(height))
        for y in 0..<Int(height) {
            let row = firstRow + y * pitch
            for x in 0..<Int(width) {
                let value = mono ? ((row[x >> 3] >> (7 - UInt8(x & 7))) & 1) * 255 : row[x]
                coverage[y * Int(width) + x] = value
            }
        }
        guard let mask = CoverageMask(width: width, height: height, coverage: coverage) else {
            return .blank(advance: advance)
        }
        // Trimmed: bitmaps sometimes carry an empty edge column.
        return RasterGlyph(mask: mask, left: slot.pointee.bitmap_left, top: slot.pointee.bitmap_top, advance: advance).trimmed()
    }

    /// 26.6 → 24.8 (clamped).
    private static func fixed(_ value: FT_Pos) -> Fixed {
        Fixed(clampingRaw: Int64(clamping: value) << 2)
    }

    /// 26.6 → whole pixels, rounded up.
    private static func pixelsUp(_ value: FT_Pos) -> Int32 {
        Int32(clamping: (value + 63) >> 6)
    }
}
