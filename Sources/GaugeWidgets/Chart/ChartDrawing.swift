import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// Where a chart's parts go: a strip for labels above and below the plot, the plot the
/// full width between them; columns spread evenly across it, newest at the right.
struct ChartLayout {
    let frame: IntRect
    let plot: IntRect
    /// Height of each label strip.
    let strip: Int32
    let columns: Int32
    let low: Double, high: Double

    init(_ chart: ChartWidget, labelSize: Int32) {
        frame = chart.frame
        // Room for a line of text whatever the font (ink reaches about 0.6 of the pixel
        // size either side of the cap height's middle); a chart too short for two of them
        // and a plot has no labels.
        let wanted = Swift.max(labelSize, 1) * 5 / 4 + 4
        strip = frame.height >= 2 * wanted + 8 ? wanted : 0
        plot = IntRect(x0: frame.x0, y0: frame.y0 + strip, x1: frame.x1, y1: frame.y1 - strip)
        columns = chart.history.shape.columns
        let range = chart.valueRange
        low = range.lowerBound
        high = range.upperBound
    }

    /// The centre of the column `age` back from the newest.
    func x(age: Int32) -> Fixed {
        let i = Int64(columns - 1 - Swift.min(Swift.max(age, 0), columns - 1))
        let span = Int64(Swift.max(plot.width - 1, 1)) * 256
        return Fixed(clampingRaw: Int64(plot.x0) * 256 + 128 + i * span / Int64(Swift.max(columns - 1, 1)))
    }

    /// Where `value` sits: the plot's bottom row at `low`, its top row at `high`; values
    /// beyond the range sit just outside it (clipped away).
    func y(_ value: Double) -> Fixed {
        let span = high - low
        var f = span > 0 ? (value - low) / span : 0.5
        f = f.isFinite ? Swift.min(Swift.max(f, -0.02), 1.02) : 0.5
        let bottom: Double = Double(plot.y1) * 256 - 128
        let rows: Double = Double(Swift.max(plot.height - 1, 1)) * 256
        let raw = bottom - f * rows  // within the plot's ±2 %: far inside Int32
        return Fixed(raw: Int32(raw >= 0 ? raw + 0.5 : raw - 0.5))
    }

    /// The ages of the columns a drawing clipped to `clip` can touch (each reaches its
    /// neighbours and `reach` pixels around), oldest first: a damage redraw walks only those.
    func ages(touching clip: IntRect, reach: Int32) -> (oldest: Int32, newest: Int32) {
        let span = Int64(Swift.max(plot.width - 1, 1)), steps = Int64(Swift.max(columns - 1, 1))
        let lo = (Int64(clip.x0) - Int64(reach) - Int64(plot.x0)) * steps / span - 2
        let hi = (Int64(clip.x1) + Int64(reach) - Int64(plot.x0)) * steps / span + 2
        let last = Int64(columns - 1)
        let first = Swift.min(Swift.max(lo, 0), last), end = Swift.min(Swift.max(hi, 0), last)
        return (Int32(last - first), Int32(last - end))
    }

    /// The middle of the label strip above (`top`) or below the plot.
    func stripCentre(top: Bool) -> Fixed {
        Fixed(raw: ((top ? frame.y0 : frame.y1 - strip) * 2 + strip) * 128)
    }
}

extension ChartWidget {
    public func draw<F: GlyphSource>(on canvas: Canvas, font: F, labelSize: Int32) {
        let canvas = canvas.clipped(to: frame)
        canvas.fillBackground(frame, color: background)
        let layout = ChartLayout(self, labelSize: labelSize)
        drawZonesAndGrid(on: canvas, layout)
        let plot = canvas.clipped(to: layout.plot)
        // The first channel over the others: every band, then every line (no array built).
        if style == .band {
            for s in more.reversed() { drawBands(s.history, s.color, on: plot, layout) }
            drawBands(history, lineColor, on: plot, layout)
        }
        for s in more.reversed() { drawLine(s.history, s.color, on: plot, layout) }
        drawLine(history, lineColor, on: plot, layout)
        // Labels live in the strips: a redraw inside the plot skips making their text.
        let clip = canvas.clip
        if layout.strip > 0 && (clip.y0 < layout.plot.y0 || clip.y1 > layout.plot.y1) { drawLabels(on: canvas, layout, font: font) }
    }

