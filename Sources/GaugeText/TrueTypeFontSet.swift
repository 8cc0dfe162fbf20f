import GaugeGlyphs
import GaugeRaster

/// A TrueType family at every size a dashboard asks for, each size opened once and kept
/// (with its glyph cache) for the life of the set; the built-in stroke font stands in
/// when no file for the family exists.
public final class TrueTypeFontSet: FontSet {
    public let family: String
    public let style: FontStyle
    private let locator: FontLocator
    private var sizes: [Int32: Font] = [:]

    public init(family: String = "DejaVu Sans", style: FontStyle = .regular, locator: FontLocator = FontLocator()) {
        self.family = family; self.style = style; self.locator = locator
    }

    public func font(pixelSize: Int32) -> Font {
        let size = Swift.min(Swift.max(pixelSize, 1), FreeTypeFont.maxPixelSize)
        if let f = sizes[size] { return f }
        let f = Font.named(family, style: style, pixelSize: size, locator: locator)
        sizes[size] = f
        return f
    }

    /// Whether a font file was found (false: the stroke font draws everything).
    public var isTrueType: Bool {
        if case .trueType = font(pixelSize: 16) { return true }
        return false
    }
}
