import GaugeSystem
import ArgumentParser
import GaugeDisplay
import GaugeDisplayDevices
import GaugeImages

/// `gaugepanel devices`: the DRM cards (connectors, modes) and framebuffer devices.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List DRM cards with their connectors and modes, and fbdev devices."
    )

    @Flag(help: "Only print whether the text console (/dev/tty0) is in text or graphics mode (KDGETMODE) and its keyboard mode (KDGKBMODE).")
    var console = false

    func run() throws {
        let system = LinuxDisplaySystemCalls.shared
        if console { return try describeConsole(system) }
        let cards = DRMSelection.cardPaths(in: (try? system.listDirectory("/dev/dri")) ?? [])
        let fbs = DRMSelection.framebufferPaths(in: (try? system.listDirectory("/dev")) ?? [])
        if cards.isEmpty && fbs.isEmpty { print("no DRM cards (/dev/dri/card*) and no framebuffers (/dev/fb*)") }
        for path in cards { describeCard(path, system) }
        for path in fbs { describeFramebuffer(path, system) }
    }

    private func describeConsole(_ system: LinuxDisplaySystemCalls) throws {
        let fd: Int32
        do { fd = try system.open("/dev/tty0", readWrite: false, nonBlocking: false) } catch {
            throw fail("/dev/tty0: \(error.message); run as root or from a virtual terminal")
        }
        defer { system.close(fd) }
        do {
            let mode = try system.consoleIsGraphics(fd) ? "graphics" : "text"
            let keyboard = (try? system.consoleKeyboardMode(fd)).map(ConsoleGraphicsMode.keyboardModeName) ?? "unknown"
            print("console /dev/tty0: \(mode) mode, keyboard \(keyboard)")
        } catch {
            throw fail("/dev/tty0: KDGETMODE failed: \(error.message); not a virtual terminal")
        }
    }

    private func describeCard(_ path: String, _ system: LinuxDisplaySystemCalls) {
        let fd: Int32
        do { fd = try system.open(path, readWrite: true, nonBlocking: false) } catch {
            do { fd = try system.open(path, readWrite: false, nonBlocking: false) } catch {
                print("\(path): \(DisplayError.open(path: path, errno: error).description)")
                return
            }
        }
        defer { system.close(fd) }
        do {
            let card = try system.drmCard(fd)
            print("\(path): drm driver=\(card.driver) dumb-buffers=\(card.supportsDumbBuffers ? "yes" : "no")")
            if let planes = system.drmPlanes(fd) {
                // A primary plane's formats: what a board can be scanned out in (others are converted on copy).
                let list = planes.map { p in
                    "\(p.id) \(p.type)\(p.damageClips ? " damage-clips" : "")"
                        + (p.type == "primary" ? " (\(p.formats.map(DRMSelection.formatName).joined(separator: " ")))" : "")
                }
                print("  atomic planes: \(list.joined(separator: ", "))")
            } else {
                print("  atomic: not supported (DirtyFB and legacy page flips)")
            }
            for c in card.connectors {
                let modes = c.modes.map { "\($0.name)@\($0.refresh)\($0.preferred ? "*" : "")" }.joined(separator: " ")
                let crtcs = c.crtcs.map(String.init).joined(separator: ",")
                print("  \(c.name) \(c.connected ? "connected" : "disconnected") crtcs=\(crtcs)\(modes.isEmpty ? "" : " modes: " + modes)")
            }
        } catch {
            print("\(path): not a KMS device (\(error.message))")
        }
    }

    private func describeFramebuffer(_ path: String, _ system: LinuxDisplaySystemCalls) {
        let fd: Int32
        do { fd = try system.open(path, readWrite: false, nonBlocking: false) } catch {
            print("\(path): \(DisplayError.open(path: path, errno: error).description)")
            return
        }
        defer { system.close(fd) }
        do {
            let i = try system.framebufferInfo(fd)
            let f = FramebufferFormat.select(i).map { $0.lowercaseName } ?? "unsupported"
            print("\(path): fbdev id=\(i.id) \(i.width)x\(i.height) bpp=\(i.bitsPerPixel) line=\(i.lineLength) memory=\(i.memoryLength) format=\(f)")
        } catch {
            print("\(path): FBIOGET_VSCREENINFO failed (\(error.message))")
        }
    }
}
