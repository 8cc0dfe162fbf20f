import GaugeSystem
import GaugeDisplay
import GaugeDisplayDevices
import GaugeRaster
import Testing

/// Atomic page flips with FB_DAMAGE_CLIPS where the driver offers them; DirtyFB and
/// legacy flips otherwise, or once an atomic commit is refused.
@Suite struct AtomicDamageTests {
    let plane = DRMAtomicPlane(id: 40, fbProperty: 1, crtcProperty: 2, damageClipsProperty: 3)

    func system() -> MockSystem {
        let sys = MockSystem()
        sys.cards["/dev/dri/card0"] = DRMCard(
            driver: "mock",
            connectors: [
                DRMConnector(
                    id: 9, name: "Virtual-1", connected: true,
                    modes: [DRMMode(width: 64, height: 40, preferred: true), DRMMode(width: 32, height: 20)], crtcs: [31])
            ], supportsDumbBuffers: true)
        sys.atomicPlane = plane
        return sys
    }

    @Test func flipsAtomicallyWithTheCopiedRectanglesAsDamageClips() throws {
        let sys = system()
        let d = try DRMDisplay(path: "/dev/dri/card0", rotation: .half, system: sys)
        #expect(d.atomicPlane == plane && d.damageReporting == "FB_DAMAGE_CLIPS")
        try d.present(damage: Region(d.surface.bounds))
        try d.present(damage: Region(IntRect(x: 0, y: 0, width: 4, height: 2)))
        try d.present(damage: Region(IntRect(x: 10, y: 10, width: 5, height: 5)))
        #expect(
            sys.calls.filter { $0.hasPrefix("atomic") || $0.hasPrefix("flip") || $0.hasPrefix("dirty") }
                == ["atomic fb 102", "atomic fb 101", "atomic fb 102"])
        // Turned 180°: the logical (0,0)-(4,2) box is (60,38)-(64,40) on the panel.
        #expect(sys.atomicClips[2] == [IntRectClip(x1: 60, y1: 38, x2: 64, y2: 40), IntRectClip(x1: 49, y1: 25, x2: 54, y2: 30)])
        #expect(d.statistics.lastFrameClipRectangles == 2 && d.statistics.lastFrameClipPixels == 8 + 25)
        // A mode change is a SetCrtc; atomic flips follow.
        try d.setMode("32x20")
        try d.present(damage: Region(d.surface.bounds))
        try d.present(damage: Region(IntRect(x: 1, y: 1, width: 1, height: 1)))
        #expect(Array(sys.calls.filter { $0.hasPrefix("atomic") || $0.hasPrefix("setcrtc") }.suffix(2)) == ["setcrtc 31 fb 103", "atomic fb 104"])
    }

    @Test func aRefusedCommitFallsBackToDirtyFBAndLegacyFlips() throws {
        let sys = system()
        sys.atomicError = .invalidArgument
        let d = try DRMDisplay(path: "/dev/dri/card0", system: sys)
        try d.present(damage: Region(d.surface.bounds))
        #expect(d.atomicPlane == nil && d.damageReporting == "DirtyFB")
        #expect(sys.calls.filter { $0.hasPrefix("flip") || $0.hasPrefix("dirty") } == ["dirty fb 102", "flip fb 102"])
        #expect(sys.scanout == 102 && d.front == 1)
    }

    @Test func withoutAtomicItUsesDirtyFB() throws {
        let sys = system()
        let d = try DRMDisplay(path: "/dev/dri/card0", atomic: false, system: sys)
        try d.present(damage: Region(d.surface.bounds))
        #expect(d.atomicPlane == nil && sys.atomicClips.isEmpty && sys.dirtyClips.count == 1)
    }

    @Test func anAtomicCommitRefusedForWantOfMasterIsBusy() throws {
        let sys = system()
        let d = try DRMDisplay(path: "/dev/dri/card0", system: sys)
        sys.atomicError = .permissionDenied
        #expect(throws: DisplayError.busy(path: "/dev/dri/card0")) { try d.present(damage: Region(d.surface.bounds)) }
    }
}
