// Gauges draw text through GaugeGlyphs (StrokeFont, or FreeType fonts from GaugeText).
@_exported import GaugeGlyphs
@_exported import GaugeRaster
