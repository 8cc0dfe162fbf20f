import GaugeWidgets

/// Where each widget's keys are in the board's text, for tools that edit one key in place
/// (`gaugepanel preview` writes a moved widget's `frame` back on its own line).
extension BoardConfiguration {
    /// The 1-based line of `key` of the widget with id `id` in `source` — the text this
    /// board was loaded from — or nil when the widget or the key is not there.
    public func line(ofWidget id: String, key: String, in source: [UInt8]) -> Int? {
        for (p, page) in dashboard.pages.enumerated() {
            guard let w = page.widgets.firstIndex(where: { $0.id == id }) else { continue }
            let widget = KeyPath.root.appending("page").appending(index: p).appending("widget").appending(index: w)
            let locator = SourceLocator(source)
            // `line(of:)` falls back to the enclosing table: only the key's own line counts.
            guard let line = locator.line(of: widget.appending(key)), line != locator.line(of: widget) else { return nil }
            return line
        }
        return nil
    }
}
