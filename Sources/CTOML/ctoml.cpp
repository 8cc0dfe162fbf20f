// The C API of include/ctoml.h over toml++, built header-only (no libtomlplusplus.so at run
// time) and without C++ exceptions: parse errors come back in toml::parse_result.
#ifndef TOML_EXCEPTIONS
#define TOML_EXCEPTIONS 0
#endif
#define TOML_ENABLE_FORMATTERS 0
#if !__has_include(<toml++/toml.h>)
#error "toml++ 3 not found: install it with `apt-get install libtomlplusplus-dev` (scripts/test.sh does when missing)"
#endif
// Floats: toml++ reads them either with std::from_chars (TOML_FLOAT_CHARCONV) or, by default
// with GCC and Clang, through a std::stringstream imbued with the classic locale — which
// links libstdc++'s iostreams and locale facets (and glibc's locale loading, iconv and
// wide-character printf under them) into the static firmware: ~0.5 MB. libstdc++'s own
// from_chars differs from the stream at the edges (an underflow to 0 is an error, an
// overflow says "not representable in 64 bits"), so toml++'s call goes to
// std::ctoml_from_chars instead: for a double exactly what the stream did (libstdc++'s
// num_get: strtod in the C locale — the firmware never calls setlocale, nor does the host
// program — the whole text or a failure, ±HUGE_VAL a failure, an underflow not), anything
// else to std::from_chars. toml++ hands it only validated digits, '.', 'e'/'E' and an
// exponent sign (the number's own sign and underscores taken off).
#define TOML_FLOAT_CHARCONV 1
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <system_error>
namespace std {
template <typename T, typename... Rest>
inline from_chars_result ctoml_from_chars(const char *first, const char *last, T &value, Rest... rest) {
    return from_chars(first, last, value, rest...);
}
inline from_chars_result ctoml_from_chars(const char *first, const char *last, double &value) {
    const string text(first, last);
    char *end = nullptr;
    const double parsed = strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || parsed == HUGE_VAL || parsed == -HUGE_VAL)
        return {first, errc::invalid_argument};
    value = parsed;
    return {last, errc{}};
}
}
#define from_chars ctoml_from_chars
#include <toml++/toml.h>
#undef from_chars

#include <iterator>
#include <new>
#include <string>
#include <utility>

#include "ctoml.h"

#if !defined(__cpp_exceptions)
// Built without C++ exceptions (the firmware: scripts/build-firmware.sh passes
// -fno-exceptions). What the standard library's headers would throw here — out of memory,
// a string past max_size() — ends the program with the message std::terminate printed
// when such an exception escaped this C API before, without linking libstdc++'s exception
// classes, throw machinery and demangler into the static executable.
#include <cstdio>
#include <cstdlib>
namespace {
[[noreturn]] void ctoml_fail(const char *type, const char *what) {
    std::fprintf(stderr, "terminate called after throwing an instance of '%s'\n  what():  %s\n", type, what);
    std::abort();
}
void *ctoml_allocate(std::size_t size) noexcept {
    if (size == 0) size = 1;
    for (;;) {
        if (void *p = std::malloc(size)) return p;
        std::new_handler handler = std::get_new_handler();
        if (!handler) return nullptr;
        handler();
    }
}
}
namespace std {
void __throw_bad_alloc() { ctoml_fail("std::bad_alloc", "std::bad_alloc"); }
void __throw_bad_array_new_length() { ctoml_fail("std::bad_array_new_length", "std::bad_array_new_length"); }
void __throw_length_error(const char *what) { ctoml_fail("std::length_error", what); }
void __throw_logic_error(const char *what) { ctoml_fail("std::logic_error", what); }
void __throw_out_of_range(const char *what) { ctoml_fail("std::out_of_range", what); }
void __throw_out_of_range_fmt(const char *what, ...) { ctoml_fail("std::out_of_range", what); }
void __throw_invalid_argument(const char *what) { ctoml_fail("std::invalid_argument", what); }
}
// std::terminate's default handler: nothing here throws, but libstdc++'s own string code
// (built with exceptions) names it through its personality routine, and the real one
// links libstdc++'s demangler (40 KB) to name the type of an exception never thrown.
namespace __gnu_cxx {
void __verbose_terminate_handler() { std::fputs("terminate called\n", stderr); std::abort(); }
}
extern "C" void __cxa_pure_virtual() { std::fputs("pure virtual method called\n", stderr); std::abort(); }
void *operator new(std::size_t size) {
    if (void *p = ctoml_allocate(size)) return p;
    ctoml_fail("std::bad_alloc", "std::bad_alloc");
}
void *operator new(std::size_t size, const std::nothrow_t &) noexcept { return ctoml_allocate(size); }
void *operator new[](std::size_t size) { return operator new(size); }
void *operator new[](std::size_t size, const std::nothrow_t &) noexcept { return ctoml_allocate(size); }
#endif

