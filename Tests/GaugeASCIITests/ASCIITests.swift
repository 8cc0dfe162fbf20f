import GaugeASCII
import Testing

/// ASCII case and classes: exactly A–Z/a–z change case, exactly the ASCII digits, hex
/// digits and whitespace are classed, and nothing outside ASCII is touched or classed.
@Suite struct ASCIITests {
    @Test func caseChangesOnlyASCIILetters() {
        #expect("DejaVu Sans-Bold_1".asciiLowercased == "dejavu sans-bold_1")
        #expect("key_f1 Btn@[`{".asciiUppercased == "KEY_F1 BTN@[`{")
        #expect("°C Ünicode".asciiLowercased == "°c Ünicode")
        #expect("°c ünicode".asciiUppercased == "°C üNICODE")
        #expect(Substring("PNG").asciiLowercased == "png")
        // Every byte: only A–Z and a–z move, by 0x20.
        for b in UInt8(0)...0x7F {
            let s = String(decoding: [b], as: UTF8.self)
            let isUpper = b >= 0x41 && b <= 0x5A, isLower = b >= 0x61 && b <= 0x7A
            #expect(Array(s.asciiLowercased.utf8) == [isUpper ? b + 0x20 : b])
            #expect(Array(s.asciiUppercased.utf8) == [isLower ? b - 0x20 : b])
        }
    }

    @Test func classesAreASCIIOnly() {
        for b in UInt8(0)...0x7F {
            let c = Character(Unicode.Scalar(b))
            #expect(c.isASCIIDigit == (b >= 0x30 && b <= 0x39), "\(b)")
            #expect(c.isASCIIHexDigit == (c.isASCIIDigit || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)), "\(b)")
            #expect(c.isASCIIWhitespace == [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20].contains(b), "\(b)")
        }
        #expect(Character("\r\n").isASCIIWhitespace)
        for c: Character in ["٣", "５", "ｆ", "\u{00A0}", "\u{2003}", "é"] {
            #expect(!c.isASCIIDigit && !c.isASCIIHexDigit && !c.isASCIIWhitespace)
        }
    }
}
