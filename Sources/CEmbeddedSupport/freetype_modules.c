// The FreeType modules the firmware leaves out. Debian's static FreeType registers every
// module it was built with (FT_Init_FreeType → FT_Add_Default_Modules, ftinit.o), and that
// list alone links all of them into the static executable. The panel opens .ttf and .otf
// files only (GaugeText's FontLocator): TrueType and CFF outlines, through sfnt, psaux,
// pshinter and autofit, which stay, and psnames, which freetype_psnames.c replaces by one
// without tables. These stand in for the rest — Type 1, CID,
// PFR, Type 42, Windows FNT, PCF and BDF fonts, every renderer (GaugeText draws the hinted
// outlines itself with GaugeRaster's OutlineRasterizer, and copies embedded bitmaps, so
// FreeType's smooth, mono, SDF and OT-SVG renderers are never asked for a glyph) and the
// OpenType/TrueTypeGX table validators — so that the linker takes none of their archive
// members: each asks for a FreeType version that does not exist, and FT_Add_Module refuses
// it (FT_Err_Invalid_Version), which FT_Add_Default_Modules ignores and which leaves the
// library as if the module had not been built. FT_Open_Face tries the drivers in the same
// order as before, so every .ttf and .otf file opens with the same driver.
// Only where FreeType's headers are on the include path: the firmware's toolset puts them
// there; a native build of this target has no FreeType include path and keeps the real ones.
#if __has_include(<ft2build.h>)
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MODULE_H

// module_requires 0x7FFFFFFF: FreeType 32767.x, refused before anything is allocated.
#define GAUGEPANEL_UNLINKED_MODULE(symbol, name) \
    __attribute__((weak)) const FT_Module_Class symbol = { 0, 0, name, 0x10000L, 0x7FFFFFFFL, NULL, NULL, NULL, NULL };

GAUGEPANEL_UNLINKED_MODULE(t1_driver_class, "type1")
GAUGEPANEL_UNLINKED_MODULE(t1cid_driver_class, "t1cid")
GAUGEPANEL_UNLINKED_MODULE(pfr_driver_class, "pfr")
GAUGEPANEL_UNLINKED_MODULE(t42_driver_class, "type42")
GAUGEPANEL_UNLINKED_MODULE(winfnt_driver_class, "winfonts")
GAUGEPANEL_UNLINKED_MODULE(pcf_driver_class, "pcf")
GAUGEPANEL_UNLINKED_MODULE(bdf_driver_class, "bdf")
GAUGEPANEL_UNLINKED_MODULE(ft_sdf_renderer_class, "sdf")
GAUGEPANEL_UNLINKED_MODULE(ft_bitmap_sdf_renderer_class, "bsdf")
GAUGEPANEL_UNLINKED_MODULE(ft_smooth_renderer_class, "smooth")
GAUGEPANEL_UNLINKED_MODULE(ft_raster1_renderer_class, "raster1")
GAUGEPANEL_UNLINKED_MODULE(ft_svg_renderer_class, "ot-svg")
GAUGEPANEL_UNLINKED_MODULE(gxv_module_class, "gxvalid")
GAUGEPANEL_UNLINKED_MODULE(otv_module_class, "otvalid")
#endif
