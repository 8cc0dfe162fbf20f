import GaugeSystem

/// Opening the display at boot, when its driver may not have loaded yet: Touch Display 2
/// can take up to a minute to appear, and panel-mipi-dbi waits up to 60 s for its
/// firmware file. A display that *may still appear* (no device, no connected output, no
/// such connector yet) is tried again every quarter second until `seconds` have passed —
/// said once in the log and in systemd's STATUS= — instead of exiting at once and
/// running into the unit's start limit. Other errors (a mode the panel lacks) fail at once.
///
/// Permissions are the exception that proves the rule: a device node that has just
/// appeared is root's (devtmpfs makes it 0600) until udev gives it to group video a
/// moment later, so "permission denied" right after a missing device is retried for
/// `permissionGraceSeconds`; denied from the first try, it is the user's groups, and fails.
public struct DisplayWait {
    /// The wait when neither the board (`[display] wait`) nor `--wait-for-display` says:
    /// two minutes as a service (systemd's NOTIFY_SOCKET is set), none at a terminal.
    public static func defaultSeconds(environment: [String: String]) -> Double {
        environment["NOTIFY_SOCKET"] != nil ? 120 : 0
    }

    static let retryNanoseconds: UInt64 = 250_000_000

    /// How long a device that appeared during the wait may stay root's before udev's
    /// rules reach it (milliseconds on a Pi 4; seconds on a Pi Zero busy booting).
    static let permissionGraceSeconds: Double = 10

    /// Whether waiting can help: the device or output is simply not there (yet).
    static func mayAppear(_ error: DisplayError) -> Bool { error.mayAppear }

    /// `open()` until it succeeds, fails for good, or `seconds` pass; `waiting(error)` is
    /// called once, when the wait starts. `system` gives the clock and the sleep.
    public static func open(
        waiting seconds: Double, _ open: () throws(DisplayError) -> any Display,
        waiting: (DisplayError) -> Void,
        system: any PanelSystem = LinuxSystem.standard
    ) throws(DisplayError) -> any Display {
        let start = monotonicSeconds(system)
        var said = false
        var deniedSince: Double?  // when a device that appeared during the wait was first root's
        while true {
            do { return try open() } catch {
                let now = monotonicSeconds(system)
                guard seconds > 0, now - start < seconds else { throw error }
                if case .permissionDenied = error {
                    guard said else { throw error }  // denied from the start: the user's groups
                    let since = deniedSince ?? now
                    guard now - since < permissionGraceSeconds else { throw error }
                    deniedSince = since
                } else {
                    guard mayAppear(error) else { throw error }
                    deniedSince = nil
                    if !said {
                        waiting(error)
                        said = true
                    }
                }
            }
            system.sleep(nanoseconds: retryNanoseconds)
        }
    }

    static func monotonicSeconds(_ system: any PanelSystem = LinuxSystem.standard) -> Double {
        let t = system.monotonicNanoseconds()
        return Double(t / 1_000_000_000) + Double(t % 1_000_000_000) / 1e9
    }
}
