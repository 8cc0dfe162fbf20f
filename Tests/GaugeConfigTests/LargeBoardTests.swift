import Foundation
import Testing
import GaugeRaster
@testable import GaugeConfig

/// `check` stays fast on big boards: overlaps are found through a grid, not by comparing
/// every pair, and the locator indexes the text in one pass over its bytes. The bounds
/// are for a debug build on a shared machine; pairwise, 20,000 widgets took minutes.
@Suite struct LargeBoardTests {
    /// `count` readouts of 10 × 10 on a grid 200 wide, each followed by `padding` bytes of comment.
    static func board(widgets count: Int, padding: Int = 0, stacked: Bool = false) -> String {
        let rows = (count + 199) / 200
        var text = """
            [display]
            width = 2000
            height = \(max(16, rows * 10))
            output = "offscreen"
            [fonts]
            family = "builtin"
            [[sensor]]
            kind = "simulated"
              [[sensor.channel]]
              name = "x"
              waveform = "sine"
            [[page]]
            name = "p"

            """
        let comment = padding > 0 ? "  # " + String(repeating: "x", count: padding) + "\n" : ""
        for i in 0..<count {
            let x = stacked ? 0 : (i % 200) * 10, y = stacked ? 0 : (i / 200) * 10
            text += "  [[page.widget]]\n  id = \"w\(i)\"\n  type = \"readout\"\n  channel = \"x\"\n  frame = [\(x), \(y), 10, 10]\n" + comment
        }
        return text
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    @Test func twentyThousandWidgetsAreCheckedQuickly() {
        let text = Self.board(widgets: 20_000)
        var issues: [ConfigIssue] = []
        let t = Self.seconds { issues = TestFiles.issues(text) }
        #expect(issues.isEmpty, "\(issues.prefix(3))")
        #expect(t < 15, "20,000 widgets: \(t) s")
    }

    @Test func tenMegabytesAreCheckedQuickly() {
        let text = Self.board(widgets: 20_000, padding: 420)
        #expect(text.utf8.count > 10_000_000)
        var issues: [ConfigIssue] = []
        let t = Self.seconds { issues = TestFiles.issues(text) }
        #expect(issues.isEmpty, "\(issues.prefix(3))")
        #expect(t < 20, "10 MB: \(t) s")
    }

    /// Widgets piled on one spot: each is said to overlap the first few, not all before it.
    @Test func aStackOfWidgetsGivesAFewMessagesEach() {
        let issues = TestFiles.issues(Self.board(widgets: 3_000, stacked: true))
        let expectedCount: Int = 1 + 2 + 3 + 4 * (3_000 - 4)
        let lastLine: Int = 13 + 5 * 2_999 + 5
        #expect(issues.count == expectedCount)
        #expect(
            issues.last?.description
                == "test.toml:\(lastLine): page[0].widget \"w2999\".frame: overlaps widget \"w3\"; widgets on a page must not overlap")
    }

    /// The grid finds exactly the overlaps comparing every pair finds (the first `limit`).
    @Test func theGridAgreesWithComparingEveryPair() {
        var rng = SystemRandomNumberGenerator()
        let screen = IntRect(x: 0, y: 0, width: 640, height: 480)
        for round in 0..<20 {
            let frames = (0..<300).map { _ in
                IntRect(
                    x: Int32.random(in: -80...700, using: &rng), y: Int32.random(in: -80...520, using: &rng),
                    width: Int32.random(in: 0...(round % 2 == 0 ? 60 : 400), using: &rng),
                    height: Int32.random(in: 0...(round % 2 == 0 ? 60 : 300), using: &rng))
            }
            let grid = OverlapIndex.earlierOverlaps(of: frames, screen: screen, limit: 3)
            for i in frames.indices {
                let pairwise = (0..<i).filter { frames[$0].intersects(frames[i]) }.prefix(3)
                #expect(grid[i] == Array(pairwise), "frame \(i) of round \(round)")
            }
        }
    }
}
