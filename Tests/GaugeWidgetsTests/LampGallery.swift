import GaugeRaster
@testable import GaugeWidgets

/// The scene behind `lamps-*.png` (`LampSheet`): every built-in lamp symbol lit and
/// unlit at 64 and 24 px.
enum LampGallery {
    static func sheet(format: PixelFormat) throws -> Surface {
        let s = try Surface(width: LampSheet.width, height: LampSheet.height, format: format)
        LampSheet.draw(on: Canvas(s))
        return s
    }
}
