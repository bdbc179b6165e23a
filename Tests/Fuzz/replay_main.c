/* Runs a harness over files and directories of inputs without libFuzzer, against any
 * build of the library (ctest: the shipped Embedded one), so the committed corpus and
 * every reproducer keep being checked. Prints "replayed N inputs". POSIX. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path) {
    FILE *f = fopen(path, "rb");
    uint8_t *buffer;
    long n;
    if (!f) { perror(path); return 0; }
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buffer = (uint8_t *)malloc(n > 0 ? (size_t)n : 1);
    if (!buffer || (n > 0 && fread(buffer, 1, (size_t)n, f) != (size_t)n)) { fclose(f); free(buffer); return 0; }
    fclose(f);
    LLVMFuzzerTestOneInput(buffer, (size_t)n);
    free(buffer);
    return 1;
}

int main(int argc, char **argv) {
    int i, count = 0;
    for (i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) continue;   /* an empty corpus folder may be absent */
        if (S_ISDIR(st.st_mode)) {
            DIR *dir = opendir(argv[i]);
            struct dirent *e;
            while (dir && (e = readdir(dir)) != NULL) {
                char path[4096];
                if (e->d_name[0] == '.') continue;
                snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
                count += replay_file(path);
            }
            if (dir) closedir(dir);
        } else {
            count += replay_file(argv[i]);
        }
    }
    printf("replayed %d inputs\n", count);
    return 0;
}
