import CInputCodes

/// One evdev event, as the kernel reports it: type, code, value and the event's
/// timestamp in microseconds (CLOCK_MONOTONIC by default for evdev clients).
public struct InputEvent: Hashable, Sendable, CustomStringConvertible {
    public var type: UInt16
    public var code: UInt16
    public var value: Int32
    /// Microseconds; gestures measure durations with it.
    public var time: Int64

    public init(type: UInt16, code: UInt16, value: Int32, time: Int64 = 0) {
        self.type = type
        self.code = code
        self.value = value
        self.time = time
    }

    public var description: String { "(\(type), \(code), \(value) @\(time)µs)" }

    /// Shorthands for tests and replays.
    public static func report(at time: Int64 = 0) -> InputEvent {
        InputEvent(type: EventType.syn, code: SynCode.report, value: 0, time: time)
    }
    public static func dropped(at time: Int64 = 0) -> InputEvent {
        InputEvent(type: EventType.syn, code: SynCode.dropped, value: 0, time: time)
    }
    public static func abs(_ code: UInt16, _ value: Int32, at time: Int64 = 0) -> InputEvent {
        InputEvent(type: EventType.abs, code: code, value: value, time: time)
    }
    public static func rel(_ code: UInt16, _ value: Int32, at time: Int64 = 0) -> InputEvent {
        InputEvent(type: EventType.rel, code: code, value: value, time: time)
    }
    public static func key(_ code: UInt16, _ value: Int32, at time: Int64 = 0) -> InputEvent {
        InputEvent(type: EventType.key, code: code, value: value, time: time)
    }
}

/// Event types (linux/input-event-codes.h through CInputCodes), taken from the kernel header
/// so they cannot drift.
public enum EventType {
    public static let syn = UInt16(EV_SYN)
    public static let key = UInt16(EV_KEY)
    public static let rel = UInt16(EV_REL)
    public static let abs = UInt16(EV_ABS)
}

public enum SynCode {
    public static let report = UInt16(SYN_REPORT)
    public static let dropped = UInt16(SYN_DROPPED)
}

public enum AbsCode {
    public static let x = UInt16(ABS_X)
    public static let y = UInt16(ABS_Y)
    public static let wheel = UInt16(ABS_WHEEL)
    public static let misc = UInt16(ABS_MISC)
    public static let mtSlot = UInt16(ABS_MT_SLOT)
    public static let mtTrackingID = UInt16(ABS_MT_TRACKING_ID)
    public static let mtPositionX = UInt16(ABS_MT_POSITION_X)
    public static let mtPositionY = UInt16(ABS_MT_POSITION_Y)
}

public enum RelCode {
    public static let x = UInt16(REL_X)
    public static let y = UInt16(REL_Y)
    public static let dial = UInt16(REL_DIAL)
    public static let wheel = UInt16(REL_WHEEL)
    /// Rotary axes a panel encoder may report on.
    public static let rotaryAxes: [UInt16] = [x, y, dial, wheel]
}

public enum KeyCode {
    public static let up = UInt16(KEY_UP)
    public static let down = UInt16(KEY_DOWN)
    public static let left = UInt16(KEY_LEFT)
    public static let right = UInt16(KEY_RIGHT)
    public static let pageUp = UInt16(KEY_PAGEUP)
    public static let pageDown = UInt16(KEY_PAGEDOWN)
    public static let enter = UInt16(KEY_ENTER)
    public static let n = UInt16(KEY_N)
    public static let touch = UInt16(BTN_TOUCH)
    public static let leftButton = UInt16(BTN_LEFT)
    /// The highest key code a device can report (KEY_MAX).
    public static let max = UInt16(KEY_MAX)
}

public enum InputProperty {
    public static let pointer = UInt16(INPUT_PROP_POINTER)
    public static let direct = UInt16(INPUT_PROP_DIRECT)
}

/// Key event values.
public enum KeyValue {
    public static let release: Int32 = 0
    public static let press: Int32 = 1
    public static let autoRepeat: Int32 = 2
}
