import GaugeASCII
import GaugeDisplay
import GaugeRaster

/// `[display]`: the panel. `width` × `height` is the picture as mounted (what widget
/// frames are laid out in); with `rotation` 90 or 270 the scan-out buffer is turned.
public struct DisplayConfiguration: Sendable, Equatable {
    public var width: Int32
    public var height: Int32
    public var format: PixelFormat
    public var rotation: RotationAngle
    /// The display back-end's name (`auto`, `drm`, …), one of the names the loader was
    /// given (GaugeDisplayDevices' `DisplayBackends.names`, passed by the command layer).
    public var output: String
    /// `/dev/dri/cardN` or `/dev/fbN` (nil: the first that works).
    public var device: String?
    /// A DRM connector name (`HDMI-A-1`, `DSI-1`).
    public var connector: String?
    /// A DRM mode, `WxH` or `WxH@Hz`.
    public var mode: String?
    /// Frames per second the run loop aims for.
    public var refresh: Int32

    /// Seconds to wait for a display that is not there yet (a driver still loading at
    /// boot); nil: `gaugepanel run`'s default (`DisplayWait`).
    public var waitSeconds: Double?

    public init(
        width: Int32 = 800, height: Int32 = 480, format: PixelFormat = .xrgb8888, rotation: RotationAngle = .none,
        output: String = "auto", device: String? = nil, connector: String? = nil, mode: String? = nil,
        refresh: Int32 = 30
    ) {
        self.width = width
        self.height = height
        self.format = format
        self.rotation = rotation
        self.output = output
        self.device = device
        self.connector = connector
        self.mode = mode
        self.refresh = refresh
    }

    static let sizeRange = 16...4096

    static func read(_ r: TableReader?, outputs: [String]) -> DisplayConfiguration {
        var d = DisplayConfiguration()
        guard let r else { return d }
        if let w = r.integer("width", sizeRange, required: true) { d.width = Int32(w) }
        if let h = r.integer("height", sizeRange, required: true) { d.height = Int32(h) }
        if let f = r.choice("format", ["xrgb8888", "rgb565"]), let pf = PixelFormat(lowercaseName: f) { d.format = pf }
        if let v = r.value("rotation") {
            if let i = v.int, let a = RotationAngle(degrees: i) {
                d.rotation = a
            } else {
                r.report("rotation", "expected 0, 90, 180 or 270, got \(describe(v))")
            }
        }
        if let o = r.choice("output", outputs) { d.output = o }
        if let dev = r.string("device") {
            if dev.hasPrefix("/dev/") { d.device = dev } else { r.report("device", "expected a device path like \"/dev/dri/card0\", got \"\(dev)\"") }
        }
        d.connector = r.string("connector", maxLength: 32)
        if let m = r.string("mode", maxLength: 32) {
            if Self.isMode(m) { d.mode = m } else { r.report("mode", "expected \"WxH\" or \"WxH@Hz\" (e.g. \"800x480@60\"), got \"\(m)\"") }
        }
        if let f = r.integer("refresh", 1...240) { d.refresh = Int32(f) }
        d.waitSeconds = r.number("wait", 0...600)
        r.finish()
        return d
    }

    /// `800x480` or `800x480@60`, each number 1…5 digits.
    static func isMode(_ s: String) -> Bool {
        let at = s.split(separator: "@", omittingEmptySubsequences: false)
        guard at.count <= 2 else { return false }
        let wh = at[0].split(separator: "x", omittingEmptySubsequences: false)
        func digits(_ t: Substring) -> Bool { (1...5).contains(t.count) && t.allSatisfy { $0.isASCIIDigit } }
        return wh.count == 2 && digits(wh[0]) && digits(wh[1]) && (at.count == 1 || digits(at[1]))
    }
}

/// `[fonts]`: a TrueType family found on the system, or the built-in stroke font.
public struct FontConfiguration: Sendable, Equatable {
    public enum Weight: String, Sendable, CaseIterable { case regular, bold }
    /// nil: the built-in stroke font (`family = "builtin"`).
    public var family: String?
    public var weight: Weight

    public init(family: String? = "DejaVu Sans", weight: Weight = .regular) {
        self.family = family
        self.weight = weight
    }

    static func read(_ r: TableReader?) -> FontConfiguration {
        var f = FontConfiguration()
        guard let r else { return f }
        if let family = r.string("family", maxLength: 64) {
            if family.isEmpty {
                r.report("family", "expected a font family like \"DejaVu Sans\", or \"builtin\"")
            } else {
                f.family = family == "builtin" ? nil : family
            }
        }
        if let w = r.choice("weight", Weight.allCases.map { $0.rawValue }), let weight = Weight(rawValue: w) { f.weight = weight }
        r.finish()
        return f
    }
}

/// `[snapshot]`: the headless demo writes the screen to a PNG every `interval` seconds.
public struct SnapshotConfiguration: Sendable, Equatable {
    public var path: String
    public var intervalSeconds: Double

    public init(path: String, intervalSeconds: Double) {
        self.path = path
        self.intervalSeconds = intervalSeconds
    }

    static func read(_ r: TableReader?) -> SnapshotConfiguration? {
        guard let r else { return nil }
        let path = r.string("path", required: true, maxLength: 4096)
        if let p = path, !p.hasSuffix(".png") { r.report("path", "expected a .png file name, got \"\(p)\"") }
        let interval = r.number("interval", 0.1...86400)
        r.finish()
        guard let path, path.hasSuffix(".png") else { return nil }
        return SnapshotConfiguration(path: path, intervalSeconds: interval ?? 5)
    }
}
