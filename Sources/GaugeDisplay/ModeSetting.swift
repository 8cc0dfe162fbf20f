/// A display that can switch to another mode of its output while open (DRM/KMS): a
/// capability the command line asks a display for (`Display.modeSetting`), not a type
/// it casts to.
public protocol ModeSetting: AnyObject {
    /// Throws the error `setMode(wanted)` would, and changes nothing.
    func checkMode(_ wanted: String) throws(DisplayError)
    /// Switches to the mode `wanted` ("WxH" or "WxH@Hz"): the surface is replaced (blank,
    /// the new size); redraw it all and present it. On error nothing changes.
    func setMode(_ wanted: String) throws(DisplayError)
}
