/* include/waymark.h as the Swift adapters (Sources/WaymarkC) see it: every function the
 * library exports, the experimental section included. The adapters implement each with
 * @c @implementation, which checks it against its declaration here. */
#define WAYMARK_EXPERIMENTAL 1
#include "../../include/waymark.h"
