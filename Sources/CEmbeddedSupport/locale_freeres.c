// glibc's locale and message-catalogue loading, kept out of the firmware. Nothing in the
// firmware calls setlocale, newlocale or gettext (support.c's __dcgettext answers the
// messages), yet static glibc linked all of it (setlocale, the locale archive and files,
// the catalogue loader, plural expressions, locale aliases: about 9 KB) for three names:
// - _nl_locale_subfreeres and _nl_finddomain_subfreeres, which gconv_db.o's part of
//   __libc_freeres calls to free the locales setlocale loaded and the catalogues gettext
//   loaded. __libc_freeres runs only when a memory checker (valgrind, mtrace) asks for it,
//   and in the firmware there is nothing of either to free, so these do nothing;
// - __libc_setlocale_lock, the lock setlocale writes under and the wide-character
//   conversions (wcsmbsload.o) and strftime's eras (era.o) read under: with no setlocale
//   no one writes, and a lock no one has taken is what it always is in glibc too.
// Defined here, they keep setlocale.o and what only it brings out of the link. Should the
// firmware come to call setlocale, the link fails on the names defined twice.
// The firmware's build only (GAUGEPANEL_EMBEDDED_RUNTIME); a native build keeps glibc's.
#if defined(GAUGEPANEL_EMBEDDED_RUNTIME)
#include <pthread.h>

void _nl_locale_subfreeres(void);
void _nl_finddomain_subfreeres(void);

void _nl_locale_subfreeres(void) {}

void _nl_finddomain_subfreeres(void) {}

pthread_rwlock_t __libc_setlocale_lock = PTHREAD_RWLOCK_INITIALIZER;
#endif
