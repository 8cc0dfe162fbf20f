import GaugeRaster

/// A screen to draw on: render into `surface` (a shadow surface in memory, never the
/// device's memory), then `present(damage:)` what changed. Displays copy only the
/// damaged rectangles to the device (fbdev mapping, DRM dumb buffer) and tell the kernel.
/// (A display that can change mode — `modeSetting` — replaces the surface: redraw it all
/// after a mode change.)
///
/// With a rotation, `width`/`height`/`surface` are logical (upright, as the app draws)
/// and the copy turns each damaged rectangle into scan-out memory.
///
/// Like embedded-graphics' `DrawTarget`: two requirements, defaults for the rest, so a new
/// backend is one file. Class-bound (a display owns a device), so `any Display` is a
/// reference — which Embedded Swift allows — and the run loop holds one, not a switch.
public protocol Display: AnyObject {
    /// The shadow surface: draw here. The same memory from call to call (until a mode change).
    var surface: Surface { get }
    /// Shows the frame; `damage` is what changed in `surface` since the last call.
    /// True when a page flip is now in flight: its completion arrives on `eventDescriptor`.
    @discardableResult
    func present(damage: Region) throws(DisplayError) -> Bool

    /// Frames, damage, bytes copied and clip rectangles sent so far.
    var statistics: DisplayStatistics { get }
    /// How the logical picture is turned onto the panel.
    var rotation: DisplayRotation { get }
    /// The format of scan-out memory: the surface's, or the one the copy converts it to
    /// when the device cannot show the surface's (`ScanoutConversion`).
    var scanoutFormat: PixelFormat { get }
    /// The descriptor to poll for the display's events (DRM: flip completions); nil: none.
    var eventDescriptor: Int32? { get }
    /// Reads pending events; true when no flip is in flight any more.
    @discardableResult
    func handleEvents() throws(DisplayError) -> Bool
    /// The picture as the panel shows it (for snapshots).
    var snapshotSurface: Surface { get }
    /// One line for the log: kind, device, mode, format.
    var summary: String { get }
    /// Gives the screen back (DRM: the CRTC as it was).
    func close()

    /// What it shows on, for `gaugepanel show`'s lines; nil: no device (a surface in memory).
    var device: DisplayDevice? { get }
    /// One line on what presenting has cost so far (`gaugepanel show` ends with it); nil:
    /// nothing beyond `statistics`.
    var statisticsSummary: String? { get }
    /// True when it shows on the screen the text console draws on (DRM, fbdev): the
    /// console is switched to graphics mode while it draws.
    var coversTextConsole: Bool { get }
    /// Its mode setting, when it can change mode (DRM); nil: a fixed mode.
    var modeSetting: (any ModeSetting)? { get }
    /// Waits until the last frame presented is on screen (DRM: its flip has completed).
    func finish() throws(DisplayError)
    /// Turns the screen itself off (DPMS off through the DRM connector, FBIOBLANK on
    /// fbdev: a monitor goes to standby) or on again, for a panel without a backlight to
    /// switch. Nothing is presented while it is off; the next frame after turning it on
    /// must be drawn whole.
    func setPower(on: Bool) -> DisplayPower
}

/// What `Display.setPower(on:)` did.
public enum DisplayPower: Equatable, Sendable {
    case done
    /// This display has no power switch (an offscreen surface, a connector without DPMS).
    case unsupported
    /// The kernel refused: the reason, for the log.
    case failed(String)
}

extension Display {
    public var width: Int32 { surface.width }
    public var height: Int32 { surface.height }
    public var format: PixelFormat { surface.format }
    public var rotation: DisplayRotation {
        DisplayRotation(.none, physicalWidth: surface.width, physicalHeight: surface.height)
    }
    public var scanoutFormat: PixelFormat { surface.format }
    /// One line for the log when the copy converts: `drawing rgb565, scanning out
    /// xrgb8888: converted on copy`; nil when it does not.
    public var conversionNote: String? {
        scanoutFormat == format
            ? nil
            : "drawing \(format.lowercaseName), scanning out \(scanoutFormat.lowercaseName): converted on copy"
    }
    public var eventDescriptor: Int32? { nil }
    @discardableResult
    public func handleEvents() throws(DisplayError) -> Bool { true }
    public var snapshotSurface: Surface { surface }
    public var summary: String { "\(width)x\(height) format=\(format.lowercaseName)" }
    public func close() {}
    public var device: DisplayDevice? { nil }
    public var statisticsSummary: String? { nil }
    public var coversTextConsole: Bool { false }
    public var modeSetting: (any ModeSetting)? { nil }
    public func finish() throws(DisplayError) {}
    public func setPower(on: Bool) -> DisplayPower { .unsupported }
}
