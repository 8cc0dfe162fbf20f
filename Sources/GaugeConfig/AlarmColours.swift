import GaugeRaster
import GaugeWidgets

/// The colours of the alarm states: alert an informational blue, warn the theme's
/// amber (`hold`), alarm and emergency red.
public enum AlarmColours {
    public static let alert = Color(rgb: 0x3C9BE0)
    public static let critical = Color(rgb: 0xE04030)

    public static func colour(of state: AlarmState, theme: GaugeTheme) -> Color? {
        switch state {
        case .nominal, .normal: nil
        case .alert: alert
        case .warn: theme.hold
        case .alarm, .emergency: critical
        }
    }

    /// Text on a state's colour: dark on blue and amber, white on red.
    public static func text(on state: AlarmState) -> Color { state >= .alarm ? Color(rgb: 0xFFFFFF) : Color(rgb: 0x101010) }
}
