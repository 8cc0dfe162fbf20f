import GaugeDisplay

/// The options of `gaugepanel run`, declared once: the firmware's reader and the host's
/// RunCommand both read the command line by this table and print their help from it, so
/// the two accept the same options with the same messages. Adding an option is a line
/// here (and the field of `RunOptions` it sets). In the order help lists them.
extension RunOptions {
    /// `displays`: the display back-ends' names `--display` takes (the command line's
    /// `DisplayDevices.names`: the panel's modules do not link the devices).
    public static func table(displays: [String]) -> [RunOption] {
        [
            .text("board", "FILE", required: true, help: "The board file (TOML): display, sensors, input and dashboard.") { o, v in
                o.boardPath = v
            },
            .text(
                "display", displays.joined(separator: "|"),
                help: "Override the board's display: \(inWords(displays))."
            ) { o, v throws(CommandFailure) in
                guard displays.contains(v) else {
                    throw CommandFailure(DisplayError.unknownBackend(name: v, known: displays).description)
                }
                o.display = v
            },
            displaySetting(.device, "PATH", help: "Override the board's display device (/dev/dri/cardN, /dev/fbN)."),
            .number(
                "wait-for-display", "S",
                help: "Seconds to wait for a display that is not there yet (default: [display] wait, else 120 as a systemd service, 0 at a terminal)."
            ) { o, w throws(CommandFailure) in
                guard w.isFinite, w >= 0, w <= 600 else { throw CommandFailure("--wait-for-display: expected 0…600 seconds, got \(w)") }
                o.waitForDisplaySeconds = w
            },
            .text("record", "FILE", help: "Record every sensor sample to this file (play it back with a kind = \"replay\" sensor).") { o, v in
                o.recordPath = v
            },
            displaySetting(.connector, "NAME", help: "Override the board's DRM connector (HDMI-A-1, DSI-1, …; gaugepanel devices lists them)."),
            displaySetting(.mode, "WxH[@Hz]", help: "Override the board's DRM mode, WxH or WxH@Hz."),
            .text("snapshot", "PNG", help: "Write a snapshot PNG here (periodically with --snapshot-interval, and on SIGUSR1).") { o, v in
                o.snapshotPath = v
            },
            seconds("snapshot-interval", help: "Seconds between snapshots.") { $0.snapshotInterval = $1 },
            seconds("duration", help: "Stop after this many seconds.") { $0.duration = $1 },
            .wholeNumber("frames", "N", help: "Stop after this many frames.") { o, n throws(CommandFailure) in
                guard n > 0 else { throw CommandFailure("--frames must be positive, got \(n)") }
                o.maxFrames = n
            },
            seconds("stats-interval", help: "Log a statistics line every this many seconds.") { $0.statsInterval = $1 },
            .text("input-directory", "DIR", help: "Where evdev input devices are found (default: /dev/input).") { o, v in
                o.inputDirectory = v
            },
            .text(
                "tap", "X,Y@S[;X,Y@S…]",
                help: "Tap the screen at board pixel X,Y S seconds after the start, as a touch screen would (headless tests)."
            ) { o, v throws(CommandFailure) in
                o.taps = try taps(v)
            },
            .flag("damage", negatable: true, help: "Redraw only what changed (the pixels are the same either way; default: on).") {
                $0.tracksDamage = $1
            },
            .flag("animation", negatable: true, help: "Ease needles like physical ones (default: on).") { $0.animates = $1 },
            .flag("unpaced", negatable: false, help: "Draw frames as fast as possible instead of at the display's refresh (benchmarks).") {
                $0.unpaced = $1
            },
            .flag("console-graphics", negatable: true, help: "Switch the text console to graphics mode while drawing (default: on).") {
                $0.consoleGraphics = $1
            },
        ]
    }

    /// `X,Y@S;X,Y@S…`: taps at pixels, seconds after the start.
    static func taps(_ text: String) throws(CommandFailure) -> [(x: Int32, y: Int32, seconds: Double)] {
        var out: [(x: Int32, y: Int32, seconds: Double)] = []
        for item in text.split(separator: ";") {
            let parts = item.split(separator: "@")
            let xy = parts.first?.split(separator: ",") ?? []
            guard parts.count == 2, xy.count == 2, let x = Int32(String(xy[0])), let y = Int32(String(xy[1])),
                let s = Double(String(parts[1])), s.isFinite, s >= 0, s <= 1e6, x >= 0, y >= 0
            else { throw CommandFailure("--tap: expected X,Y@SECONDS (several joined by ;), got \"\(item)\"") }
            out.append((x, y, s))
        }
        return out
    }

    /// "auto, drm, fbdev or offscreen".
    static func inWords(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// `--NAME S`: a positive number of seconds.
    static func seconds(_ name: String, help: String, _ set: @escaping @Sendable (inout RunOptions, Double) -> Void) -> RunOption {
        .number(name, "S", help: help) { o, v throws(CommandFailure) in
            guard v.isFinite && v > 0 else { throw CommandFailure("--\(name) must be a positive number of seconds, got \(v)") }
            set(&o, v)
        }
    }

    /// `--KEY TEXT`: overrides the board's `[display] KEY`; the back-end opened reads it if
    /// it declares the key.
    static func displaySetting(_ key: DisplayKey, _ placeholder: String, help: String) -> RunOption {
        .text(key.rawValue, placeholder, help: help) { o, v throws(CommandFailure) in
            var probe = DisplaySettings()
            guard probe.set(key, v) else { throw CommandFailure("--\(key.rawValue): '\(v)' is not a [display] \(key.rawValue) value") }
            o.displaySettings[key] = v
        }
    }
}
