/// What a device can do, decided from the event codes it advertises.
public struct DeviceCapabilities: Hashable, Sendable {
    /// ABS_MT_POSITION_X (multitouch), or ABS_X with BTN_TOUCH (single touch).
    public var isTouchscreen: Bool
    /// Multitouch protocol B (slots).
    public var isMultitouch: Bool
    /// Keys among those the router maps by default or any key (gpio-keys may use any code).
    public var keys: Set<UInt16>
    /// Relative axes an encoder may use (REL_X, REL_Y, REL_DIAL, REL_WHEEL).
    public var relativeRotaryAxes: [UInt16]
    /// Absolute axes of an absolute rotary encoder (rotary-encoder without relative-axis).
    public var absoluteRotaryAxes: [UInt16]
    /// Ranges of the absolute axes the device reports.
    public var axisRanges: [UInt16: AxisRange]
    /// A mouse (BTN_LEFT): only its wheel counts as an encoder, and only when the board
    /// names the device — `auto` never picks a pointer.
    public var isPointer = false

    public init(
        isTouchscreen: Bool = false, isMultitouch: Bool = false, keys: Set<UInt16> = [],
        relativeRotaryAxes: [UInt16] = [], absoluteRotaryAxes: [UInt16] = [],
        axisRanges: [UInt16: AxisRange] = [:]
    ) {
        self.isTouchscreen = isTouchscreen
        self.isMultitouch = isMultitouch
        self.keys = keys
        self.relativeRotaryAxes = relativeRotaryAxes
        self.absoluteRotaryAxes = absoluteRotaryAxes
        self.axisRanges = axisRanges
    }

    /// Any key, excluding BTN_TOUCH (part of a touchscreen, not a panel key).
    public var hasKeys: Bool { keys.contains { $0 != KeyCode.touch } }
    public var isRotary: Bool { !relativeRotaryAxes.isEmpty || !absoluteRotaryAxes.isEmpty }

    /// The X and Y ranges a touchscreen reports positions in (MT axes first).
    public var touchRanges: (x: AxisRange, y: AxisRange)? {
        if let x = axisRanges[AbsCode.mtPositionX], let y = axisRanges[AbsCode.mtPositionY] { return (x, y) }
        if let x = axisRanges[AbsCode.x], let y = axisRanges[AbsCode.y] { return (x, y) }
        return nil
    }

    /// Classifies a device through `has` (type, code → advertised) and `range` (ABS code → absinfo).
    /// `property` answers INPUT_PROP_* queries: touchpads say INPUT_PROP_POINTER and are
    /// not touchscreens (many panel drivers never set INPUT_PROP_DIRECT, so that is not required).
    public static func classify(
        has: (UInt16, UInt16) -> Bool, range: (UInt16) -> AxisRange?,
        property: (UInt16) -> Bool = { _ in false }
    ) -> DeviceCapabilities {
        var caps = DeviceCapabilities()
        let hasTouchButton = has(EventType.key, KeyCode.touch)
        let isTouchpad = property(InputProperty.pointer)
        caps.isTouchscreen =
            !isTouchpad
            && (has(EventType.abs, AbsCode.mtPositionX)
                || (has(EventType.abs, AbsCode.x) && hasTouchButton))
        // Protocol B only: protocol A devices (no slots) are read through their single-touch emulation.
        caps.isMultitouch = caps.isTouchscreen && has(EventType.abs, AbsCode.mtPositionX) && has(EventType.abs, AbsCode.mtSlot)
        // Key codes are few enough (KEY_MAX 0x2ff) to ask about each one once at open.
        for code in UInt16(1)...KeyCode.max where has(EventType.key, code) { caps.keys.insert(code) }
        // A mouse's REL_X/REL_Y is not a panel encoder (mice have BTN_LEFT), but its wheel
        // is a detent encoder — many USB knobs are mice — when the board names the device.
        caps.isPointer = caps.keys.contains(KeyCode.leftButton)
        caps.relativeRotaryAxes = RelCode.rotaryAxes.filter { has(EventType.rel, $0) }
        if caps.isPointer { caps.relativeRotaryAxes.removeAll { $0 == RelCode.x || $0 == RelCode.y } }
        for code in [
            AbsCode.x, AbsCode.y, AbsCode.wheel, AbsCode.misc,
            AbsCode.mtSlot, AbsCode.mtTrackingID, AbsCode.mtPositionX, AbsCode.mtPositionY,
        ]
        where has(EventType.abs, code) {
            if let r = range(code) { caps.axisRanges[code] = r }
        }
        // An absolute encoder: ABS axes, no touch, no buttons (joysticks and tablets have them).
        if !caps.isTouchscreen && !hasTouchButton && caps.keys.isEmpty {
            caps.absoluteRotaryAxes = [AbsCode.x, AbsCode.y, AbsCode.wheel, AbsCode.misc]
                .filter { has(EventType.abs, $0) }
        }
        return caps
    }
}
