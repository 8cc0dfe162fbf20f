import GaugeDisplay
import CDRM
import GaugeRaster

/// Pure choices the DRM display makes: which connector, which mode, which format.
public enum DRMSelection {
    /// The mode `wanted` ("WxH" or "WxH@R"), or else the preferred mode, or else the
    /// largest; nil when there is none (or `wanted` is not offered).
    public static func mode(from modes: [DRMMode], wanted: String? = nil) -> DRMMode? {
        if let wanted {
            let parts = wanted.split(separator: "@")
            let size = parts.first.map { $0.split(separator: "x").compactMap { Int($0) } } ?? []
            guard size.count == 2 else { return modes.first { $0.name == wanted } }
            let refresh = parts.count > 1 ? Int(parts[1]) : nil
            let matching = modes.filter { $0.width == size[0] && $0.height == size[1] && (refresh == nil || $0.refresh == refresh) }
            return matching.first { $0.preferred } ?? matching.first
        }
        if let p = modes.first(where: { $0.preferred }) { return p }
        return modes.max { $0.width * $0.height < $1.width * $1.height }
    }

    /// The connector named `wanted` (the board's `connector`, e.g. `HDMI-A-1`, `DSI-1`),
    /// or with none named the first connected one; either must be connected, with modes
    /// and a CRTC, to be shown on.
    public static func connector(in card: DRMCard, named wanted: String? = nil) -> DRMConnector? {
        card.connectors.first { c in
            (wanted == nil || c.name == wanted) && c.connected && !c.modes.isEmpty && !c.crtcs.isEmpty
        }
    }

    /// Every connector of the card, for a message: `HDMI-A-1 (connected)`.
    public static func connectorList(_ card: DRMCard) -> [String] {
        card.connectors.map { "\($0.name) (\($0.connected ? "connected" : "disconnected"))" }
    }

    /// The DRM fourcc and bits per pixel for a pixel format; nil for formats scan-out
    /// buffers are not made in.
    public static func fourcc(for format: PixelFormat) -> (fourcc: UInt32, bitsPerPixel: Int)? {
        switch format {
        case .xrgb8888: return (cdrm_fourcc_xrgb8888(), 32)
        case .rgb565: return (cdrm_fourcc_rgb565(), 16)
        default: return nil
        }
    }

    /// The scan-out formats to try for a board drawn in `drawn`, best first: its own
    /// (nothing converted), then the one the copy converts it to; with the primary
    /// plane's formats known, only those it offers.
    public static func scanoutCandidates(for drawn: PixelFormat, planeFormats: [UInt32]?) -> [PixelFormat] {
        let all: [PixelFormat] = [drawn, drawn == .rgb565 ? .xrgb8888 : .rgb565].filter { ScanoutConversion.converts(from: drawn, to: $0) }
        guard let planeFormats else { return all }
        return all.filter { f in fourcc(for: f).map { planeFormats.contains($0.fourcc) } ?? false }
    }

    /// A DRM fourcc as its format's name (`XRGB8888`), or its four characters (`NV12`).
    public static func formatName(_ fourcc: UInt32) -> String {
        let chars = (0..<4).map { UInt8(truncatingIfNeeded: fourcc >> ($0 * 8)) }
        let code = String(decoding: chars.filter { $0 > 0x20 && $0 < 0x7F }, as: UTF8.self)
        let names: [(String, String)] = [
            ("XR24", "XRGB8888"), ("AR24", "ARGB8888"), ("XB24", "XBGR8888"), ("AB24", "ABGR8888"),
            ("RX24", "RGBX8888"), ("BX24", "BGRX8888"), ("RA24", "RGBA8888"), ("BA24", "BGRA8888"),
            ("RG16", "RGB565"), ("BG16", "BGR565"), ("RG24", "RGB888"), ("BG24", "BGR888"),
            ("XR30", "XRGB2101010"), ("XB30", "XBGR2101010"), ("XR15", "XRGB1555"), ("C8", "C8"),
        ]
        return names.first { $0.0 == code }?.1 ?? code
    }

    /// The damage as at most `maxRectangles` DRM clip rectangles.
    public static func clips(_ damage: Region, maxRectangles: Int = 8) -> [IntRectClip] {
        damage.simplified(maxRectangles: maxRectangles).rectangles.map {
            IntRectClip(
                x1: UInt16(clamping: $0.x0), y1: UInt16(clamping: $0.y0),
                x2: UInt16(clamping: $0.x1), y2: UInt16(clamping: $0.y1))
        }
    }

    /// The DRM cards to try, in order: /dev/dri/card0, card1, … (numerically).
    public static func cardPaths(in names: [String], directory: String = "/dev/dri") -> [String] {
        names.filter { $0.hasPrefix("card") && Int($0.dropFirst(4)) != nil }
            .sorted { Int($0.dropFirst(4))! < Int($1.dropFirst(4))! }
            .map { "\(directory)/\($0)" }
    }

    /// The framebuffer devices: /dev/fb0, fb1, … (numerically).
    public static func framebufferPaths(in names: [String], directory: String = "/dev") -> [String] {
        names.filter { $0.hasPrefix("fb") && Int($0.dropFirst(2)) != nil }
            .sorted { Int($0.dropFirst(2))! < Int($1.dropFirst(2))! }
            .map { "\(directory)/\($0)" }
    }
}
