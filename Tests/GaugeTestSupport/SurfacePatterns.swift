import GaugeRaster

/// Fills `surface` with a pattern that differs at every pixel (and per frame `seed`).
public func fillPattern(_ surface: Surface, seed: UInt32) {
    for y in 0..<surface.height {
        for x in 0..<surface.width {
            let v = (UInt32(x) &* 2654435761) ^ (UInt32(y) &* 40503) ^ seed
            let p = surface.row(y) + Int(x) * Int(surface.format.bytesPerPixel)
            if surface.format.bytesPerPixel == 4 {
                p.storeBytes(of: v | 0xFF00_0000, as: UInt32.self)
            } else {
                p.storeBytes(of: UInt16(truncatingIfNeeded: v), as: UInt16.self)
            }
        }
    }
}

/// Raw bytes of a pixel in memory laid out with `stride`.
public func pixelBytes(_ base: UnsafeMutableRawPointer, stride: Int, bpp: Int, x: Int, y: Int) -> [UInt8] {
    let p = (base + y * stride + x * bpp).assumingMemoryBound(to: UInt8.self)
    return (0..<bpp).map { p[$0] }
}
