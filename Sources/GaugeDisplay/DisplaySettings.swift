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

    public init(
        device: String? = nil, connector: String? = nil, mode: String? = nil, format: PixelFormat? = nil,
        width: Int32 = 800, height: Int32 = 480, rotation: RotationAngle = .none, atomic: Bool = true
    ) {
        self.device = device
        self.connector = connector
        self.mode = mode
        self.format = format
        self.width = width
        self.height = height
        self.rotation = rotation
        self.atomic = atomic
    }
}

/// A `[display]` setting by its key: what a back-end declares it reads, and what the
/// command line overrides.
public enum DisplayKey: String, CaseIterable, Sendable {
    case device, connector, mode, format, width, height, rotation
}

extension DisplaySettings {
    /// These keys as given, the others at their defaults: what a back-end that declared
    /// `keys` is opened with.
    public func keeping(_ keys: [DisplayKey]) -> DisplaySettings {
        var kept = DisplaySettings(atomic: atomic)
        for key in keys { kept.copy(key, from: self) }
        return kept
    }

    private mutating func copy(_ key: DisplayKey, from other: DisplaySettings) {
        switch key {
        case .device: device = other.device
        case .connector: connector = other.connector
        case .mode: mode = other.mode
        case .format: format = other.format
        case .width: width = other.width
        case .height: height = other.height
        case .rotation: rotation = other.rotation
        }
    }

    /// Sets `key` from its text as a board or the command line writes it (`rgb565`,
    /// `90`); false when the text is not a value of that key.
    public mutating func set(_ key: DisplayKey, _ text: String) -> Bool {
        switch key {
        case .device: device = text
        case .connector: connector = text
        case .mode: mode = text
        case .format:
            guard let f = PixelFormat(lowercaseName: text) else { return false }
            format = f
        case .width, .height:
            guard let n = Int32(text), n > 0 else { return false }
            if key == .width { width = n } else { height = n }
        case .rotation:
            guard let degrees = Int(text), let a = RotationAngle(degrees: degrees) else { return false }
            rotation = a
        }
        return true
    }
}
