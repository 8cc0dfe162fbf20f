import GaugeDisplay

extension DisplayDevices {
    /// This machine's: the registered back-ends (DisplayBackends), the console on
    /// /dev/tty0 and the backlights under /sys/class/backlight. The command lines give
    /// these to the panel.
    public static let system = DisplayDevices(
        names: DisplayBackends.names,
        open: { (name, settings) throws(DisplayError) -> any Display in try DisplayBackends.open(name, settings) },
        consoleGraphics: { ConsoleGraphicsMode() },
        stepBacklight: { points in
            let backlights = Backlights()
            do throws(BacklightError) {
                let name = try backlights.device(nil)
                let now = try backlights.state(name)
                let percent = min(max(now.percent + points, 5), 100)
                try backlights.setBrightness(name, percent: percent)
                return .success((name, percent))
            } catch {
                return .failure(DeviceFailure("\(error)"))
            }
        },
        openBacklight: { device in BacklightControl.open(device) })
}
