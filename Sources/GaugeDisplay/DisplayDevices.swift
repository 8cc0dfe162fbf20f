/// The screens a panel can open and what goes with them (the text console, backlights),
/// given by the command line that links their libraries (GaugeDisplayDevices: libdrm), so
/// that the panel's own modules and their tests link none of them.
public struct DisplayDevices: Sendable {
    /// The display back-ends' names, which `[display] output` and `--display` take.
    public var names: [String]
    /// Opens the back-end called `name` with `settings`.
    public var open: @Sendable (_ name: String, _ settings: DisplaySettings) throws(DisplayError) -> any Display
    /// The text console switched to graphics mode, for a display that covers it.
    public var consoleGraphics: @Sendable () -> (any ConsoleMode)?
    /// Steps the first backlight by `points` percent, kept within 5…100 % (never fully
    /// off, so the panel can't be dimmed into looking dead): its name and new percentage.
    public var stepBacklight: @Sendable (_ points: Int) -> Result<(name: String, percent: Int), DeviceFailure>
    /// The backlight `[backlight] device` names (nil: the first; a name, or an absolute
    /// path to a backlight's directory), for a board that sets its level or sleeps.
    public var openBacklight: @Sendable (_ device: String?) -> Result<any BacklightOutput, DeviceFailure>

    public init(
        names: [String],
        open: @escaping @Sendable (_ name: String, _ settings: DisplaySettings) throws(DisplayError) -> any Display,
        consoleGraphics: @escaping @Sendable () -> (any ConsoleMode)?,
        stepBacklight: @escaping @Sendable (_ points: Int) -> Result<(name: String, percent: Int), DeviceFailure>,
        openBacklight: @escaping @Sendable (_ device: String?) -> Result<any BacklightOutput, DeviceFailure> = { _ in
            .failure(DeviceFailure("no backlights here"))
        }
    ) {
        self.names = names
        self.open = open
        self.consoleGraphics = consoleGraphics
        self.stepBacklight = stepBacklight
        self.openBacklight = openBacklight
    }
}

/// A backlight the panel drives: its level (nil: left as it is) and on or off. Off and on
/// again comes back at the level it had.
public protocol BacklightOutput: AnyObject {
    var name: String { get }
    func apply(percent: Int?, on: Bool) -> DeviceFailure?
}

/// The text console while a panel draws over it: given back (text mode, a working
/// keyboard) by `restore()`.
public protocol ConsoleMode: AnyObject {
    /// Why it stays in text mode (no console device), or nil.
    var unavailableReason: String? { get }
    /// The mode a panel that was killed left it in, or nil.
    var leftBehind: String? { get }
    func restore()
}

/// A device's failure in its own words.
public struct DeviceFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
