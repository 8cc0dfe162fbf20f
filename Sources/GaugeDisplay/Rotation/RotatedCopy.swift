import GaugeRaster

/// Copies damaged logical rectangles from the shadow surface into physical scan-out
/// memory, turning them by the rotation. Walks the destination row by row so the
/// write-combined framebuffer sees sequential stores; only the shadow is read.
public enum RotatedCopy {
    /// Copies logical `rect` of `shadow` (logical size) into `target` (physical size,
    /// same format). Does nothing when sizes or formats don't match the rotation.
    public static func copy(_ rect: IntRect, from shadow: Surface, to target: Surface, rotation: DisplayRotation) {
        guard shadow.format == target.format,
              shadow.width == rotation.logicalWidth, shadow.height == rotation.logicalHeight,
              target.width == rotation.physicalWidth, target.height == rotation.physicalHeight else { return }
        let l = rect.intersection(shadow.bounds)
        guard !l.isEmpty else { return }
        if rotation.angle == .none { target.copyPixels(from: shadow, in: l); return }
        switch shadow.format.bytesPerPixel {
        case 4: turn(UInt32.self, l, shadow, target, rotation)
        case 2: turn(UInt16.self, l, shadow, target, rotation)
        default: break
        }
    }

    /// Copies the pixels of a logical region (a slanted rectangle row by row).
    public static func copy(_ region: Region, from shadow: Surface, to target: Surface, rotation: DisplayRotation) {
        region.forEachRectangle { r in copy(r, from: shadow, to: target, rotation: rotation) }
    }

    /// One loop for every angle: for each destination row, the source pixel of its first
    /// pixel and the source step per destination pixel (a column walk for 90/270).
    @inline(__always)
    private static func turn<P: FixedWidthInteger>(_: P.Type, _ l: IntRect, _ shadow: Surface, _ target: Surface, _ rotation: DisplayRotation) {
        let p = rotation.physical(l)
        let size = MemoryLayout<P>.size
        let stride = Int(shadow.stride)
        // Logical step when physical x grows by one.
        let (sx, sy): (Int, Int) = switch rotation.angle {
        case .none: (1, 0)
        case .quarter: (0, -1)
        case .half: (-1, 0)
        case .threeQuarters: (0, 1)
        }
        let step = sx * size + sy * stride
        let count = Int(p.width)
        for py in p.y0..<p.y1 {
            let start = rotation.logical(x: p.x0, y: py)
            var src = UnsafeRawPointer(shadow.baseAddress + Int(start.y) * stride + Int(start.x) * size)
            let dst = (target.row(py) + Int(p.x0) * size).assumingMemoryBound(to: P.self)
            for i in 0..<count {
                dst[i] = src.loadUnaligned(as: P.self)
                src += step
            }
        }
    }
}
