/* The parts of PROJ that Waymark uses: the transformation API (proj.h), Karney's
 * geodesic routines (geodesic.h), libm, and stdio (to read the geoid grid PROJ finds),
 * so the core needs no platform module; and the file policy Waymark's PROJ contexts
 * run under (file_policy.h). */
#ifndef WAYMARK_CPROJ_SHIM_H
#define WAYMARK_CPROJ_SHIM_H
#include <math.h>
#include <stdio.h>
#include <proj.h>
#include <geodesic.h>
#include "file_policy.h"
#endif
