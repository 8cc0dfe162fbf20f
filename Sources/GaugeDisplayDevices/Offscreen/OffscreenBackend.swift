import GaugeDisplay
import GaugeRaster

/// `output = "offscreen"`: a `width`×`height` framebuffer in memory (physical size), for
/// machines without a screen; the display itself is in GaugeDisplay (no device library).
extension OffscreenDisplay: DisplayBackend {
    public static let name = "offscreen"
    public static let keys: [DisplayKey] = [.width, .height, .format, .rotation]

    public static func open(_ s: DisplaySettings, system: any DisplaySystemCalls) throws(DisplayError) -> any Display {
        do { return try OffscreenDisplay(width: s.width, height: s.height, format: s.format ?? .xrgb8888, rotation: s.rotation) } catch {
            throw .unsupportedLayout(path: "offscreen", detail: "\(s.width)x\(s.height): \(error)")
        }
    }
}
