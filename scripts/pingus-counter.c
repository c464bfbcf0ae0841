/* Reads the outcome of a Pingus demo from the game itself.
 *
 * scripts/pingus-replay builds this into a shared library and preloads it into the real game
 * (pingus 0.7.6). The game draws its counter, "Released: R/N   Out: A   Saved: S/T", with
 * snprintf (PingusCounter::draw); this wrapper keeps the last such line and writes it to the
 * file named by $EVOPLAY_PINGUS_COUNTER when the game exits, so the number saved is the one the
 * game itself shows at the end of the replay. Every other snprintf passes through unchanged. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char last_counter[256];

static void keep(const char* format, const char* text) {
  if (strncmp(format, "Released:", 9) == 0) snprintf(last_counter, sizeof last_counter, "%s", text);
}

int __snprintf_chk(char* s, size_t maxlen, int flag, size_t slen, const char* format, ...) {
  va_list ap;
  (void)flag;
  (void)slen;
  va_start(ap, format);
  int r = vsnprintf(s, maxlen, format, ap);
  va_end(ap);
  keep(format, s);
  return r;
}

int snprintf(char* s, size_t maxlen, const char* format, ...) {
  va_list ap;
  va_start(ap, format);
  int r = vsnprintf(s, maxlen, format, ap);
  va_end(ap);
  keep(format, s);
  return r;
}

__attribute__((destructor)) static void write_counter(void) {
  const char* path = getenv("EVOPLAY_PINGUS_COUNTER");
  if (!path || !last_counter[0]) return;
  FILE* f = fopen(path, "w");
  if (!f) return;
  fprintf(f, "%s\n", last_counter);
  fclose(f);
}
