// sscanf and fscanf for the firmware, integers only. In the static firmware only two
// places call the scanf family (ld --trace-symbol=__isoc99_sscanf / __isoc99_fscanf):
// - libdrm's PCI/USB/platform sysfs parsing and bus-ID matching (drmGetDevice2,
//   drmOpenByBusid, drmCheckModesettingSupported, …), which the panel never calls — it
//   opens /dev/dri/cardN itself — but which comes along because Debian's libdrm.a is not
//   built with -ffunction-sections, so drmIoctl or drmModeGetResources links all of
//   xf86drm.c and xf86drmMode.c;
// - glibc's tzset, which the panel does use (StderrLog's local-time stamps: localtime_r),
//   to read a POSIX TZ rule, from $TZ or the footer of /etc/localtime:
//   "%hu%n:%hu%n:%hu%n" and "M%hu.%hu.%hu%n".
// Every format either of them passes is whitespace, literal characters, %%, %n and the
// integer conversions d, i, u, o, x with a width and an hh/h/l size. glibc's scanf engine
// for all formats (floats, strings, wide characters, %m, positional arguments: about 30 KB
// of each firmware with what only it links) is replaced by this one, which defines
// __isoc99_sscanf and __isoc99_fscanf in the firmware (so the linker takes neither from
// glibc's archive) and follows glibc's vfscanf for that subset: the same characters consumed (sign,
// 0x prefix and digits within the width; one character read ahead and pushed back), the
// same values (strtol/strtoul on the digits, then narrowed to the argument's size), the
// same %n counts and return values (the number of conversions assigned; EOF when the
// input ends before the first one) — held against glibc's sscanf and fscanf on each of
// those formats and more, over fixed and random inputs, by scripts/firmware/scanf-check.sh
// (a step of scripts/test.sh). A conversion outside the subset (a float, a string,
// a long long, …) is a program's constant format that nothing in the firmware has:
// it is refused loudly (a message and abort) rather than answered wrongly.
// Only the firmware's build (GAUGEPANEL_EMBEDDED_RUNTIME) defines glibc's names; a native
// build has integer_sscanf and integer_fscanf alone, which scripts/firmware/scanf-check.sh
// holds against glibc's.
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct scan_input {
    const char *string;   // sscanf's input, or NULL
    FILE *file;           // fscanf's
    int count;            // characters consumed so far (%n)
};

static int scan_next(struct scan_input *in) {
    int c;
    if (in->string) {
        c = (unsigned char)*in->string;
        if (c == 0) return EOF;
        in->string++;
    } else {
        c = getc(in->file);
        if (c == EOF) return EOF;
    }
    in->count++;
    return c;
}

static void scan_back(struct scan_input *in, int c) {
    if (c == EOF) return;
    if (in->string) in->string--; else ungetc(c, in->file);
    in->count--;
}

static void scan_unsupported(const char *format) {
    static const char message[] = "gaugepanel: scanf conversion outside the firmware's integer subset: ";
    (void)!write(2, message, sizeof message - 1);
    (void)!write(2, format, strlen(format));
    (void)!write(2, "\n", 1);
    abort();
}

