/* The parts of PROJ that Waymark uses: the transformation API (proj.h), Karney's
 * geodesic routines (geodesic.h), libm, and stdio (to read the geoid grid PROJ finds),
 * so the core needs no platform module. (The file policy Waymark's PROJ contexts run
 * under is its own module, Sources/CProjFilePolicy.) */
#ifndef WAYMARK_CPROJ_SHIM_H
#define WAYMARK_CPROJ_SHIM_H
#include <math.h>
#include <stdio.h>
#include <proj.h>
#include <geodesic.h>
#endif
