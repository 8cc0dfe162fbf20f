import GaugeConfig
import GaugeDisplay
import GaugeImages
import GaugeInput

/// The board's input devices: which evdev devices to use (by name or capability), one
/// router each turning events into panel actions, and hot-plug — devices that appear
/// later are picked up, ones that vanish are dropped. The devices come from the command
/// line's `InputDevices`.
final class InputHub {
    struct Opened {
        let device: any InputDevice
        var router: InputRouter
    }

    let scanner: any InputDeviceScanning
    private let configuration: InputConfiguration
    let routerConfiguration: InputRouterConfiguration
    /// The panel's physical size and rotation, for touch coordinates.
    private let physicalWidth: Int32, physicalHeight: Int32
    private let rotation: InputRotation
    private(set) var opened: [String: Opened] = [:]
    /// Problems worth one log line each (unknown key names, permissions).
    private(set) var problems: [String] = []

    init(
        _ configuration: InputConfiguration, display: DisplayConfiguration, directory: String = "/dev/input",
        devices: InputDevices
    ) {
        self.configuration = configuration
        scanner = devices.scanner(directory)
        var router = InputRouterConfiguration()
        problems = router.keyMap.merge(
            configuration.keys.map { (key: $0.key, action: Self.action($0.value)) }
                .sorted { $0.key < $1.key }, keyCode: devices.keyCode)
        if !configuration.swipe {
            router.swipeLeft = nil
            router.swipeRight = nil
        }
        routerConfiguration = router
        let turned = display.rotation.swapsAxes
        physicalWidth = turned ? display.height : display.width
        physicalHeight = turned ? display.width : display.height
        rotation = InputRotation(degrees: Int(display.rotation.rawValue)) ?? .none
    }

    /// The board's touch calibration keys.
    var calibration: TouchCalibration {
        let c = configuration, r = c.touchRange
        return TouchCalibration(
            minX: r?[0], maxX: r?[1], minY: r?[2], maxY: r?[3],
            swapAxes: c.touchSwapXY, invertX: c.touchInvertX, invertY: c.touchInvertY)
    }

    /// What a board's action word does (an exhaustive switch: a new word can't be forgotten).
    static func action(_ a: InputConfiguration.Action) -> InputAction {
        switch a {
        case .nextPage: .nextPage
        case .previousPage: .previousPage
        case .toggleTheme: .toggleNight
        case .acknowledge: .acknowledgeAlarms
        case .resetMinMax: .resetHold
        case .resetTrip: .resetTrip
        case .logMarker: .logMarker
        case .brightnessUp: .brightness(1)
        case .brightnessDown: .brightness(-1)
        }
    }

    /// What the board wants a scanned device for: its capabilities limited to the roles
    /// its selectors chose it for (a mouse opened for its buttons does not page with its
    /// wheel unless the board names it as the encoder), or nil when not wanted at all.
    private func wanted(_ info: DeviceInfo) -> DeviceCapabilities? {
        let caps = info.capabilities
        let touch = DeviceSelector(configuration.touch).matches(path: info.path, name: info.name, capabilities: caps, role: .touch)
        let encoder = DeviceSelector(configuration.rotary).matches(path: info.path, name: info.name, capabilities: caps, role: .encoder)
        let keys = DeviceSelector.auto.matches(path: info.path, name: info.name, capabilities: caps, role: .keys)
        guard touch || encoder || keys else { return nil }
        var used = caps
        if !touch {
            used.isTouchscreen = false
            used.isMultitouch = false
        }
        if !encoder {
            used.relativeRotaryAxes = []
            used.absoluteRotaryAxes = []
        }
        if !keys { used.keys = [] }
        return used
    }

    /// Applies a scan: opens routers for wanted new devices, forgets removed ones.
    /// Returns the descriptors to start and stop watching, and log lines.
    func apply(_ report: ScanReport) -> (added: [any InputDevice], removed: [Int32], log: [String]) {
        var added: [any InputDevice] = [], removed: [Int32] = [], log: [String] = []
        for path in report.removed {
            if let o = opened.removeValue(forKey: path) {
                removed.append(o.device.fd)
                log.append("input device lost: \(path) (\(o.device.name))")
            }
        }
        for info in report.added where opened[info.path] == nil {
            guard let used = wanted(info), let device = scanner.device(at: info.path) else { continue }
            let mapping = TouchMapping(
                capabilities: used, physicalWidth: physicalWidth,
                physicalHeight: physicalHeight, rotation: rotation, calibration: calibration)
            opened[info.path] = Opened(
                device: device,
                router: InputRouter(
                    configuration: routerConfiguration,
                    capabilities: used, touchMapping: mapping))
            added.append(device)
            log.append("input device opened: \(info.path) (\(info.name))")
        }
        for e in report.errors { log.append("input: " + describe(e)) }
        return (added, removed, log)
    }

    /// Whether the board asks for a touch screen or a rotary encoder (not "none").
    var wantsPanelDevices: Bool { configuration.touch != "none" || configuration.rotary != "none" }

    /// A scan error as the log says it. A board that asks for no touch screen and no
    /// encoder has no panel driver to check: a missing input folder only means that no
    /// keyboard is there for the default keys.
    func describe(_ error: InputError) -> String {
        guard error.kind == .notFound, error.path == scanner.directory, !wantsPanelDevices else { return "\(error)" }
        return "no \(error.path) (no keyboard for the default keys; the board asks for no touch screen or encoder)"
    }

    /// Reads a ready device; actions to perform, and whether the device is gone.
    func read(path: String) -> (actions: [InputAction], gone: Bool) {
        guard var o = opened[path] else { return ([], false) }
        switch o.device.readEvents() {
        case .events(let events):
            let actions = o.router.handle(events)
            opened[path] = o
            return (actions, false)
        case .gone(_, let last), .failed(_, let last):
            let actions = o.router.handle(last)
            opened[path] = nil
            scanner.remove(path)
            return (actions, true)
        }
    }

    /// The earliest pending gesture deadline (a long press), in µs.
    var nextDeadline: Int64? { opened.values.compactMap { $0.router.nextDeadline }.min() }

    func advance(to microseconds: Int64) -> [InputAction] {
        var actions: [InputAction] = []
        for path in opened.keys { actions += opened[path]!.router.advance(to: microseconds) }
        return actions
    }
}
