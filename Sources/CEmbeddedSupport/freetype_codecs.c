// The two image codecs Debian's static FreeType links that a panel's fonts never use:
// - libpng, for colour bitmap glyphs stored as PNG (emoji fonts' CBDT/sbix tables),
// - brotli, for WOFF2 web fonts.
// The panel draws its text in one colour from .ttf/.otf outlines (GaugeText), so these
// stand in for both libraries and the linker takes neither (about 0.27 MB of each
// firmware). FreeType handles their failure as it handles a broken font: a PNG glyph is
// refused where libpng would be set up (png_create_read_struct returns NULL: "out of
// memory" for that glyph), a WOFF2 file fails to open (the decoder reports an error).
// Only where FreeType's headers are on the include path, as in freetype_modules.c: a
// native build of this target keeps the real libraries.
#if __has_include(<ft2build.h>) && __has_include(<png.h>) && __has_include(<brotli/decode.h>)
#include <png.h>
#include <brotli/decode.h>
#include <stdlib.h>

BrotliDecoderResult BrotliDecoderDecompress(size_t encoded_size, const uint8_t *encoded_buffer,
                                            size_t *decoded_size, uint8_t *decoded_buffer) {
    (void)encoded_size; (void)encoded_buffer; (void)decoded_buffer;
    *decoded_size = 0;
    return BROTLI_DECODER_RESULT_ERROR;
}

// The one libpng call FreeType makes before any other: NULL, so it makes no other.
png_structp png_create_read_struct(png_const_charp user_png_ver, png_voidp error_ptr,
                                   png_error_ptr error_fn, png_error_ptr warn_fn) {
    (void)user_png_ver; (void)error_ptr; (void)error_fn; (void)warn_fn;
    return NULL;
}

// The rest of what FreeType's PNG loader names: never reached (no read struct exists).
#define GAUGEPANEL_UNREACHED { abort(); }
png_infop png_create_info_struct(png_const_structrp p) GAUGEPANEL_UNREACHED
void png_destroy_read_struct(png_structpp p, png_infopp i, png_infopp e) GAUGEPANEL_UNREACHED
void png_error(png_const_structrp p, png_const_charp m) GAUGEPANEL_UNREACHED
png_uint_32 png_get_IHDR(png_const_structrp p, png_const_inforp i, png_uint_32 *w, png_uint_32 *h, int *d, int *c,
                         int *il, int *cm, int *f) GAUGEPANEL_UNREACHED
png_voidp png_get_error_ptr(png_const_structrp p) GAUGEPANEL_UNREACHED
png_voidp png_get_io_ptr(png_const_structrp p) GAUGEPANEL_UNREACHED
png_uint_32 png_get_valid(png_const_structrp p, png_const_inforp i, png_uint_32 f) GAUGEPANEL_UNREACHED
void png_read_end(png_structrp p, png_inforp i) GAUGEPANEL_UNREACHED
void png_read_image(png_structrp p, png_bytepp r) GAUGEPANEL_UNREACHED
void png_read_info(png_structrp p, png_inforp i) GAUGEPANEL_UNREACHED
void png_read_update_info(png_structrp p, png_inforp i) GAUGEPANEL_UNREACHED
void png_set_expand_gray_1_2_4_to_8(png_structrp p) GAUGEPANEL_UNREACHED
void png_set_filler(png_structrp p, png_uint_32 f, int l) GAUGEPANEL_UNREACHED
void png_set_gray_to_rgb(png_structrp p) GAUGEPANEL_UNREACHED
int png_set_interlace_handling(png_structrp p) GAUGEPANEL_UNREACHED
jmp_buf *png_set_longjmp_fn(png_structrp p, png_longjmp_ptr f, size_t s) GAUGEPANEL_UNREACHED
void png_set_packing(png_structrp p) GAUGEPANEL_UNREACHED
void png_set_palette_to_rgb(png_structrp p) GAUGEPANEL_UNREACHED
void png_set_read_fn(png_structrp p, png_voidp io, png_rw_ptr f) GAUGEPANEL_UNREACHED
void png_set_read_user_transform_fn(png_structrp p, png_user_transform_ptr f) GAUGEPANEL_UNREACHED
void png_set_strip_16(png_structrp p) GAUGEPANEL_UNREACHED
void png_set_tRNS_to_alpha(png_structrp p) GAUGEPANEL_UNREACHED
#endif
