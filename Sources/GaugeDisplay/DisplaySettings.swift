import GaugeRaster

/// What a board's `[display]` and the command line ask of a display. Each back-end reads
/// the settings it has a use for (its `keys`).
public struct DisplaySettings: Sendable {
    /// `/dev/dri/cardN` or `/dev/fbN` (nil: the first that works).
    public var device: String?
    /// A DRM connector name (`HDMI-A-1`).
    public var connector: String?
    /// A DRM mode, `WxH` or `WxH@Hz` (nil: the preferred one).
    public var mode: String?
    /// The surface's format (nil: XRGB8888, or on fbdev the device's own); a device that
    /// cannot show it scans out the other of XRGB8888 and RGB565, converted on copy.
    public var format: PixelFormat?
    /// The size of a display with no device (offscreen), physical.
    public var width: Int32
    public var height: Int32
    /// Turns the logical surface on every kind.
    public var rotation: RotationAngle
    /// DRM: atomic flips with damage clips where the driver has them.
    public var atomic: Bool

    public init(device: String? = nil, connector: String? = nil, mode: String? = nil, format: PixelFormat? = nil,
                width: Int32 = 800, height: Int32 = 480, rotation: RotationAngle = .none, atomic: Bool = true) {
        self.device = device; self.connector = connector; self.mode = mode; self.format = format
        self.width = width; self.height = height; self.rotation = rotation; self.atomic = atomic
    }
}
