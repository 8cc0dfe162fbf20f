import GaugeASCII
import GaugeInput
import GaugeSystem

/// Finds /dev/input/event* devices, keeps them open, and follows hot-plug through an
/// inotify fd the run loop polls (`watchFD`); when it is readable, call `handleWatchEvents()`.
public final class InputDeviceScanner: InputDeviceScanning {
    public let directory: String
    private let calls: any InputSystemCalls
    /// Open devices by path.
    public private(set) var devices: [String: EvdevDevice] = [:]
    public private(set) var watchFD: Int32?

    public init(directory: String = "/dev/input", calls: any InputSystemCalls = LinuxInputSystemCalls()) {
        self.directory = directory
        self.calls = calls
    }

    deinit {
        if let fd = watchFD { calls.close(fd) }
    }

    /// Open devices, in path order (event2 before event10).
    public var openDevices: [EvdevDevice] {
        devices.values.sorted { Self.nodeOrder($0.path, $1.path) }
    }

    /// Opens new nodes and closes vanished ones. Nodes that failed before are retried: udev
    /// fixes permissions shortly after creating a node (the IN_ATTRIB that follows).
    public func rescan() -> ScanReport {
        var report = ScanReport()
        let names: [String]
        do { names = try calls.listDirectory(directory) } catch {
            report.errors.append(InputError(errno: error, path: directory))
            names = []
        }
        let present = Set(names.filter(Self.isEventNode).map { directory + "/" + $0 })
        for path in devices.keys.sorted() where !present.contains(path) {
            remove(path)
            report.removed.append(path)
        }
        for path in present.sorted(by: Self.nodeOrder) where devices[path] == nil {
            switch EvdevDevice.open(path, calls: calls) {
            case .success(let device):
                devices[path] = device
                report.added.append(DeviceInfo(path: path, name: device.name, capabilities: device.capabilities))
            case .failure(let error):
                report.errors.append(error)
            }
        }
        return report
    }

    public func device(at path: String) -> (any InputDevice)? { devices[path] }

    /// Closes a device (after its read reported `.gone`); a later rescan reopens it if it returns.
    public func remove(_ path: String) {
        devices.removeValue(forKey: path)?.close()
    }

    /// Devices chosen by `selector` for `role`, in path order.
    public func devices(matching selector: DeviceSelector, for role: DeviceRole) -> [EvdevDevice] {
        openDevices.filter { selector.matches(path: $0.path, name: $0.name, capabilities: $0.capabilities, role: role) }
    }

    /// The first device `selector` chooses, or an error that names the selector and the fix.
    public func device(matching selector: DeviceSelector, for role: DeviceRole, configured: String) -> Result<EvdevDevice, InputError> {
        if let d = devices(matching: selector, for: role).first { return .success(d) }
        return .failure(InputError(.noMatch(selector: configured), path: directory))
    }

    /// Starts watching the directory; returns the fd for the run loop's poll set.
    public func startWatching() -> Result<Int32, InputError> {
        if let fd = watchFD { return .success(fd) }
        do {
            let fd = try calls.watchDirectory(directory)
            watchFD = fd
            return .success(fd)
        } catch {
            return .failure(InputError(errno: error, path: directory))
        }
    }

    /// Drains the inotify fd and rescans. A node deleted and created again between two calls
    /// is closed first, so the stale fd of the old device is not kept.
    public func handleWatchEvents() -> ScanReport {
        var report = ScanReport()
        if let fd = watchFD {
            // Bounded: 64 reads of 4 KiB are thousands of changes, far more than a plug event.
            for _ in 0..<64 {
                guard case .bytes(let bytes)? = try? calls.read(fd, max: 4096) else { break }
                for change in DirectoryChange.parse(bytes) where change.isDeletion {
                    let path = directory + "/" + change.name
                    if devices[path] != nil {
                        remove(path)
                        report.removed.append(path)
                    }
                }
            }
        }
        let scan = rescan()
        report.added += scan.added
        report.removed += scan.removed
        report.errors += scan.errors
        return report
    }

    static func isEventNode(_ name: String) -> Bool {
        name.hasPrefix("event") && name.count > 5 && name.dropFirst(5).allSatisfy { $0.isASCIIDigit }
    }

    /// event2 < event10: by number, then by text.
    static func nodeOrder(_ a: String, _ b: String) -> Bool {
        let na = number(a), nb = number(b)
        return na != nb ? na < nb : a < b
    }

    private static func number(_ path: String) -> Int {
        let digits = path.reversed().prefix { $0.isASCIIDigit }
        return Int(String(digits.reversed().prefix(9))) ?? -1
    }
}
