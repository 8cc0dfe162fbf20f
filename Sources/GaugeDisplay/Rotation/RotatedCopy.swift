import GaugeRaster

/// Copies damaged logical rectangles from the shadow surface into physical scan-out
/// memory, turning them by the rotation and, when the scan-out format differs from the
/// shadow's, converting each pixel on the way (`ScanoutConversion`) in the same pass.
/// Walks the destination row by row so the write-combined framebuffer sees sequential
/// stores; only the shadow is read.
public enum RotatedCopy {
    /// Copies logical `rect` of `shadow` (logical size) into `target` (physical size, the
    /// shadow's format or one `ScanoutConversion` converts to). Does nothing when sizes
    /// don't match the rotation or the formats don't convert.
    public static func copy(_ rect: IntRect, from shadow: Surface, to target: Surface, rotation: DisplayRotation) {
        guard shadow.width == rotation.logicalWidth, shadow.height == rotation.logicalHeight,
            target.width == rotation.physicalWidth, target.height == rotation.physicalHeight
        else { return }
        let l = rect.intersection(shadow.bounds)
        guard !l.isEmpty else { return }
        switch (shadow.format, target.format) {
        case (.rgb565, .xrgb8888) where rotation.angle == .none: turn(WidenRGB565(), l, shadow, target, rotation)
        case (.xrgb8888, .rgb565) where rotation.angle == .none: turn(PackRGB565(), l, shadow, target, rotation)
        case (.rgb565, .xrgb8888):
            ScanoutConversion.widenTable.withUnsafeBufferPointer { t in turn(WidenRGB565ByTable(table: t.baseAddress!), l, shadow, target, rotation) }
        case (.xrgb8888, .rgb565):
            ScanoutConversion.packTable.withUnsafeBufferPointer { t in turn(PackRGB565ByTable(table: t.baseAddress!), l, shadow, target, rotation) }
        case (let s, let t) where s == t:
            if rotation.angle == .none {
                target.copyPixels(from: shadow, in: l)
                return
            }
            switch s.bytesPerPixel {
            case 4: turn(Same32(), l, shadow, target, rotation)
            case 2: turn(Same16(), l, shadow, target, rotation)
            default: break
            }
        default: break
        }
    }

    /// Copies the pixels of a logical region (a slanted rectangle row by row,
    /// `Region.forEachRectangleToCopy`).
    public static func copy(_ region: Region, from shadow: Surface, to target: Surface, rotation: DisplayRotation) {
        region.forEachRectangleToCopy { r in copy(r, from: shadow, to: target, rotation: rotation) }
    }

    /// One loop for every angle: for each destination row, the source pixel of its first
    /// pixel and the source step per destination pixel (a column walk for 90/270).
    @inline(__always)
    private static func turn<C: PixelConversion>(_ c: C, _ l: IntRect, _ shadow: Surface, _ target: Surface, _ rotation: DisplayRotation) {
        let p = rotation.physical(l)
        let size = MemoryLayout<C.Source>.size
        let stride = Int(shadow.stride)
        let count = Int(p.width)
        if rotation.angle == .none {
            // Upright: a straight row, which the compiler can vectorise.
            for y in p.y0..<p.y1 {
                let src = (shadow.row(y) + Int(p.x0) * size).assumingMemoryBound(to: C.Source.self)
                let dst = (target.row(y) + Int(p.x0) * MemoryLayout<C.Target>.size).assumingMemoryBound(to: C.Target.self)
                for i in 0..<count { dst[i] = c.convert(src[i]) }
            }
            return
        }
        // Logical step when physical x grows by one.
        let (sx, sy): (Int, Int) =
            switch rotation.angle {
            case .none: (1, 0)
            case .quarter: (0, -1)
            case .half: (-1, 0)
            case .threeQuarters: (0, 1)
            }
        let step = sx * size + sy * stride
        for py in p.y0..<p.y1 {
            let start = rotation.logical(x: p.x0, y: py)
            var src = UnsafeRawPointer(shadow.baseAddress + Int(start.y) * stride + Int(start.x) * size)
            let dst = (target.row(py) + Int(p.x0) * MemoryLayout<C.Target>.size).assumingMemoryBound(to: C.Target.self)
            for i in 0..<count {
                dst[i] = c.convert(src.loadUnaligned(as: C.Source.self))
                src += step
            }
        }
    }
}