    private func drawZonesAndGrid(on canvas: Canvas, _ layout: ChartLayout) {
        let plot = layout.plot
        for z in zones where z.upper > layout.low && z.lower < layout.high {
            let top = layout.y(Swift.min(z.upper, layout.high)).raw >> 8
            let bottom = (layout.y(Swift.max(z.lower, layout.low)).raw >> 8) + 1
            canvas.fill(IntRect(x0: plot.x0, y0: top, x1: plot.x1, y1: bottom).intersection(plot), color: shade(z.color))
        }
        // Three rows, without an array to allocate each frame.
        func gridRow(_ y: Int32) { canvas.fill(IntRect(x0: plot.x0, y0: y, x1: plot.x1, y1: y + 1), color: gridColor) }
        gridRow(plot.y0)
        gridRow((plot.y0 + plot.y1) / 2)
        gridRow(plot.y1 - 1)
    }

    /// A zone's colour a quarter of the way from the background: opaque, so a worse zone
    /// drawn after a milder one over the same values replaces it.
    private func shade(_ c: Color) -> Color {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int32(a) * 3 + Int32(b) + 2) / 4) }
        return Color(r: mix(background.r, c.r), g: mix(background.g, c.g), b: mix(background.b, c.b))
    }

    /// Each column's span from its lowest to its highest reading, between the midpoints
    /// to its neighbours.
    private func drawBands(_ history: ChartHistory, _ color: Color, on canvas: Canvas, _ layout: ChartLayout) {
        let shade = color.withOpacity(96)
        let columns = history.shape.columns
        let range = layout.ages(touching: canvas.clip, reach: 2)
        for age in range.newest...range.oldest {
            let c = history[age: age]
            guard c.count > 0 else { continue }
            let x = layout.x(age: age).raw
            let left = age + 1 < columns ? (layout.x(age: age + 1).raw + x) >> 9 : layout.plot.x0
            let right = age > 0 ? (layout.x(age: age - 1).raw + x) >> 9 : layout.plot.x1
            let top = layout.y(Double(c.high)).raw >> 8, bottom = (layout.y(Double(c.low)).raw >> 8) + 1
            canvas.fill(IntRect(x0: left, y0: top, x1: Swift.max(right, left + 1), y1: bottom), color: shade)
        }
    }

    /// The means joined oldest to newest; a column without readings breaks the line, and
    /// a reading alone between gaps is a dot.
    private func drawLine(_ history: ChartHistory, _ color: Color, on canvas: Canvas, _ layout: ChartLayout) {
        let width = Fixed(lineWidth), paint = Paint.solid(color)
        var previous: Point?
        let range = layout.ages(touching: canvas.clip, reach: lineWidth + 2)
        var age = range.oldest
        while age >= range.newest {
            let c = history[age: age]
            if c.count > 0 {
                let p = Point(x: layout.x(age: age), y: layout.y(Double(c.mean)))
                let alone = previous == nil && (age == 0 || history[age: age - 1].count == 0)
                if let from = previous ?? (alone ? p : nil) {
                    canvas.strokeLine(from: from, to: p, width: width, cap: .round, paint: paint)
                }
                previous = p
            } else {
                previous = nil
            }
            age -= 1
        }
    }

    private func drawLabels<F: GlyphSource>(on canvas: Canvas, _ layout: ChartLayout, font: F) {
        let left = Fixed(frame.x0 + 2), right = Fixed(frame.x1 - 2)
        let top = layout.stripCentre(top: true), bottom = layout.stripCentre(top: false)
        let labels: [(String, Point, TextAlignment)] = [
            (format.string(for: layout.high), Point(x: left, y: top), .left),
            (title, Point(x: right, y: top), .right),
            (format.string(for: layout.low), Point(x: left, y: bottom), .left),
            (windowLabel, Point(x: right, y: bottom), .right),
        ]
        for (text, at, alignment) in labels {
            CentredText(centre: at, font: font).draw(text, on: canvas, font: font, color: labelColor, alignment: alignment)
        }
    }
}
