import GaugeRaster

/// What a display shows on, as `gaugepanel show` prints it: one line for people and the
/// fields of the `@@DISPLAY` line scripts read.
public struct DisplayDevice: Sendable {
    /// After "display ": kind, path and settings (`drm /dev/dri/card0 driver=virtio_gpu …`).
    public var line: String
    public var kind: String
    public var path: String
    /// The physical (scan-out) size.
    public var width: Int
    public var height: Int
    public var format: PixelFormat
    public var rotate: Int32
    /// Further `@@DISPLAY` fields, in order.
    public var fields: [(String, String)]

    public init(
        line: String, kind: String, path: String, width: Int, height: Int, format: PixelFormat, rotate: Int32,
        fields: [(String, String)]
    ) {
        self.line = line
        self.kind = kind
        self.path = path
        self.width = width
        self.height = height
        self.format = format
        self.rotate = rotate
        self.fields = fields
    }
}
