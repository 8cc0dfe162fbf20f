// CTOML: a plain-C view of toml++ (https://marzer.github.io/tomlplusplus) — parse a buffer,
// walk the tables and arrays, read values and where they start in the source. No C++
// types cross this header, so Swift (Embedded Swift too) imports it as a C module.
//
// Nodes are borrowed pointers into their document: valid until ctoml_free(document).
#ifndef CTOML_H
#define CTOML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A parsed document, or the error that stopped parsing.
typedef struct ctoml_document ctoml_document;
/// A table, array or value inside a document.
typedef struct ctoml_node ctoml_node;

typedef enum ctoml_type {
    CTOML_NONE = 0,
    CTOML_TABLE,
    CTOML_ARRAY,
    CTOML_STRING,
    CTOML_INTEGER,
    CTOML_FLOAT,
    CTOML_BOOLEAN,
    CTOML_DATE,
    CTOML_TIME,
    CTOML_DATE_TIME,
} ctoml_type;

/// A local date, time or date-time (offset_minutes is meaningful when has_offset).
typedef struct ctoml_date_time {
    uint16_t year;
    uint8_t month, day;
    uint8_t hour, minute, second;
    uint32_t nanosecond;
    bool has_offset;
    int16_t offset_minutes;
} ctoml_date_time;

/// Parses `length` bytes of UTF-8 TOML (need not end with NUL). Returns a document that
/// either holds the root table or an error (ctoml_error_message); NULL only when memory
/// runs out. Free it with ctoml_free.
ctoml_document *ctoml_parse(const char *bytes, size_t length);
void ctoml_free(ctoml_document *document);

/// The parse error's description (NUL-terminated, owned by the document), or NULL when
/// the document parsed. Its line and column are 1-based (0 when unknown).
const char *ctoml_error_message(const ctoml_document *document);
uint32_t ctoml_error_line(const ctoml_document *document);
uint32_t ctoml_error_column(const ctoml_document *document);

/// The root table, or NULL when parsing failed.
const ctoml_node *ctoml_root(const ctoml_document *document);

ctoml_type ctoml_node_type(const ctoml_node *node);
/// Where the node starts in the source: 1-based line and column (0 when unknown).
uint32_t ctoml_node_line(const ctoml_node *node);
uint32_t ctoml_node_column(const ctoml_node *node);

/// Entries of a table (in key order) or elements of an array; 0 for other nodes.
size_t ctoml_count(const ctoml_node *node);
/// The table's entry at `index` (< ctoml_count): its value, and its key as bytes that
/// may hold NUL (`*key_length` of them). NULL when `node` is no table or `index` is out of range.
const ctoml_node *ctoml_table_entry(const ctoml_node *table, size_t index, const char **key, size_t *key_length);
/// The array's element at `index`, or NULL.
const ctoml_node *ctoml_array_element(const ctoml_node *array, size_t index);

/// Values: true and the value when the node has that type, else false.
bool ctoml_string(const ctoml_node *node, const char **bytes, size_t *length);   // UTF-8, may hold NUL
bool ctoml_integer(const ctoml_node *node, int64_t *value);
bool ctoml_float(const ctoml_node *node, double *value);
bool ctoml_boolean(const ctoml_node *node, bool *value);
/// Dates, times and date-times (the fields the node does not have are zero).
bool ctoml_date_time_value(const ctoml_node *node, ctoml_date_time *value);

#ifdef __cplusplus
}
#endif

#endif
