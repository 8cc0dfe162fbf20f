import ArgumentParser
import GaugeDisplay
import GaugeDisplayDevices
import GaugeImages

/// `gaugepanel backlight`: lists backlights, or sets one and prints its state.
struct BacklightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backlight",
        abstract: "Show or set the panel backlight (/sys/class/backlight).",
        discussion: """
            Without an action, prints every backlight (or --device). --set takes a \
            percentage 0…100 ('50' or '50%'); --off and --on switch bl_power and keep the \
            brightness. Writing needs root, or a udev rule giving group video write access.
            """
    )

    @Option(help: "Backlight name (default: the first one).")
    var device: String?

    @Option(help: "Brightness in percent, 0…100.")
    var set: String?

    @Flag(help: "Switch the backlight off (bl_power).")
    var off = false

    @Flag(help: "Switch the backlight on (bl_power).")
    var on = false

    @Option(help: ArgumentHelp("The sysfs class directory (for tests).", visibility: .hidden))
    var root: String = "/sys/class/backlight"

    func run() throws {
        let b = Backlights(root: root)
        guard [set != nil, off, on].filter({ $0 }).count <= 1 else { throw fail("use only one of --set, --off, --on") }
        do {
            if set == nil && !off && !on && device == nil {
                let names = b.names()
                guard !names.isEmpty else { throw BacklightError.noBacklight(root: root) }
                for n in names { print(try b.state(n).summary) }
                return
            }
            let name = try b.device(device)
            if let set {
                let digits = set.hasSuffix("%") ? String(set.dropLast()) : set
                guard let percent = Int(digits) else { throw fail("bad --set '\(set)'; use a percentage 0…100") }
                try b.setBrightness(name, percent: percent)
            }
            if off || on { try b.setPower(name, on: on) }
            print(try b.state(name).summary)
        } catch let error as BacklightError {
            throw fail(error.description)
        }
    }
}
