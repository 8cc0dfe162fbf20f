import GaugeInput

extension InputDevices {
    /// This machine's: evdev nodes through libevdev, hot-plug through inotify, libevdev's
    /// key names. The command lines give these to the panel.
    public static let system = InputDevices(
        scanner: { directory in InputDeviceScanner(directory: directory) },
        keyCode: { name in KeyCode.named(name) })
}
