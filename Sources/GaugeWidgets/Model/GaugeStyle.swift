import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset: used as a generic constraint only, never as `any GaugeStyle`.

/// How a gauge looks: SwiftUI's `GaugeStyle.makeBody(configuration:)` as two questions —
/// draw the configuration, and which pixels differ between two configurations.
///
/// `draw` must paint the whole of `configuration.bounds` (background included) and
/// nothing outside it, so that redrawing only `damage(from:to:)` gives exactly the pixels
/// of a full redraw. Custom styles may skip `damage`: the default is the whole box.
/// Fonts are not part of the configuration: after changing them, redraw the whole box.
public protocol GaugeStyle {
    func draw<F: GlyphSource>(
        _ configuration: GaugeStyleConfiguration, on canvas: Canvas,
        fonts: GaugeFonts<F>)
    func damage<F: GlyphSource>(
        from old: GaugeStyleConfiguration, to new: GaugeStyleConfiguration,
        fonts: GaugeFonts<F>
    ) -> Region
}

extension GaugeStyle {
    /// Correct but coarse: the old and new boxes whenever anything changed.
    public func damage<F: GlyphSource>(
        from old: GaugeStyleConfiguration, to new: GaugeStyleConfiguration,
        fonts: GaugeFonts<F>
    ) -> Region {
        if old == new { return Region() }
        return Region(old.bounds, new.bounds)
    }
}
