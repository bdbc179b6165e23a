/* What the C consumers' tests share: a test file read whole. */
#ifndef WAYMARK_TEST_FILES_H
#define WAYMARK_TEST_FILES_H

#include <stdio.h>
#include <stdlib.h>

/* The bytes of DIR/NAME, malloc'd, their count in *length (one byte more is allocated);
 * exits 66 when the file cannot be opened and 74 when it cannot be read, as the CLI
 * would: a missing test file is the test run's fault, not a failed check. */
static char *slurp(const char *dir, const char *name, size_t *length) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); exit(66); }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) { fprintf(stderr, "cannot read %s\n", path); exit(74); }
    fclose(f);
    *length = (size_t)n;
    return text;
}

#endif
