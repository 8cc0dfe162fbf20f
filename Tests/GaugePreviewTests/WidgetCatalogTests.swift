import Foundation
import GaugeConfig
import GaugeSensorKinds
import Testing
@testable import GaugePreview

/// The palette and inspector come from the widget registry: every kind and key has a
/// value type the loader agrees with, and docs/configuration.md documents exactly the keys
/// the inspector edits.
struct WidgetCatalogTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/configuration.md").standardized

    @Test func kindsJSONParsesAndHasEveryKindAndKey() throws {
        let o = try #require(JSONSerialization.jsonObject(with: Data(KindsJSON.encoded.utf8)) as? [String: Any])
        let kinds = try #require(o["kinds"] as? [[String: Any]])
        #expect(kinds.map { $0["type"] as? String } == WidgetCatalog.kinds.map(\.type))
        for (json, kind) in zip(kinds, WidgetCatalog.kinds) {
            let keys = try #require(json["keys"] as? [[String: Any]])
            #expect(keys.map { $0["name"] as? String } == kind.keys, "\(kind.type): a key without a value type")
        }
        #expect((kinds.first { $0["type"] as? String == "bar" }?["styles"] as? [String])?.first == "linearCapacity")
    }

    @Test func everyDocumentedKeyIsEditableAndEveryEditableKeyDocumented() throws {
        let text = try String(contentsOf: Self.docs, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### `[[page]]` and `[[page.widget]]`").last?.components(separatedBy: "\n## ").first)
        // The table's first column: `key`, `key2` (a blank first column continues the row above).
        var documented = Set<String>()
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let first = line.dropFirst(2).prefix { $0 != "|" }
            for part in first.split(separator: "`").enumerated() where part.offset % 2 == 0 { documented.insert(String(part.element)) }
        }
        documented = documented.filter { !$0.contains(",") && !$0.contains(" ") }
        // `channel` is in the prose above the table: "(except labels) a `channel`".
        if section.contains("(except labels) a\n`channel`") || section.contains("(except labels) a `channel`") { documented.insert("channel") }
        let editable = Set(WidgetCatalog.kinds.flatMap(\.keys))
        #expect(
            documented == editable,
            "documented only: \(documented.subtracting(editable).sorted()), editable only: \(editable.subtracting(documented).sorted())")
    }

    /// A board with one widget of `type` carrying `extra`; whether it loads. A button or
    /// switch gets a command topic and an MQTT sensor (named as its `mqtt` in `extra`), or
    /// the manual output its `output` names.
    func loads(_ type: String, _ extra: String) -> Bool {
        let control = type == "button" || type == "switch"
        let named = extra.hasPrefix("mqtt = ") ? "name = " + extra.dropFirst(7) : ""
        let mqtt =
            control ? "[[sensor]]\nkind = \"mqtt\"\nbroker = \"127.0.0.1:1883\"\n\(named)\n  [[sensor.channel]]\n  name = \"s\"\n  topic = \"s\"" : ""
        // A control's target is one of command_topic, output (a manual [[output]] by that name) and action.
        let target = extra.hasPrefix("command_topic") || extra.hasPrefix("output") || extra.hasPrefix("action")
        let topic = control && !target ? "command_topic = \"c\"" : ""
        let output = extra.hasPrefix("output = ") ? "[[output]]\nname = \(extra.dropFirst(9))\nline = 1\nmanual = true" : ""
        let text = """
            [display]
            width = 400
            height = 400
            [[sensor]]
            kind = "simulated"
              [[sensor.channel]]
              name = "rpm"
              waveform = "sine"
              centre = 50
              amplitude = 10
              period = 8
              warning = 90
            \(mqtt)
            \(output)
            [[page]]
            name = "p"
              [[page.widget]]
              id = "w"
              type = "\(type)"
              frame = [0, 0, 300, 300]
              \(type != "label" && type != "button" && !extra.hasPrefix("output") ? "channel = \"rpm\"" : extra.hasPrefix("text") || control ? "" : "text = \"t\"")
              \(topic)
              \(type == "level" && extra.hasPrefix("gap") ? "segments = 4" : "")
              \(extra)
            """
        return (try? BoardConfiguration.parse(Array(text.utf8), file: "t.toml", displayOutputs: ["offscreen"], sensorKinds: SensorKinds.all)) != nil
    }

    @Test func theLoaderAgreesWithEveryKeysType() {
        for kind in WidgetCatalog.kinds {
            #expect(loads(kind.type, ""), "\(kind.type) alone")
            for key in kind.keys {
                switch WidgetCatalog.valueType(of: key, in: kind.type) {
                case .integer(let r)?:
                    #expect(
                        loads(kind.type, "\(key) = \(r.lowerBound)") && loads(kind.type, "\(key) = \(r.upperBound)"), "\(kind.type).\(key) in \(r)")
                    #expect(
                        !loads(kind.type, "\(key) = \(r.lowerBound - 1)") && !loads(kind.type, "\(key) = \(r.upperBound + 1)"),
                        "\(kind.type).\(key) outside \(r)")
                case .choice(let choices)?:
                    for c in choices { #expect(loads(kind.type, "\(key) = \"\(c)\""), "\(kind.type).\(key) = \(c)") }
                    #expect(!loads(kind.type, "\(key) = \"nonsense\""))
                case .bool?:
                    #expect(loads(kind.type, "\(key) = false"))
                case .text(let n)?:
                    #expect(loads(kind.type, "\(key) = \"\(String(repeating: "a", count: n))\""), "\(kind.type).\(key) \(n) bytes")
                    #expect(!loads(kind.type, "\(key) = \"\(String(repeating: "a", count: n + 1))\""), "\(kind.type).\(key) \(n + 1) bytes")
                case nil:
                    Issue.record("\(kind.type).\(key) has no value type")
                default:
                    break
                }
            }
        }
    }
}
