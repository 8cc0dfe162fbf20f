import Glibc
@testable import GaugeECU
import GaugeSensors

/// A small INI written for these tests: Speeduino's channel places (from its own INI and
/// firmware), in the shapes real INIs use.
let speeduinoLikeINI = """
    ;-------------------------------------------------------------------------------
    #unset CELSIUS
    [MegaTune]
       queryCommand   = "Q"
       signature      = "speeduino 202501"
       versionInfo    = "S" ; shown to the user

    [SettingGroups]
        settingGroup = pressure_units, "Pressure Display"
        settingOption = DEFAULT, "PSI"
        settingOption = pressure_bar, "BAR"

    [Constants]
        endianness          = little
        messageEnvelopeFormat = msEnvelope_1.0
        aConstant  = scalar, U08, 3, "x", 1, 0

    [OutputChannels]
      ochGetCommand    = "r\\$tsCanId\\x30%2o%2c"
      ochBlockSize     =  130
      secl             = scalar, U08,  0, "sec",    1.000, 0.000
      running          = bits,    U08,    2, [0:0]
      map              = scalar,   U16,    4, "kpa",    1.000, 0.000
      iatRaw           = scalar,   U08,    6, "°C",     1.000, 0.000
      coolantRaw       = scalar,   U08,    7, "°C",     1.000, 0.000
      batteryVoltage   = scalar,   U08,    9, "V",      0.100, 0.000
      afr              = scalar,   U08,    10, "O2",     0.100, 0.000
      rpm              = scalar,   U16,    14, "rpm",    1.000, 0.000
      advance          = scalar,   S08,    24, "deg",    1.000, 0.000
      tps              = scalar,   U08,    25, "%",      0.500, 0.000
      idleLoad         = scalar,   U08,    38, { bitStringValue( idleUnits , iacAlgorithm  ) }, { iacAlgorithm == 2 ? 1 : 2 }, 0
    #if CELSIUS
       coolant          = { coolantRaw - 40 } ; offset by 40 for negatives
    #else
       coolant          = { (coolantRaw - 40) * 1.8 + 32 }
    #endif
       revolutionTime   = { rpm ? ( 60000.0 / rpm) : 0 }
       lambda           = { afr / stoich }
       throttle         = { tps }, "%"
    """

/// One exchange of a capture file: what was sent and what came back.
struct Exchange {
    var what: String
    var sent: [UInt8]
    var received: [UInt8]
}

enum Captures {
    static func load(_ name: String) -> [Exchange] {
        let path = #filePath.split(separator: "/").dropLast().joined(separator: "/")
        let text = String(decoding: RealINITests.read("/" + path + "/Captures/" + name), as: UTF8.self)
        var out: [Exchange] = []
        var what = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# ") { what = String(line.dropFirst(2)) }
            if line.hasPrefix("> ") { out.append(Exchange(what: what, sent: hex(line.dropFirst(2)), received: [])) }
            if line.hasPrefix("< "), !out.isEmpty { out[out.count - 1].received = hex(line.dropFirst(2)) }
        }
        return out
    }

    static func exchange(_ name: String, _ what: String) -> Exchange {
        load(name).first { $0.what == what } ?? Exchange(what: "missing: \(what)", sent: [], received: [])
    }

    static func hex(_ s: Substring) -> [UInt8] {
        let b = Array(s.utf8)
        return stride(from: 0, to: b.count - 1, by: 2).map {
            (CommandTemplate.hexDigit(b[$0]) ?? 0) << 4 | (CommandTemplate.hexDigit(b[$0 + 1]) ?? 0)
        }
    }
}

func definition(_ text: String = speeduinoLikeINI, settings: [String] = []) throws -> ECUDefinition {
    try ECUDefinition.parse(Array(text.utf8), settings: settings)
}
