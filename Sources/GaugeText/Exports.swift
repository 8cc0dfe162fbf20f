// Layout and the stroke font live in GaugeGlyphs (no FreeType, Embedded subset) so that
// GaugeWidgets can draw text too; re-exported so `import GaugeText` users keep compiling.
@_exported import GaugeGlyphs
