// The chart's workloads: a 400 × 150 line chart of a 30-minute window (400 columns of
// 4.5 s, every one holding readings) on the 800 × 480 surface, drawn once; then
//   chartsample  a reading lands in the newest column: damage computed, only it redrawn
//   chartcolumn  the present moves on to a new column: the plot's pixels move left one
//                column (a memmove per row) and only what still differs is redrawn
// Each prints the pixels it redraws ("damaged: N") and moves ("moved: N"), for the
// instructions-per-pixel figures in docs/performance.md.

/// A chart whose every column holds two readings of a slow zig-zag, as a half hour of wind.
func fullChart() -> ChartWidget {
    var chart = ChartWidget(
        frame: IntRect(x: 200, y: 160, width: 400, height: 150), seconds: 1800, range: 0...40, title: "Wind",
        format: ValueFormat(unit: "kn"))
    let column = chart.history.shape.columnMilliseconds
    for i in 0..<Int64(400) {
        let phase = Double((i * 5) % 160), tri = phase < 80 ? phase / 80 : (160 - phase) / 80
        chart.history.record(10 + 20 * tri, atMilliseconds: i * column + 100)
        chart.history.record(12 + 20 * tri, atMilliseconds: i * column + 2000)
    }
    return chart
}

func chartWorkload(_ workload: String) -> Bool {
    guard workload == "chartsample" || workload == "chartcolumn" else { return false }
    let s = makeSurface(.xrgb8888)
    Canvas(s).clear(background)
    let font = fonts.font(pixelSize: 14)
    let before = fullChart()
    var after = before
    let now = 399 * before.history.shape.columnMilliseconds + 3000
    if workload == "chartsample" {
        after.history.record(31, atMilliseconds: now)
    } else {
        after.history.advance(toMilliseconds: 400 * before.history.shape.columnMilliseconds)
    }
    before.draw(on: Canvas(s), font: font, labelSize: 14)  // warm-up, and the picture before
    if workload == "chartsample" {
        measuredFrame {
            let damage = after.damage(from: before, labelSize: 14)
            damage.forEachRectangle { after.draw(on: Canvas(s, clip: $0), font: font, labelSize: 14) }
        }
        print("damaged: \(after.damage(from: before, labelSize: 14).area)")
        return true
    }
    guard let (scroll, damage) = after.scrolled(from: before, labelSize: 14) else {
        print("chartcolumn: the chart does not scroll")
        return false
    }
    measuredFrame {
        if let (scroll, damage) = after.scrolled(from: before, labelSize: 14) {
            s.shiftLeft(scroll.rect, by: scroll.dx)
            damage.forEachRectangle { after.draw(on: Canvas(s, clip: $0), font: font, labelSize: 14) }
        }
    }
    print("damaged: \(damage.area)\nmoved: \(scroll.rect.area)")
    return true
}
