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
    /// Set the trip counters back to 0.
    case resetTrip
    /// Mark the log (a row with the marker column set).
    case logMarker
    /// Stop the blinking of the alarms active now (until a value leaves its alarm band
    /// and enters it again).
    case acknowledgeAlarms
}
