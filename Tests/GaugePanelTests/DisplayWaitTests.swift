import Testing
import GaugeConfig
import GaugeDisplay
@testable import GaugePanel

/// A display that appears late (a driver loading at boot) is waited for, boundedly;
/// errors that waiting cannot fix fail at once.
@Suite struct DisplayWaitTests {
    @Test func aLateDisplayIsWaitedFor() throws {
        var tries = 0, said: [DisplayError] = []
        let d = try DisplayWait.open(waiting: 5, { () throws(DisplayError) -> any Display in
            tries += 1
            if tries < 3 { throw .noDevice(path: "/dev/dri/card*") }
            do { return try OffscreenDisplay(width: 16, height: 16, format: .xrgb8888) } catch { throw .unsupportedLayout(path: "x", detail: "") }
        }, waiting: { said.append($0) })
        #expect(tries == 3 && d.width == 16)
        #expect(said == [.noDevice(path: "/dev/dri/card*")])   // said once, not per try
    }

    @Test func theWaitIsBoundedAndOnlyForWhatMayAppear() {
        let start = DisplayWait.monotonicSeconds()
        #expect(throws: DisplayError.noConnectedOutput(path: "/dev/dri/card0")) {
            _ = try DisplayWait.open(waiting: 0.6, { () throws(DisplayError) -> any Display in throw .noConnectedOutput(path: "/dev/dri/card0") },
                                     waiting: { _ in })
        }
        let waited = DisplayWait.monotonicSeconds() - start
        #expect(waited >= 0.6 && waited < 2)
        var tries = 0
        #expect(throws: DisplayError.permissionDenied(path: "/dev/dri/card0")) {
            _ = try DisplayWait.open(waiting: 5, { () throws(DisplayError) -> any Display in tries += 1; throw .permissionDenied(path: "/dev/dri/card0") },
                                     waiting: { _ in })
        }
        #expect(tries == 1)   // waiting cannot fix a permission
        #expect(DisplayWait.defaultSeconds(environment: ["NOTIFY_SOCKET": "/run/systemd/notify"]) == 120)
        #expect(DisplayWait.defaultSeconds(environment: [:]) == 0)
    }
}
