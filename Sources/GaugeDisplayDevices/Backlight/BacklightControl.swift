import GaugeDisplay
import GaugeSystem

/// A backlight driven by the panel's `[backlight]`: levels in percent, and off by
/// bl_power where the driver has it, else by brightness 0 (the level before is kept to
/// come back to).
public final class BacklightControl: BacklightOutput {
    public let name: String
    private let backlights: Backlights
    /// The raw brightness before going off by brightness 0.
    private var savedBrightness: Int?
    private var target: Int?

    init(_ backlights: Backlights, name: String) {
        self.backlights = backlights
        self.name = name
    }

    /// `device`: nil (the first under /sys/class/backlight), a name there, or an absolute
    /// path to a backlight's directory.
    public static func open(_ device: String?, system: any PanelSystem = LinuxSystem.standard) -> Result<any BacklightOutput, DeviceFailure> {
        var backlights = Backlights(system: system)
        var name = device
        if let d = device, d.hasPrefix("/") {
            let parts = d.split(separator: "/", omittingEmptySubsequences: true)
            guard let last = parts.last else { return .failure(DeviceFailure("\(d): not a backlight directory")) }
            backlights = Backlights(root: "/" + parts.dropLast().joined(separator: "/"), system: system)
            name = String(last)
        }
        do throws(BacklightError) {
            let found = try backlights.device(name)
            _ = try backlights.state(found)  // readable now, not at the first change
            return .success(BacklightControl(backlights, name: found))
        } catch {
            return .failure(DeviceFailure("\(error)"))
        }
    }

    public func apply(percent: Int?, on: Bool) -> DeviceFailure? {
        do throws(BacklightError) {
            if let p = percent { target = min(max(p, 0), 100) }
            let hasPower = (try backlights.state(name)).poweredOn != nil
            if on {
                if hasPower { try backlights.setPower(name, on: true) }
                if let t = target {
                    try backlights.setBrightness(name, percent: t)
                } else if let saved = savedBrightness {
                    try backlights.setBrightness(name, to: saved)
                }
                savedBrightness = nil
            } else if hasPower {
                try backlights.setPower(name, on: false)
            } else {
                if savedBrightness == nil { savedBrightness = try backlights.state(name).brightness }
                try backlights.setBrightness(name, to: 0)
            }
            return nil
        } catch {
            return DeviceFailure("\(error)")
        }
    }
}
