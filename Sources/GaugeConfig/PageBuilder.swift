import GaugeRaster
import GaugeWidgets

/// Builds one `[[page]]` and checks its layout: ids unique on the board, every widget
/// on screen, no two widgets overlapping (each draws its own background).
enum PageBuilder {
    /// `seenIds`: ids on earlier pages — ids are unique across the board, since `--page`,
    /// alarms and messages name widgets by id.
    static func build(
        _ r: TableReader, display: DisplayConfiguration, seenIds: inout Set<String>, controls: inout [ControlKeys]
    ) -> DashboardPage? {
        let name = r.name("name") ?? "page"
        var widgets: [DashboardWidget] = []
        var paths: [KeyPath] = []
        for w in r.tables("widget") {
            guard let widget = WidgetBuilder.build(w, controls: &controls) else { continue }
            if !seenIds.insert(widget.id).inserted { w.report("id", "duplicate id \"\(widget.id)\"") }
            widgets.append(widget)
            paths.append(w.path)
        }
        if r.value("widget") == nil { r.report(nil, "a page needs at least one [[page.widget]]") }
        r.finish()
        let screen = IntRect(x: 0, y: 0, width: display.width, height: display.height)
        let frames = widgets.map { $0.frame }
        let overlaps = OverlapIndex.earlierOverlaps(of: frames, screen: screen)
        for (i, f) in frames.enumerated() {
            if f.intersection(screen) != f {
                r.diagnostics.report(
                    paths[i].appending("frame"),
                    "expected inside the \(display.width)×\(display.height) display, got [\(f.x0), \(f.y0), \(f.width), \(f.height)] (reaching x \(f.x0)…\(f.x1), y \(f.y0)…\(f.y1))"
                )
            }
            for j in overlaps[i] {
                r.diagnostics.report(paths[i].appending("frame"), "overlaps widget \"\(widgets[j].id)\"; widgets on a page must not overlap")
            }
        }
        return DashboardPage(name: name, widgets: widgets)
    }
}
