#include "macros.h"

BEGIN_DECLS

DEFINE_HANDLER(on_open) {
  return open_count++;
}

static int helper(int x) EXPORT_ATTR { return x * 2; }

int survivor(int a, int b) {
  return helper(a) + b;
}

END_DECLS
