import GaugeRaster
@testable import GaugeWidgets

/// The scene behind `lamps-*.png`: every built-in lamp symbol, one column each. Rows:
/// lit at 64 px, unlit (dim) at 64 px, then lit and unlit side by side at 24 px.
enum LampGallery {
    static let theme = GaugeTheme.dark
    static let pitch: Int32 = 72

    static func sheet(format: PixelFormat) throws -> Surface {
        let symbols = LampSymbol.allCases
        let s = try Surface(width: pitch * Int32(symbols.count), height: 2 * pitch + 32, format: format)
        let canvas = Canvas(s)
        canvas.clear(theme.background)
        for (i, symbol) in symbols.enumerated() {
            let x = Int32(i) * pitch + 4
            LampIndicator(symbol, value: 1, frame: IntRect(x: x, y: 4, width: 64, height: 64)).draw(on: canvas)
            LampIndicator(symbol, value: 0, frame: IntRect(x: x, y: pitch + 4, width: 64, height: 64)).draw(on: canvas)
            LampIndicator(symbol, value: 1, frame: IntRect(x: x + 4, y: 2 * pitch + 4, width: 24, height: 24)).draw(on: canvas)
            LampIndicator(symbol, value: 0, frame: IntRect(x: x + 36, y: 2 * pitch + 4, width: 24, height: 24)).draw(on: canvas)
        }
        return s
    }
}
