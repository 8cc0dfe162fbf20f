/// The input devices in a folder (`/dev/input`), kept open, with hot-plug through a
/// descriptor the run loop polls (`watchFD`); when it is readable, `handleWatchEvents()`.
/// GaugeInputDevices' `InputDeviceScanner` is the real one (evdev nodes, inotify); tests
/// give their own. Class-bound, like `InputDevice`.
public protocol InputDeviceScanning: AnyObject {
    var directory: String { get }
    /// The descriptor `startWatching()` returned, while watching.
    var watchFD: Int32? { get }
    /// The open device at `path`, as the last scan reported it.
    func device(at path: String) -> (any InputDevice)?
    /// Opens new devices and closes vanished ones.
    func rescan() -> ScanReport
    /// Closes a device (after its read reported `.gone`); a later rescan reopens it if it returns.
    func remove(_ path: String)
    /// Starts watching the folder; the descriptor for the run loop's poll set.
    func startWatching() -> Result<Int32, InputError>
    /// Drains the watch descriptor and rescans.
    func handleWatchEvents() -> ScanReport
}

/// A device as the scanner reports it.
public struct DeviceInfo: Hashable, Sendable {
    public var path: String
    public var name: String
    public var capabilities: DeviceCapabilities
    public init(path: String, name: String, capabilities: DeviceCapabilities) {
        self.path = path
        self.name = name
        self.capabilities = capabilities
    }
}

/// What changed since the previous scan.
public struct ScanReport: Hashable, Sendable {
    public var added: [DeviceInfo] = []
    public var removed: [String] = []
    /// Nodes that could not be opened (permission errors name the fix); retried next scan.
    public var errors: [InputError] = []
    public init(added: [DeviceInfo] = [], removed: [String] = [], errors: [InputError] = []) {
        self.added = added
        self.removed = removed
        self.errors = errors
    }
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && errors.isEmpty }
}
