import GaugeDisplay
import GaugeRaster

/// The opened display, whichever kind, behind the few operations the run loop needs:
/// draw into `surface`, present damage, watch the DRM fd for flip events, snapshot.
public final class PanelDisplay {
    public private(set) var opened: OpenedDisplay

    public init(_ opened: OpenedDisplay) { self.opened = opened }

    public var surface: Surface {
        switch opened {
        case .drm(let d): d.surface
        case .fbdev(let d): d.surface
        case .offscreen(let d): d.surface
        }
    }

    public var statistics: DisplayStatistics {
        switch opened {
        case .drm(let d): d.statistics
        case .fbdev(let d): d.statistics
        case .offscreen(let d): d.statistics
        }
    }

    /// What it is, for the log: "drm /dev/dri/card0 (bochs-drm) Virtual-1 1024x768 …".
    public var summary: String {
        switch opened {
        case .drm(let d):
            return "drm \(d.path) driver=\(d.driver) connector=\(d.connector.name) mode=\(d.mode.name) format=\(d.format.lowercaseName) damage=\(d.damageReporting)"
        case .fbdev(let d):
            return "fbdev \(d.path) \(d.info.width)x\(d.info.height) bpp=\(d.info.bitsPerPixel) format=\(d.format.lowercaseName)"
        case .offscreen(let d):
            return "offscreen \(d.physical.width)x\(d.physical.height) format=\(d.format.lowercaseName)"
        }
    }

    /// Sends the frame's damage; true when a page flip is now in flight (DRM), whose
    /// completion arrives as an event on `eventDescriptor`.
    public func present(damage: Region) throws(DisplayError) -> Bool {
        switch opened {
        case .drm(let d):
            try d.present(damage: damage)
            return d.flipPending
        case .fbdev(let d):
            try d.present(damage: damage)
            return false
        case .offscreen(var d):
            d.present(damage: damage.rectangles)
            opened = .offscreen(d)
            return false
        }
    }

    /// The descriptor that becomes readable when a flip completes (DRM only).
    public var eventDescriptor: Int32? {
        if case .drm(let d) = opened { return d.fd }
        return nil
    }

    /// Reads pending DRM events; true when no flip is in flight any more.
    public func handleEvents() throws(DisplayError) -> Bool {
        guard case .drm(let d) = opened else { return true }
        try d.handleEvents()
        return !d.flipPending
    }

    /// The picture as the panel shows it (physical orientation for offscreen displays,
    /// the upright shadow surface otherwise).
    public var snapshotSurface: Surface {
        if case .offscreen(let d) = opened { return d.physical }
        return surface
    }

    /// Gives the screen back: the CRTC as it was (DRM); fbdev and offscreen need nothing.
    public func close() {
        if case .drm(let d) = opened { d.close() }
    }
}