struct ctoml_document {
    toml::table root;
    bool failed = false;
    std::string message;
    uint32_t line = 0, column = 0;
};

namespace {
const toml::node *node(const ctoml_node *n) { return reinterpret_cast<const toml::node *>(n); }
const ctoml_node *handle(const toml::node *n) { return reinterpret_cast<const ctoml_node *>(n); }
}

extern "C" {

ctoml_document *ctoml_parse(const char *bytes, size_t length) {
    auto *document = new (std::nothrow) ctoml_document();
    if (!document) return nullptr;
    toml::parse_result result = toml::parse(std::string_view(bytes ? bytes : "", bytes ? length : 0));
    if (result) {
        document->root = std::move(result).table();
    } else {
        const toml::parse_error &error = result.error();
        document->failed = true;
        document->message = std::string(error.description());
        document->line = error.source().begin.line;
        document->column = error.source().begin.column;
    }
    return document;
}

void ctoml_free(ctoml_document *document) { delete document; }

const char *ctoml_error_message(const ctoml_document *document) {
    return document->failed ? document->message.c_str() : nullptr;
}
uint32_t ctoml_error_line(const ctoml_document *document) { return document->line; }
uint32_t ctoml_error_column(const ctoml_document *document) { return document->column; }

const ctoml_node *ctoml_root(const ctoml_document *document) {
    return document->failed ? nullptr : handle(&document->root);
}

ctoml_type ctoml_node_type(const ctoml_node *n) {
    switch (node(n)->type()) {
    case toml::node_type::table: return CTOML_TABLE;
    case toml::node_type::array: return CTOML_ARRAY;
    case toml::node_type::string: return CTOML_STRING;
    case toml::node_type::integer: return CTOML_INTEGER;
    case toml::node_type::floating_point: return CTOML_FLOAT;
    case toml::node_type::boolean: return CTOML_BOOLEAN;
    case toml::node_type::date: return CTOML_DATE;
    case toml::node_type::time: return CTOML_TIME;
    case toml::node_type::date_time: return CTOML_DATE_TIME;
    default: return CTOML_NONE;
    }
}

uint32_t ctoml_node_line(const ctoml_node *n) { return node(n)->source().begin.line; }
uint32_t ctoml_node_column(const ctoml_node *n) { return node(n)->source().begin.column; }

size_t ctoml_count(const ctoml_node *n) {
    if (auto *t = node(n)->as_table()) return t->size();
    if (auto *a = node(n)->as_array()) return a->size();
    return 0;
}

const ctoml_node *ctoml_table_entry(const ctoml_node *n, size_t index, const char **key, size_t *key_length) {
    auto *t = node(n)->as_table();
    if (!t || index >= t->size()) return nullptr;
    auto it = std::next(t->cbegin(), static_cast<std::ptrdiff_t>(index));   // tables are small maps
    std::string_view k = it->first.str();
    if (key) *key = k.data();
    if (key_length) *key_length = k.size();
    return handle(&it->second);
}

const ctoml_node *ctoml_array_element(const ctoml_node *n, size_t index) {
    auto *a = node(n)->as_array();
    if (!a || index >= a->size()) return nullptr;
    return handle(a->get(index));
}

bool ctoml_string(const ctoml_node *n, const char **bytes, size_t *length) {
    auto *v = node(n)->as_string();
    if (!v) return false;
    const std::string &s = v->get();
    *bytes = s.data();
    *length = s.size();
    return true;
}

bool ctoml_integer(const ctoml_node *n, int64_t *value) {
    auto *v = node(n)->as_integer();
    if (!v) return false;
    *value = v->get();
    return true;
}

bool ctoml_float(const ctoml_node *n, double *value) {
    auto *v = node(n)->as_floating_point();
    if (!v) return false;
    *value = v->get();
    return true;
}

bool ctoml_boolean(const ctoml_node *n, bool *value) {
    auto *v = node(n)->as_boolean();
    if (!v) return false;
    *value = v->get();
    return true;
}

bool ctoml_date_time_value(const ctoml_node *n, ctoml_date_time *value) {
    *value = ctoml_date_time{};
    auto setDate = [&](const toml::date &d) { value->year = d.year; value->month = d.month; value->day = d.day; };
    auto setTime = [&](const toml::time &t) {
        value->hour = t.hour; value->minute = t.minute; value->second = t.second; value->nanosecond = t.nanosecond;
    };
    if (auto *d = node(n)->as_date()) { setDate(d->get()); return true; }
    if (auto *t = node(n)->as_time()) { setTime(t->get()); return true; }
    if (auto *dt = node(n)->as_date_time()) {
        const toml::date_time &v = dt->get();
        setDate(v.date);
        setTime(v.time);
        if (v.offset) { value->has_offset = true; value->offset_minutes = v.offset->minutes; }
        return true;
    }
    return false;
}

}
