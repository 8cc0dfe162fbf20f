import GaugeDisplay
import GaugeDisplayDevices
import GaugeSystem

/// Opening the display at boot, when its driver may not have loaded yet: Touch Display 2
/// can take up to a minute to appear, and panel-mipi-dbi waits up to 60 s for its
/// firmware file. A display that *may still appear* (no device, no connected output, no
/// such connector yet) is tried again every quarter second until `seconds` have passed —
/// said once in the log and in systemd's STATUS= — instead of exiting at once and
/// running into the unit's start limit. Other errors (permissions, a mode the panel
/// lacks) fail at once.
struct DisplayWait {
    /// The wait when neither the board (`[display] wait`) nor `--wait-for-display` says:
    /// two minutes as a service (systemd's NOTIFY_SOCKET is set), none at a terminal.
    static func defaultSeconds(environment: [String: String]) -> Double {
        environment["NOTIFY_SOCKET"] != nil ? 120 : 0
    }

    static let retryNanoseconds: UInt64 = 250_000_000

    /// Whether waiting can help: the device or output is simply not there (yet).
    static func mayAppear(_ error: DisplayError) -> Bool {
        switch error {
        case .noDevice, .noDisplayFound, .noConnectedOutput, .noSuchConnector: true
        default: false
        }
    }

    /// `open()` until it succeeds, fails for good, or `seconds` pass; `waiting(error)` is
    /// called once, when the wait starts.
    static func open(waiting seconds: Double, _ open: () throws(DisplayError) -> any Display,
                     waiting: (DisplayError) -> Void) throws(DisplayError) -> any Display {
        let start = monotonicSeconds()
        var said = false
        while true {
            do { return try open() } catch {
                guard mayAppear(error), seconds > 0, monotonicSeconds() - start < seconds else { throw error }
                if !said { waiting(error); said = true }
            }
            SystemCall.sleep(nanoseconds: retryNanoseconds)
        }
    }

    static func monotonicSeconds() -> Double {
        let t = SystemCall.monotonicNanoseconds()
        return Double(t / 1_000_000_000) + Double(t % 1_000_000_000) / 1e9
    }
}
