import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A named set of widgets shown together.
public struct DashboardPage: Sendable {
    public var name: String
    public var widgets: [DashboardWidget]
    public init(name: String, widgets: [DashboardWidget]) {
        self.name = name
        self.widgets = widgets
    }
}

/// What a panel shows: its size, a background, pages of widgets, the page on screen.
///
/// A value: the run loop keeps the dashboard last drawn and the current one, and
/// `damage(from:)` says which pixels differ, so only those are redrawn and sent.
public struct Dashboard: Sendable {
    public var width: Int32
    public var height: Int32
    public var background: Color
    public var pages: [DashboardPage]
    /// Index into `pages` (kept in range by `show(page:)`).
    public private(set) var currentPage: Int32 = 0
    /// Widgets drawn over every page, after its own (an alarm banner); usually none.
    public var overlay: [DashboardWidget] = []

    public init(width: Int32, height: Int32, background: Color = GaugeTheme.dark.background, pages: [DashboardPage]) {
        self.width = width
        self.height = height
        self.background = background
        self.pages = pages
    }

    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// The widgets of the page on screen.
    public var pageWidgets: [DashboardWidget] {
        pages.isEmpty ? [] : pages[Int(currentPage)].widgets
    }

    /// The widgets on screen, in drawing order: the page's, then the overlay.
    public var visibleWidgets: [DashboardWidget] {
        overlay.isEmpty ? pageWidgets : pageWidgets + overlay
    }

    /// Shows page `index`, wrapping around both ways (a swipe past the last page returns
    /// to the first).
    public mutating func show(page index: Int32) {
        let n = Int32(truncatingIfNeeded: pages.count)
        guard n > 0 else { return }
        currentPage = ((index % n) + n) % n
    }

    /// The first page with a widget fed by `channel` (an alarm switches to it).
    public func page(showing channel: String) -> Int32? {
        for (i, p) in pages.enumerated() where p.widgets.contains(where: { $0.channel == channel }) {
            return Int32(truncatingIfNeeded: i)
        }
        return nil
    }

    /// Sets the value of every widget fed by `channel`, on every page.
    public mutating func set(_ channel: String, to value: Double) {
        for p in pages.indices {
            for w in pages[p].widgets.indices where pages[p].widgets[w].channel == channel {
                pages[p].widgets[w].setValue(value)
            }
        }
    }

    /// The channels any widget shows, each once, in page order.
    public var channels: [String] {
        var seen: [String] = []
        for p in pages {
            for w in p.widgets {
                if let c = w.channel, !seen.contains(c) { seen.append(c) }
                // A chart's further channels are shown too.
                if case .chart(let chart) = w.content { for s in chart.more where !seen.contains(s.channel) { seen.append(s.channel) } }
            }
        }
        return seen
    }

    /// Recolours everything for a theme (day/night).
    public mutating func apply(_ theme: GaugeTheme) {
        background = theme.background
        for p in pages.indices { for w in pages[p].widgets.indices { pages[p].widgets[w].apply(theme) } }
    }

    /// Draws the visible page in full.
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S) {
        canvas.clear(background)
        let widgets = visibleWidgets
        for i in widgets.indices {
            let frame = widgets[i].frame
            guard frame.intersects(canvas.clip) else { continue }
            widgets[i].draw(on: onClear(canvas, widget: i, frame: frame, of: widgets), fonts: fonts)
        }
    }

    /// The canvas a widget (`frame`: its frame) draws on right after the clear: it holds the
    /// background colour unless an earlier widget overlaps this one (then that widget's
    /// pixels may be there), so the widget need not fill its background again. Each frame
    /// is read once: reading one copies its widget.
    private func onClear(_ canvas: Canvas, widget i: Int, frame: IntRect, of widgets: [DashboardWidget]) -> Canvas {
        for j in 0..<i where widgets[j].frame.intersects(frame) { return canvas }
        return canvas.holding(background: background)
    }

    /// Redraws only `region`: its rectangles are cleared and every widget they touch is
    /// drawn once, writing only the region's pixels — byte-identical to a full draw inside
    /// the region (each pixel sees the same clear, then the same widgets in the same order).
    public func draw<S: FontSet>(_ region: Region, on canvas: Canvas, fonts: S) {
        // One masked canvas clears every rectangle (a canvas per rectangle copied the
        // region's 768 bytes each time).
        canvas.masked(to: region, within: canvas.clip).clear(background)
        let widgets = visibleWidgets
        let reach = region.bounds
        for i in widgets.indices {
            let frame = widgets[i].frame
            guard frame.intersects(reach) else { continue }
            // Each widget's shapes are set up once for all the rectangles it meets.
            let part = canvas.masked(to: region, within: frame)
            if !part.clip.isEmpty { widgets[i].draw(on: onClear(part, widget: i, frame: frame, of: widgets), fonts: fonts) }
        }
    }

    /// The pixels that differ between `old` drawn and `self` drawn: the union of what each
    /// widget damaged, or the whole screen when the page, size, background or layout changed.
    /// An overlay that comes or goes damages its frame (what was under it is drawn again).
    public func damage<S: FontSet>(from old: Dashboard, fonts: S) -> Region {
        var none: [WidgetScroll]? = nil
        return damage(from: old, fonts: fonts, scrolls: &none)
    }

    /// `damage(from:fonts:)` for a surface that moves pixels first: the scrolls to apply
    /// (in order) and what is left to draw after them. A widget scrolls only when no
    /// overlay, before or after, covers it (an overlay's pixels would move with it).
    public func scrollingDamage<S: FontSet>(from old: Dashboard, fonts: S) -> (scrolls: [WidgetScroll], damage: Region) {
        var scrolls: [WidgetScroll]? = []
        let region = damage(from: old, fonts: fonts, scrolls: &scrolls)
        return (scrolls ?? [], region)
    }

    /// The damage, each widget that can scrolling instead when `scrolls` is not nil (the
    /// scrolls joined to it).
    private func damage<S: FontSet>(from old: Dashboard, fonts: S, scrolls: inout [WidgetScroll]?) -> Region {
        guard old.width == width, old.height == height, old.background == background,
            old.currentPage == currentPage, old.pages.count == pages.count
        else { return Region(bounds) }
        let before = old.pageWidgets, after = pageWidgets
        guard before.count == after.count else { return Region(bounds) }
        var region = Region()
        for i in after.indices {
            if scrolls != nil, let s = scrolled(after[i], from: before[i], overlays: old.overlay) {
                scrolls?.append(s.scroll)
                region.formUnion(s.damage)
            } else {
                after[i].formDamage(from: before[i], fonts: fonts, into: &region)
            }
        }
        if old.overlay.count == overlay.count {
            for i in overlay.indices { overlay[i].formDamage(from: old.overlay[i], fonts: fonts, into: &region) }
        } else {
            for w in old.overlay { region.formUnion(w.frame) }
            for w in overlay { region.formUnion(w.frame) }
        }
        region.formIntersection(bounds)
        return region
    }

    /// `widget`'s scroll from `old` when no overlay (this one's or `overlays`) covers it.
    private func scrolled(_ widget: DashboardWidget, from old: DashboardWidget, overlays: [DashboardWidget]) -> (
        scroll: WidgetScroll, damage: Region
    )? {
        let frame = widget.frame
        guard !overlay.contains(where: { $0.frame.intersects(frame) }), !overlays.contains(where: { $0.frame.intersects(frame) }) else {
            return nil
        }
        return widget.scrolled(from: old)
    }
}
