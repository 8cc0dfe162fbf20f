import GaugeRaster
@testable import GaugeWidgets

/// The scene behind `progress-rating-*.png`: ratings, relevance and progress indicators.
enum ProgressGallery {
    static let theme = GaugeTheme.dark

    /// 512 × 192. Top row: stars 3.5 of 5, dots 2 of 5, relevance 62 % (capsule) and 33 %
    /// (square ends). Left below: a determinate bar at 40 %, indeterminate bars at phases
    /// 0.3 and 0.85, a bar with no value. Right: a ring at 70 %, spinners at phases 0 and 0.3,
    /// and a small whole-step rating of 4.
    static func sheet(format: PixelFormat) throws -> Surface {
        let s = try Surface(width: 512, height: 192, format: format)
        let canvas = Canvas(s)
        canvas.clear(theme.background)
        RatingIndicator(value: 3.5, frame: IntRect(x: 8, y: 8, width: 200, height: 40)).draw(on: canvas)
        RatingIndicator(
            value: 2, frame: IntRect(x: 220, y: 16, width: 120, height: 24), symbol: .dot, step: .whole,
            spacing: 6, litColor: Tints.green
        ).draw(on: canvas)
        RelevanceIndicator(value: 0.62, frame: IntRect(x: 356, y: 14, width: 148, height: 12)).draw(on: canvas)
        RelevanceIndicator(value: 0.33, frame: IntRect(x: 356, y: 34, width: 148, height: 8), roundedEnds: false)
            .draw(on: canvas)

        let bar = { (y: Int32) in IntRect(x: 8, y: y, width: 240, height: 8) }
        ProgressIndicator(.bar, progress: .determinate(0.4), frame: bar(72)).draw(on: canvas)
        ProgressIndicator(.bar, progress: .indeterminate(phase: 19661), frame: bar(96)).draw(on: canvas)
        ProgressIndicator(.bar, progress: .indeterminate(phase: 55706), frame: bar(120)).draw(on: canvas)
        ProgressIndicator(.bar, progress: .determinate(.nan), frame: bar(144), tint: Tints.green).draw(on: canvas)

        let ring = { (x: Int32) in IntRect(x: x, y: 64, width: 76, height: 76) }
        ProgressIndicator(.ring, progress: .determinate(0.7), frame: ring(264)).draw(on: canvas)
        ProgressIndicator(.ring, progress: .indeterminate(phase: 0), frame: ring(344), lineWidth: 6).draw(on: canvas)
        ProgressIndicator(
            .ring, progress: .indeterminate(phase: 19661), frame: ring(424), tint: Tints.yellow,
            lineWidth: 6
        ).draw(on: canvas)
        RatingIndicator(value: 4, frame: IntRect(x: 264, y: 156, width: 120, height: 24), step: .whole, spacing: 2)
            .draw(on: canvas)
        return s
    }
}
