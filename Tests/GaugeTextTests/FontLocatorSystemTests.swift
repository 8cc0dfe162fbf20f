import Testing
import GaugeSystem
import GaugeTestSupport
@testable import GaugeText

/// The font search lists folders and examines paths through the `PanelSystem` it is given.
@Suite struct FontLocatorSystemTests {
    func tree() -> FakePanelSystem {
        let system = FakePanelSystem()
        system.directories["/fonts"] = ["Sans.ttf", "notes.txt", "truetype", "Broken.otf"]
        system.directories["/fonts/truetype"] = ["Serif-Bold.OTF"]
        system.directories["/fonts/Broken.otf"] = []  // a folder with a font's name
        system.files["/fonts/Sans.ttf"] = []
        system.files["/fonts/notes.txt"] = []
        system.files["/fonts/truetype/Serif-Bold.OTF"] = []
        system.environmentValues["HOME"] = "/home/pi"
        return system
    }

    @Test func fontFilesAreTheFontsUnderTheFolders() {
        let system = tree()
        let files = FontLocator(searchDirectories: ["/fonts", "/missing"], system: system).fontFiles()
        #expect(files == ["/fonts/Sans.ttf", "/fonts/truetype/Serif-Bold.OTF"])
    }

    @Test func theDefaultFoldersFollowHome() {
        let folders = FontLocator(system: tree()).searchDirectories
        #expect(folders == ["/usr/share/fonts", "/usr/local/share/fonts", "/home/pi/.fonts", "/home/pi/.local/share/fonts"])
        #expect(FontLocator(system: FakePanelSystem()).searchDirectories == ["/usr/share/fonts", "/usr/local/share/fonts"])
    }

    @Test func aFontPathMustBeAFile() throws {
        let system = tree()
        #expect(try FontLocator.file("/fonts/Sans.ttf", system: system) == "/fonts/Sans.ttf")
        #expect(throws: FontError.fileNotFound(path: "/fonts/truetype")) { try FontLocator.file("/fonts/truetype", system: system) }
        #expect(throws: FontError.fileNotFound(path: "/fonts/x.ttf")) { try FontLocator.file("/fonts/x.ttf", system: system) }
    }
}
