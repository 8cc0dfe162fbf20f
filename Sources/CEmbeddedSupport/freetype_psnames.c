// FreeType's psnames module without its tables: the Adobe Glyph List and the standard
// glyph names, 64 KB of Debian's static FreeType (psnames.o, which the default module list
// links whole). It stands in for the real module under the same class name, so ftinit.o
// takes this one and the linker takes nothing of psnames.o.
//
// The CFF driver refuses a name-keyed CFF font (most .otf files) unless a psnames module
// is there, so it must be; what the panel asks of fonts never reaches its tables. GaugeText
// looks glyphs up by Unicode code point in the font's own Unicode cmap, and reads the
// family and style names (from the sfnt `name` table for .ttf and .otf). The Unicode
// functions are absent, as in FreeType's own build without the glyph list
// (FT_CONFIG_OPTION_ADOBE_GLYPH_LIST undefined): a font with no Unicode cmap gets none
// made up from its glyph names (sfnt and cff check for that and go on without it). Glyph
// names (FT_Get_Glyph_Name, FT_Get_Name_Index, FT_Get_PS_Font_Info), which the panel never
// asks for, are unknown: a CFF standard string is NULL, as for a string the font lacks,
// which every caller handles; a TrueType `post` standard name is ".notdef".
// Only where FreeType's headers are on the include path (the firmware's build), as
// freetype_modules.c.
#if __has_include(<ft2build.h>)
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MODULE_H
#include <string.h>

// FreeType's FT_Service_PsCMapsRec (internal/services/svpscmap.h), field by field.
typedef struct {
    void *unicode_value;
    void *unicodes_init;
    void *unicodes_char_index;
    void *unicodes_char_next;
    const char *(*macintosh_name)(FT_UInt name_index);
    const char *(*adobe_std_strings)(FT_UInt string_index);
    const unsigned short *adobe_std_encoding;
    const unsigned short *adobe_expert_encoding;
} GaugePanelPsCMaps;

// FreeType's FT_ModuleRec (internal/ftobjs.h): what FT_Add_Module allocates for a module.
typedef struct {
    void *clazz;
    void *library;
    void *memory;
} GaugePanelModuleRecord;

static const char *gaugepanel_macintosh_name(FT_UInt name_index) {
    (void)name_index;
    return ".notdef";
}

static const char *gaugepanel_standard_string(FT_UInt string_index) {
    (void)string_index;
    return NULL;
}

// Only Type 1 fonts read these (not linked); all code 0, .notdef.
static const unsigned short gaugepanel_no_encoding[256];

static const GaugePanelPsCMaps gaugepanel_ps_cmaps = {
    NULL, NULL, NULL, NULL,
    gaugepanel_macintosh_name, gaugepanel_standard_string,
    gaugepanel_no_encoding, gaugepanel_no_encoding,
};

static FT_Module_Interface gaugepanel_psnames_service(FT_Module module, const char *service_id) {
    (void)module;
    return strcmp(service_id, "postscript-cmaps") == 0 ? (FT_Module_Interface)&gaugepanel_ps_cmaps : NULL;
}

__attribute__((weak)) const FT_Module_Class psnames_module_class = {
    0, sizeof(GaugePanelModuleRecord), "psnames", 0x10000L, 0x20000L,
    &gaugepanel_ps_cmaps, NULL, NULL, gaugepanel_psnames_service,
};
#endif