static int scan(struct scan_input *in, const char *format, va_list args) {
    int done = 0, skip_space = 0;
    const char *f = format;
    while (*f) {
        unsigned char fc = (unsigned char)*f++;
        if (isspace(fc)) {   // any amount of white space, none included: skipped before the next directive
            skip_space = 1;
            continue;
        }
        if (fc != '%' || *f == '%') {   // a literal character; %% skips white space first
            if (fc == '%') { f++; skip_space = 1; }
            int c = scan_next(in);
            if (skip_space)
                while (isspace(c)) c = scan_next(in);
            skip_space = 0;
            if (c == EOF) return done ? done : EOF;
            if (c != fc) { scan_back(in, c); return done; }
            continue;
        }
        int suppress = 0, width = -1, size = 0;   // size: -2 hh, -1 h, 0 int, 1 l
        if (*f == '*') { suppress = 1; f++; }
        if (isdigit((unsigned char)*f)) {
            width = 0;
            while (isdigit((unsigned char)*f)) width = width * 10 + (*f++ - '0');
            if (*f == '$') scan_unsupported(format);   // positional arguments
            if (width == 0) width = -1;
        }
        if (*f == 'h') { size = -1; f++; if (*f == 'h') { size = -2; f++; } }
        else if (*f == 'l') { size = 1; f++; if (*f == 'l') scan_unsupported(format); }
        char conversion = *f++;
        // White space before every conversion but %n, and before %n after white space in
        // the format; the input ending there ends the scan, except at a %n.
        if (skip_space || conversion != 'n') {
            int c;
            while (isspace(c = scan_next(in))) {}
            if (c == EOF && conversion != 'n') return done ? done : EOF;
            scan_back(in, c);
            skip_space = 0;
        }
        int base, is_signed;
        switch (conversion) {
        case 'n':
            if (!suppress) {
                switch (size) {
                case -2: *va_arg(args, signed char *) = (signed char)in->count; break;
                case -1: *va_arg(args, short *) = (short)in->count; break;
                case 1: *va_arg(args, long *) = in->count; break;
                default: *va_arg(args, int *) = in->count; break;
                }
            }
            continue;
        case 'd': base = 10; is_signed = 1; break;
        case 'i': base = 0; is_signed = 1; break;
        case 'u': base = 10; is_signed = 0; break;
        case 'o': base = 8; is_signed = 0; break;
        case 'x': case 'X': base = 16; is_signed = 0; break;
        default: scan_unsupported(format); return EOF;
        }
        // The number: sign, 0x prefix and digits within the width.
        int c = scan_next(in);
        char digits[72];
        size_t n = 0;
        if (width != 0 && (c == '-' || c == '+')) {
            digits[n++] = (char)c;
            if (width > 0) --width;
            c = scan_next(in);
        }
        if ((base == 16 || base == 0) && width != 0 && c == '0') {
            if (width > 0) --width;
            digits[n++] = '0';
            c = scan_next(in);
            if (width != 0 && (c == 'x' || c == 'X')) {
                if (base == 0) base = 16;
                if (width > 0) --width;
                c = scan_next(in);
            } else if (base == 0) {
                base = 8;
            }
        }
        if (base == 0) base = 10;
        int significant = 0;   // a digit other than 0 kept
        while (c != EOF && width != 0) {
            if (base == 16 ? !isxdigit(c) : (!isdigit(c) || c - '0' >= base)) break;
            // glibc keeps every digit; here a second leading zero changes no value, and a
            // full buffer is out of a long's range already (strtol/strtoul give the same
            // limit whatever digits follow), so neither is kept, but both are consumed.
            if (n < sizeof digits - 1 && !(c == '0' && !significant && n > 0 && digits[n - 1] == '0'))
                digits[n++] = (char)c;
            significant |= c != '0';
            if (width > 0) --width;
            c = scan_next(in);
        }
        scan_back(in, c);
        if (n == 0 || (n == 1 && (digits[0] == '+' || digits[0] == '-'))) return done;
        digits[n] = 0;
        if (suppress) continue;
        if (is_signed) {
            long v = strtol(digits, NULL, base);
            switch (size) {
            case -2: *va_arg(args, signed char *) = (signed char)v; break;
            case -1: *va_arg(args, short *) = (short)v; break;
            case 1: *va_arg(args, long *) = v; break;
            default: *va_arg(args, int *) = (int)v; break;
            }
        } else {
            unsigned long v = strtoul(digits, NULL, base);
            switch (size) {
            case -2: *va_arg(args, unsigned char *) = (unsigned char)v; break;
            case -1: *va_arg(args, unsigned short *) = (unsigned short)v; break;
            case 1: *va_arg(args, unsigned long *) = v; break;
            default: *va_arg(args, unsigned int *) = (unsigned int)v; break;
            }
        }
        done++;
    }
    if (skip_space) {   // white space ending the format: the input's is consumed too
        int c;
        while (isspace(c = scan_next(in))) {}
        scan_back(in, c);
    }
    return done;
}

int integer_sscanf(const char *string, const char *format, ...);
int integer_fscanf(FILE *file, const char *format, ...);

int integer_sscanf(const char *string, const char *format, ...) {
    struct scan_input in = { string, NULL, 0 };
    va_list args;
    va_start(args, format);
    int r = scan(&in, format, args);
    va_end(args);
    return r;
}

int integer_fscanf(FILE *file, const char *format, ...) {
    struct scan_input in = { NULL, file, 0 };
    va_list args;
    va_start(args, format);
    int r = scan(&in, format, args);
    va_end(args);
    return r;
}

#if defined(GAUGEPANEL_EMBEDDED_RUNTIME)
int __isoc99_sscanf(const char *string, const char *format, ...) __attribute__((alias("integer_sscanf")));
int __isoc99_fscanf(FILE *file, const char *format, ...) __attribute__((alias("integer_fscanf")));
#endif
