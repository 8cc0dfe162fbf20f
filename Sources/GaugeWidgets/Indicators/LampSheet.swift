import GaugeRaster

// Embedded-Swift subset.

/// Every built-in lamp symbol on one sheet, one column each: lit at 64 px, unlit (dim)
/// at 64 px, then lit and unlit side by side at 24 px. The widget goldens
/// (`lamps-<format>.png`) and the cross-CPU check (Tools/GoldenRender) both draw it.
public enum LampSheet {
    static let pitch: Int32 = 72

    public static var width: Int32 { pitch &* Int32(truncatingIfNeeded: LampSymbol.allCases.count) }
    public static var height: Int32 { 2 &* pitch &+ 32 }

    public static func draw(on canvas: Canvas, theme: GaugeTheme = .dark) {
        canvas.clear(theme.background)
        var x: Int32 = 4
        for symbol in LampSymbol.allCases {
            func lamp(_ value: Double, _ frame: IntRect) {
                LampIndicator(symbol, value: value, frame: frame, theme: theme).draw(on: canvas)
            }
            lamp(1, IntRect(x: x, y: 4, width: 64, height: 64))
            lamp(0, IntRect(x: x, y: pitch &+ 4, width: 64, height: 64))
            lamp(1, IntRect(x: x &+ 4, y: 2 &* pitch &+ 4, width: 24, height: 24))
            lamp(0, IntRect(x: x &+ 36, y: 2 &* pitch &+ 4, width: 24, height: 24))
            x &+= pitch
        }
    }
}
