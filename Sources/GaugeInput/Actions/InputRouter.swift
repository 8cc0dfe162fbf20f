/// How an encoder's turns become actions.
public struct RotaryConfiguration: Hashable, Sendable {
    /// Steps per mechanical click (the kernel's rotary-encoder reports 1 by default;
    /// quadrature-counting encoders often 2 or 4).
    public var stepsPerDetent: Int = 1
    public var clockwise: InputAction = .nextPage
    public var counterClockwise: InputAction = .previousPage
    /// Whether an absolute encoder wraps (rotary-encoder,rollover in the device tree).
    public var wraps: Bool = true
    /// Positions per turn for wrapping; nil takes the kernel driver's from the axis range.
    public var wrapPeriod: Int64?
    public init() {}
}

/// Everything the router needs to know besides the device.
public struct InputRouterConfiguration: Hashable, Sendable {
    public var keyMap: KeyMap = .standard
    public var rotary = RotaryConfiguration()
    public var gestures = GestureConfiguration()
    public var swipeLeft: InputAction? = .nextPage
    public var swipeRight: InputAction? = .previousPage
    public var swipeUp: InputAction?
    public var swipeDown: InputAction?
    public var longPress: InputAction? = .resetHold
    public init() {}
}

/// Turns one device's events into actions: keys (with auto-repeat), rotary encoders
/// (relative detents or wrapping absolute positions), and touch gestures. Pure; one
/// router per open device, fed with that device's `readEvents()` output.
public struct InputRouter: Sendable {
    public let configuration: InputRouterConfiguration
    public let capabilities: DeviceCapabilities
    private let mapping: TouchMapping?
    private var tracker: TouchTracker
    private var gestures: GestureRecognizer
    private var rotaries: [UInt16: RotaryDecoder] = [:]
    /// Last time each held key fired, for repeat throttling.
    private var held: [UInt16: Int64] = [:]

    /// - Parameter touchMapping: needed for touch; without it touch events are ignored.
    public init(
        configuration: InputRouterConfiguration = InputRouterConfiguration(),
        capabilities: DeviceCapabilities, touchMapping: TouchMapping? = nil
    ) {
        self.configuration = configuration
        self.capabilities = capabilities
        self.mapping = capabilities.isTouchscreen ? touchMapping : nil
        self.gestures = GestureRecognizer(configuration: configuration.gestures)
        // Decided by the device, not by the first event: MT panels also send legacy ABS_X.
        self.tracker = TouchTracker(multitouch: capabilities.isMultitouch)
        let rotary = configuration.rotary
        for axis in capabilities.relativeRotaryAxes {
            rotaries[axis] = RotaryDecoder(stepsPerDetent: rotary.stepsPerDetent)
        }
        for axis in capabilities.absoluteRotaryAxes {
            let period =
                rotary.wraps
                ? (rotary.wrapPeriod ?? capabilities.axisRanges[axis].map(RotaryDecoder.kernelWrapPeriod))
                : nil
            rotaries[axis] = RotaryDecoder(stepsPerDetent: rotary.stepsPerDetent, wrapPeriod: period)
        }
    }

    /// When the run loop should call `advance(to:)` (a pending long press), in µs.
    public var nextDeadline: Int64? { mapping == nil ? nil : gestures.nextDeadline }

    /// Time passed without events: fires a pending long press.
    public mutating func advance(to now: Int64) -> [InputAction] {
        guard mapping != nil, let g = gestures.advance(to: now) else { return [] }
        return action(for: g).map { [$0] } ?? []
    }

    public mutating func handle(_ events: [DeviceEvent]) -> [InputAction] {
        var out: [InputAction] = []
        for e in events { out += handle(e) }
        return out
    }

    public mutating func handle(_ deviceEvent: DeviceEvent) -> [InputAction] {
        switch deviceEvent {
        case .event(let e):
            return handle(e)
        case .dropped:
            held.removeAll()
            return touch(deviceEvent)
        case .resynced(let snapshot):
            for axis in capabilities.absoluteRotaryAxes {
                rotaries[axis]?.reset(position: snapshot.absValues[axis])
            }
            return touch(deviceEvent)
        }
    }

    private mutating func handle(_ e: InputEvent) -> [InputAction] {
        switch e.type {
        case EventType.key where e.code != KeyCode.touch:
            return key(e)
        case EventType.rel where rotaries[e.code] != nil:
            return turns(rotaries[e.code]!.relative(e.value))
        case EventType.abs where capabilities.absoluteRotaryAxes.contains(e.code):
            return turns(rotaries[e.code]!.absolute(e.value))
        default:
            return touch(.event(e))
        }
    }

    private mutating func key(_ e: InputEvent) -> [InputAction] {
        guard let binding = configuration.keyMap[e.code] else { return [] }
        switch e.value {
        case KeyValue.press:
            held[e.code] = e.time
            return [binding.action]
        case KeyValue.autoRepeat:
            // A repeat without a press seen (it came before we opened the device) counts as one.
            guard let interval = binding.repeatInterval else { return [] }
            if let last = held[e.code], e.time &- last < interval, e.time >= last { return [] }
            held[e.code] = e.time
            return [binding.action]
        default:
            held[e.code] = nil
            return []
        }
    }

    private func turns(_ detents: Int) -> [InputAction] {
        guard detents != 0 else { return [] }
        let action = detents > 0 ? configuration.rotary.clockwise : configuration.rotary.counterClockwise
        return Array(repeating: action, count: Swift.abs(detents))
    }

    private mutating func touch(_ e: DeviceEvent) -> [InputAction] {
        guard let mapping, let frame = tracker.handle(e) else { return [] }
        return gestures.handle(mapping.map(frame)).compactMap(action(for:))
    }

    private func action(for gesture: Gesture) -> InputAction? {
        switch gesture {
        case .tap(let x, let y): return .tap(x: x, y: y)
        case .longPress: return configuration.longPress
        case .swipe(.left): return configuration.swipeLeft
        case .swipe(.right): return configuration.swipeRight
        case .swipe(.up): return configuration.swipeUp
        case .swipe(.down): return configuration.swipeDown
        }
    }
}
