import GaugeASCII
import GaugeRaster

/// The lowercase names used on the command line and in file names
/// (`testcard-rgb565.png`).
extension PixelFormat {
    public var lowercaseName: String {
        switch self {
        case .xrgb8888: return "xrgb8888"
        case .argb8888: return "argb8888"
        case .rgb565: return "rgb565"
        }
    }

    /// Case-insensitive; nil for an unknown name.
    public init?(lowercaseName name: String) {
        guard let f = PixelFormat.allCases.first(where: { $0.lowercaseName == name.asciiLowercased }) else { return nil }
        self = f
    }
}
