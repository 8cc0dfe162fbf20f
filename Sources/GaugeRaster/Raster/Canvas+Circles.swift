// Each public primitive is never inlined into its callers: its walks are specialised
// here, once, rather than in every file that draws (a widget, the test card), and the
// primitives' files are compiled side by side. A call per primitive costs nothing a
// frame can measure.

/// Discs, rings and arcs (anti-aliased; sizes clamped to ±`Fixed.limit`, zero or
/// negative ones draw nothing).
extension Canvas {
    /// A filled circle.
    @inline(never)
    public func fillDisc(centre: Point, radius: Fixed, paint: Paint) {
        draw(DiscShape(centre: centre, radius: radius), paint: paint)
    }

    /// A full ring between `radius` (outer edge) and `radius − thickness`.
    @inline(never)
    public func strokeRing(centre: Point, radius: Fixed, thickness: Fixed, paint: Paint) {
        guard thickness.raw > 0 else { return }
        draw(RingShape(centre: centre, outer: radius, inner: radius - thickness), paint: paint)
    }

    /// An annular arc: outer edge at `radius`, `thickness` inwards, from `start` sweeping
    /// `sweep` (clockwise when positive; a sweep of a full turn or more is the whole ring).
    @inline(never)
    public func strokeArc(
        centre: Point, radius: Fixed, thickness: Fixed, start: Angle, sweep: Angle,
        cap: LineCap = .butt, paint: Paint
    ) {
        guard thickness.raw > 0, radius.raw > 0 else { return }
        let t = Fixed(raw: Swift.min(thickness.raw, radius.raw))
        let ring = RingShape(centre: centre, outer: radius, inner: radius - t)
        let magnitude = sweep.raw.magnitude
        if magnitude >= UInt32(Angle.unitsPerTurn) {
            draw(ring, paint: paint)
            return
        }
        // Round caps: discs of half the thickness on the arc's mid-line at both ends.
        let capRadius = t.halved
        let mid = radius - capRadius
        let capA = RingShape(centre: Point(centre: centre, radius: mid, angle: start), outer: capRadius, inner: .zero)
        let capB = RingShape(centre: Point(centre: centre, radius: mid, angle: start + sweep), outer: capRadius, inner: .zero)
        if magnitude == 0 {
            if cap == .round { draw(capA, paint: paint) }
            return
        }
        let arc = ArcShape(ring, WedgeShape(centre: centre, start: start, sweep: sweep, bounds: ring.bounds))
        switch cap {
        case .butt: draw(arc, paint: paint)
        case .round: draw(Union(arc, Union(capA, capB)), paint: paint)
        }
    }
}
