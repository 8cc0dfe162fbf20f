// insncount: a QEMU TCG plugin that counts the guest instructions a program executes
// (user-mode emulation, one vCPU), for scripts/instruction-budget.sh's ARM counts.
//
// Debian's qemu-user 7.2 loads plugins (-plugin) but ships neither plugins nor
// <qemu-plugin.h>, so the few parts of QEMU's documented plugin API used here are
// declared below (API version 1, the one QEMU 7.2 implements; the same calls exist,
// unchanged, in later versions).
//
// Counting: at translation, each translation block (TB) gets an inline "add n" (n = its
// instruction count) on one 64-bit counter, run each time the TB executes — no helper
// call per block. A TB left early by an exception counts whole; the drivers it measures
// do not fault. At exit it writes "insns: <count>" to stderr (or to the file named by
// the plugin argument outfile=PATH).
//
//   cc -shared -fPIC -O2 -o insncount.so insncount.c
//   qemu-aarch64 -plugin ./insncount.so,outfile=count.txt ./program args...
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;   /* only passed through: layout not needed */
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);

extern size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
extern void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb, enum qemu_plugin_op op,
                                                     void *ptr, uint64_t imm);
extern void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
extern void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);

#define EXPORT __attribute__((visibility("default")))
EXPORT int qemu_plugin_version = 1;

static uint64_t insns;
static char outfile[4096];

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &insns,
                                             qemu_plugin_tb_n_insns(tb));
}

static void at_exit(qemu_plugin_id_t id, void *userdata) {
    (void)id; (void)userdata;
    FILE *f = outfile[0] ? fopen(outfile, "w") : stderr;
    if (!f) { fprintf(stderr, "insncount: cannot write %s\n", outfile); return; }
    fprintf(f, "insns: %" PRIu64 "\n", insns);
    if (f != stderr) fclose(f);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv) {
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "outfile=", 8) == 0) {
            snprintf(outfile, sizeof outfile, "%s", argv[i] + 8);
        } else {
            fprintf(stderr, "insncount: unknown argument %s\n", argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
