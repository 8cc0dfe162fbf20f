import CPanelSystem
import GaugeConfig
import GaugePanel
import GaugeSensorKinds
import GaugeSystem

/// A new board from a panel preset (`gaugepanel preview NEW.toml --from boards/pi-touch-7.toml`):
/// the preset's display, fonts, theme, sensors and input — its comments too — and, for its
/// pages, one page with a label (a page needs a widget to load) to build on in the page.
public enum BoardPreset {
    /// The new board's text: the preset's pages taken out by the designer's own edits.
    public static func newBoard(from preset: [UInt8], presetName: String, displayOutputs: [String]) throws(CommandFailure) -> [UInt8] {
        do {
            var bytes = preset
            while TOMLLayout(bytes).table("page[0]") != nil { bytes = try BoardTextEdit.removeTable("page[0]").apply(to: bytes) }
            // Without pages the board does not load: its width is read from a first try.
            let probe = try BoardTextEdit.addPage(name: "main", widget: label(16)).apply(to: bytes)
            let width = try displayWidth(probe, presetName, displayOutputs)
            return try BoardTextEdit.addPage(name: "main", widget: label(min(240, width))).apply(to: bytes)
        } catch {
            throw CommandFailure("cannot make a board from \(presetName): \(error.message)")
        }
    }

    private static func displayWidth(_ bytes: [UInt8], _ name: String, _ outputs: [String]) throws(BoardEditError) -> Int {
        do { return Int(try BoardConfiguration.parse(bytes, file: name, displayOutputs: outputs, sensorKinds: SensorKinds.all).display.width) } catch
        {
            throw BoardEditError("it does not load:\n" + error.description)
        }
    }

    static func label(_ width: Int) -> [BoardTextEdit.Pair] {
        [.init("id", "\"title\""), .init("type", "\"label\""), .init("frame", "[0, 0, \(width), 40]"), .init("text", "\"NEW BOARD\"")]
    }

    /// Writes `file` from `preset` unless `file` exists (a preset never overwrites a board).
    public static func create(_ file: String, from preset: String, displayOutputs: [String]) throws(CommandFailure) {
        if access(file, F_OK) == 0 { throw CommandFailure("\(file) exists: --from makes a new board only; open it without --from") }
        let source: [UInt8]
        do { source = try LinuxSystem.standard.readFile(preset, limit: 1 << 22) } catch { throw CommandFailure("cannot read \(preset): \(error)") }
        let bytes = try newBoard(from: source, presetName: preset, displayOutputs: displayOutputs)
        do { try LinuxSystem.standard.writeFile(file, bytes, .replace) } catch { throw CommandFailure("cannot write \(file): \(error)") }
    }
}
