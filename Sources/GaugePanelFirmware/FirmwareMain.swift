import CPanelSystem

// The firmware's entry point. Embedded Swift has no CommandLine: a C `main` is exported
// (SwiftPM compiles an executable with -entry-point-function-name <Module>_main and links
// it with --defsym main=<Module>_main); natively, @main and CommandLine as usual.
#if hasFeature(Embedded)
    @_cdecl("GaugePanelFirmware_main")
    func firmwareMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        var arguments: [String] = []
        var i = 1
        while i < Int(argc) {
            if let a = argv[i] { arguments.append(String(cString: a)) }
            i += 1
        }
        return FirmwareCommand.main(arguments)
    }
#else
    @main
    enum FirmwareMain {
        static func main() { exit(FirmwareCommand.main(Array(CommandLine.arguments.dropFirst()))) }
    }
#endif
