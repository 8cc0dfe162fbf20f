import GaugeInput

/// An input device in memory: what successive `readEvents()` calls return, then nothing.
public final class FakeInputDevice: InputDevice {
    public let path: String
    public let name: String
    public let fd: Int32
    public let capabilities: DeviceCapabilities
    /// What the next reads return, in order; once empty, no events.
    public var reads: [DeviceReadResult] = []

    public init(path: String, name: String, fd: Int32, capabilities: DeviceCapabilities) {
        self.path = path
        self.name = name
        self.fd = fd
        self.capabilities = capabilities
    }

    public func readEvents() -> DeviceReadResult {
        reads.isEmpty ? .events([]) : reads.removeFirst()
    }

    /// A keyboard with the standard key map's keys.
    public static func keyboard(_ path: String, fd: Int32, name: String = "fake keyboard") -> FakeInputDevice {
        FakeInputDevice(
            path: path, name: name, fd: fd,
            capabilities: DeviceCapabilities(
                keys: Set([KeyCode.left, KeyCode.right, KeyCode.up, KeyCode.down, KeyCode.enter] + FakeInputScanner.functionKeys)))
    }
}

/// An input folder in memory: `plugged` devices appear at the next scan, unplugged ones
/// vanish; the watch descriptor is `watchDescriptor` (readable when the test says so).
/// `@unchecked Sendable`: `InputDevices.fake` captures it, and one test thread drives it.
public final class FakeInputScanner: InputDeviceScanning, @unchecked Sendable {
    public let directory: String
    /// The devices in the folder now, by path.
    public var plugged: [String: FakeInputDevice] = [:]
    public private(set) var opened: [String: FakeInputDevice] = [:]
    public private(set) var watchFD: Int32?
    public var watchDescriptor: Int32 = 90
    /// Paths removed through `remove(_:)`, in order.
    public private(set) var removed: [String] = []

    public init(directory: String = "/dev/input", devices: [FakeInputDevice] = []) {
        self.directory = directory
        for d in devices { plugged[d.path] = d }
    }

    public func device(at path: String) -> (any InputDevice)? { opened[path] }

    public func rescan() -> ScanReport {
        var report = ScanReport()
        for path in opened.keys.sorted() where plugged[path] == nil {
            opened[path] = nil
            report.removed.append(path)
        }
        for (path, d) in plugged.sorted(by: { $0.key < $1.key }) where opened[path] == nil {
            opened[path] = d
            report.added.append(DeviceInfo(path: path, name: d.name, capabilities: d.capabilities))
        }
        return report
    }

    public func remove(_ path: String) {
        opened[path] = nil
        removed.append(path)
    }

    public func startWatching() -> Result<Int32, InputError> {
        watchFD = watchDescriptor
        return .success(watchDescriptor)
    }

    public func handleWatchEvents() -> ScanReport { rescan() }

    /// KEY_F1 … KEY_F10 (linux/input-event-codes.h: 59 … 68).
    public static let functionKeys: [UInt16] = Array(59...68)

    /// The kernel names the boards of the tests use, as libevdev spells them.
    public static let keyNames: [String: UInt16] = {
        var names: [String: UInt16] = [
            "KEY_UP": KeyCode.up, "KEY_DOWN": KeyCode.down, "KEY_LEFT": KeyCode.left, "KEY_RIGHT": KeyCode.right,
            "KEY_PAGEUP": KeyCode.pageUp, "KEY_PAGEDOWN": KeyCode.pageDown, "KEY_ENTER": KeyCode.enter, "KEY_N": KeyCode.n,
            "BTN_TOUCH": KeyCode.touch, "BTN_LEFT": KeyCode.leftButton,
        ]
        for (i, code) in functionKeys.enumerated() { names["KEY_F\(i + 1)"] = code }
        return names
    }()
}

extension InputDevices {
    /// In-memory devices: `scanner`'s for any folder (a new empty folder when nil), and
    /// the key names of `FakeInputScanner.keyNames`.
    public static func fake(_ scanner: FakeInputScanner? = nil) -> InputDevices {
        InputDevices(
            scanner: { directory in scanner ?? FakeInputScanner(directory: directory) },
            keyCode: { name in FakeInputScanner.keyNames[name.uppercased()] })
    }
}
