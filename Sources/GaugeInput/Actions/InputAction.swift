import CEvdev

/// What the panel does in response to input. Boards name these by the words of
/// `[input] keys` (GaugeConfig's `InputConfiguration.Action`); no names are parsed here.
public enum InputAction: Hashable, Sendable {
    case nextPage
    case previousPage
    /// Brightness steps: +1 brighter, -1 dimmer.
    case brightness(Int)
    case toggleNight
    /// A tap at a logical panel pixel (buttons on the page decide what it means).
    case tap(x: Int32, y: Int32)
    /// Clear the gauges' peak-hold markers (min/max).
    case resetHold
    /// Stop the blinking of the alarms active now (until a value leaves its alarm band
    /// and enters it again).
    case acknowledgeAlarms
}

extension KeyCode {
    /// A key code from its kernel name ("KEY_F1", "BTN_0"), as gpio-keys device trees and
    /// the configuration spell them; nil for unknown names. A table lookup in libevdev.
    public static func named(_ name: String) -> UInt16? {
        let code = libevdev_event_code_from_name(UInt32(EV_KEY), name.uppercased())
        guard code >= 0, code <= Int32(KEY_MAX) else { return nil }
        return UInt16(code)
    }
}
