import Testing
@testable import GaugeDisplay
import GaugeDisplayDevices

/// A display that appears late (a driver loading at boot) is waited for, boundedly;
/// errors that waiting cannot fix fail at once.
@Suite struct DisplayWaitTests {
    @Test func aLateDisplayIsWaitedFor() throws {
        var tries = 0, said: [DisplayError] = []
        let d = try DisplayWait.open(
            waiting: 5,
            { () throws(DisplayError) -> any Display in
                tries += 1
                if tries < 3 { throw .noDevice(path: "/dev/dri/card*") }
                do { return try OffscreenDisplay(width: 16, height: 16, format: .xrgb8888) } catch { throw .unsupportedLayout(path: "x", detail: "") }
            }, waiting: { said.append($0) })
        #expect(tries == 3 && d.width == 16)
        #expect(said == [.noDevice(path: "/dev/dri/card*")])  // said once, not per try
    }

    @Test func theWaitIsBoundedAndOnlyForWhatMayAppear() {
        let start = DisplayWait.monotonicSeconds()
        #expect(throws: DisplayError(DRMError.noConnectedOutput(path: "/dev/dri/card0"))) {
            _ = try DisplayWait.open(
                waiting: 0.6, { () throws(DisplayError) -> any Display in throw DisplayError(DRMError.noConnectedOutput(path: "/dev/dri/card0")) },
                waiting: { _ in })
        }
        let waited = DisplayWait.monotonicSeconds() - start
        #expect(waited >= 0.6 && waited < 2)
        var tries = 0
        #expect(throws: DisplayError.permissionDenied(path: "/dev/dri/card0")) {
            _ = try DisplayWait.open(
                waiting: 5,
                { () throws(DisplayError) -> any Display in
                    tries += 1
                    throw .permissionDenied(path: "/dev/dri/card0")
                },
                waiting: { _ in })
        }
        #expect(tries == 1)  // waiting cannot fix a permission
        #expect(DisplayWait.defaultSeconds(environment: ["NOTIFY_SOCKET": "/run/systemd/notify"]) == 120)
        #expect(DisplayWait.defaultSeconds(environment: [:]) == 0)
    }

    /// udev's race: the node appears as root's 0600 and becomes group video's a moment
    /// later — retried, boundedly; a node that stays root's fails after the grace.
    @Test func aDeviceStillRootsJustAfterItAppearedIsRetried() throws {
        var tries = 0
        let d = try DisplayWait.open(
            waiting: 30,
            { () throws(DisplayError) -> any Display in
                tries += 1
                switch tries {
                case 1: throw .noDevice(path: "/dev/dri/card0")
                case 2, 3: throw .permissionDenied(path: "/dev/dri/card0")
                default:
                    do { return try OffscreenDisplay(width: 8, height: 8, format: .xrgb8888) } catch {
                        throw .unsupportedLayout(path: "x", detail: "")
                    }
                }
            }, waiting: { _ in })
        #expect(tries == 4 && d.width == 8)
        // Past the grace (or the wait itself), the permission error stands.
        var denied = 0
        let start = DisplayWait.monotonicSeconds()
        #expect(throws: DisplayError.permissionDenied(path: "/dev/fb0")) {
            _ = try DisplayWait.open(
                waiting: 0.8,
                { () throws(DisplayError) -> any Display in
                    denied += 1
                    if denied == 1 { throw .noDevice(path: "/dev/fb0") }
                    throw .permissionDenied(path: "/dev/fb0")
                }, waiting: { _ in })
        }
        #expect(denied > 2 && DisplayWait.monotonicSeconds() - start < 3)
    }
}
