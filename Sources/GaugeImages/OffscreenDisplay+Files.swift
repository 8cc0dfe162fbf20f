import GaugeSystem
import GaugeDisplay

extension OffscreenDisplay {
    /// Saves the screen (the physical image) as PNG (RGBA for ARGB8888, RGB otherwise).
    public func writePNG(to path: String) throws(ImageFileError) {
        try ImageFile.save(physical, as: .png, to: path)
    }

    /// Saves the screen as binary PPM (RGB).
    public func writePPM(to path: String) throws(ImageFileError) {
        try ImageFile.save(physical, as: .ppm, to: path)
    }
}
