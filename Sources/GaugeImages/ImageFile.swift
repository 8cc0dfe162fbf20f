import GaugeASCII
import GaugeDisplay
import GaugeRaster
import GaugeSystem

/// The image file formats GaugePanel writes and reads.
public enum ImageFileFormat: String, Sendable, CaseIterable {
    case png, ppm

    /// By file name extension (case-insensitive); nil for anything else.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].asciiLowercased)
    }

    /// By the first bytes of the file; nil when neither magic matches.
    public init?(magic bytes: [UInt8]) {
        if bytes.starts(with: PNG.signature) { self = .png } else if bytes.starts(with: [0x50, 0x36]) { self = .ppm } else { return nil }
    }
}

/// Why an image file could not be loaded or saved; the description names the path.
public enum ImageFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case file(FileError)
    case png(path: String, PNGError)
    case ppm(path: String, PPMError)
    case unknownFormat(path: String)

    public var description: String {
        switch self {
        case .file(let e): return e.description
        case .png(let path, let e): return "\(path): \(e)"
        case .ppm(let path, let e): return "\(path): \(e)"
        case .unknownFormat(let path): return "\(path): not a PNG or binary PPM file"
        }
    }
}

/// Loading and saving whole image files.
public enum ImageFile {
    /// Reads a PNG or PPM file, telling them apart by their magic bytes, not the name.
    public static func load(_ path: String, system: any PanelSystem = LinuxSystem.standard) throws(ImageFileError) -> DecodedImage {
        let bytes: [UInt8]
        do { bytes = try system.readFile(path, limit: .max) } catch { throw .file(error) }
        switch ImageFileFormat(magic: bytes) {
        case .png:
            do { return try PNG.decode(bytes) } catch { throw .png(path: path, error) }
        case .ppm:
            do { return try PPM.decode(bytes) } catch { throw .ppm(path: path, error) }
        case nil:
            throw .unknownFormat(path: path)
        }
    }

    /// Writes `surface` as `format` (PNG keeps alpha for ARGB8888; PPM drops it).
    public static func save(
        _ surface: Surface, as format: ImageFileFormat, to path: String,
        system: any PanelSystem = LinuxSystem.standard
    ) throws(ImageFileError) {
        let bytes: [UInt8]
        switch format {
        case .png:
            do { bytes = try PNG.encode(surface) } catch { throw .png(path: path, error) }
        case .ppm:
            bytes = PPM.encode(surface)
        }
        do { try system.writeFile(path, bytes, .replace) } catch { throw .file(error) }
    }
}
