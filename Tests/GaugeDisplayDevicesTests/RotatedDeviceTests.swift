import GaugeDisplay
import GaugeDisplayDevices
import GaugeRaster
import GaugeTestSupport
import Testing

@Suite struct RotatedFbdevTests {
    @Test func rotatedFbdevCopiesOnlyDamageTurned() throws {
        let info = FramebufferInfo.xrgb(width: 16, height: 10, padding: 32)
        let sys = MockSystem()
        sys.framebuffers["/dev/fb0"] = info
        let d = try FbdevDisplay(path: "/dev/fb0", rotation: .threeQuarters, system: sys)
        #expect(d.width == 10 && d.height == 16)
        let memory = sys.maps[0].pointer
        fillPattern(d.surface, seed: 3)
        try d.present(damage: Region())  // first frame: everything
        #expect(d.pixelsCopied == 160)
        let before = try Surface(width: 10, height: 16, format: .xrgb8888)
        fillPattern(before, seed: 3)
        fillPattern(d.surface, seed: 8)
        let damage = IntRect(x: 2, y: 5, width: 3, height: 4)
        try d.present(damage: Region(damage))
        for y in Int32(0)..<16 {
            for x in Int32(0)..<10 {
                let p = d.rotation.physical(x: x, y: y)
                let got = pixelBytes(memory, stride: info.lineLength, bpp: 4, x: Int(p.x), y: Int(p.y))
                let now = pixelBytes(d.surface.baseAddress, stride: Int(d.surface.stride), bpp: 4, x: Int(x), y: Int(y))
                let old = pixelBytes(before.baseAddress, stride: Int(before.stride), bpp: 4, x: Int(x), y: Int(y))
                #expect(got == (damage.contains(x: x, y: y) ? now : old))
            }
        }
        #expect(d.pixelsCopied == 160 + 12)
    }
}

@Suite struct RotatedDRMTests {
    @Test func logicalSurfaceIsTurnedAndDirtyClipsArePhysical() throws {
        let sys = MockSystem()
        sys.cards["/dev/dri/card0"] = DRMCard(
            driver: "mock",
            connectors: [
                DRMConnector(id: 9, name: "Virtual-1", connected: true, modes: [DRMMode(width: 64, height: 40, preferred: true)], crtcs: [31])
            ], supportsDumbBuffers: true)
        let d = try DRMDisplay(path: "/dev/dri/card0", rotation: .quarter, system: sys)
        #expect(d.width == 40 && d.height == 64 && d.mode.name == "64x40")
        fillPattern(d.surface, seed: 4)
        try d.present(damage: Region(d.surface.bounds))
        let memory = sys.mappings[2 << 12]!, pitch = 64 * 4 + 64  // buffer 1 (handle 2)
        for y in Int32(0)..<64 {
            for x in Int32(0)..<40 {
                let p = d.rotation.physical(x: x, y: y)
                #expect(
                    pixelBytes(memory, stride: pitch, bpp: 4, x: Int(p.x), y: Int(p.y))
                        == pixelBytes(d.surface.baseAddress, stride: Int(d.surface.stride), bpp: 4, x: Int(x), y: Int(y)))
            }
        }
        try d.finish()
        let logical = IntRect(x: 3, y: 10, width: 5, height: 2)
        try d.present(damage: Region(logical))  // buffer 0 missed frame 1: everything
        #expect(sys.dirtyClips.last == DRMSelection.clips(Region(IntRect(x: 0, y: 0, width: 64, height: 40))))
        try d.finish()
        let next = IntRect(x: 30, y: 50, width: 10, height: 14)  // touches the logical corner
        try d.present(damage: Region(next))  // buffer 1: frames 2 and 3, in scan-out coordinates
        #expect(sys.dirtyClips.last == DRMSelection.clips(Region([d.rotation.physical(logical), d.rotation.physical(next)])))
        #expect(d.rotation.physical(next) == IntRect(x0: 0, y0: 30, x1: 14, y1: 40))
        d.close()
    }
}
