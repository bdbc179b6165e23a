/* What files a PROJ context may open on Waymark's behalf.
 *
 * CRS strings can come from outside (a config file, a server), and PROJ opens whatever
 * a string names: "+geoidgrids=/any/path", "+init=/any/file:code", a FIFO that blocks
 * the open forever. Waymark's contexts therefore get a PROJ file API that
 *   - opens regular files only, read-only, with O_NONBLOCK (a FIFO or device is refused
 *     without blocking), and never writes, creates, renames or deletes;
 *   - unless WAYMARK_FILES_ALLOW_PATHS is set, opens only files inside PROJ's resource
 *     directories: the directory of proj.db, the user-writable directory, and the
 *     directories of PROJ_DATA / PROJ_LIB. A grid is then named, not located.
 * Network access is switched off on the context as well.
 *
 * Its own module (CProjFilePolicy), so the CProj shim stays PROJ's API alone; only
 * WaymarkPROJ's PROJContext imports it. Static inline, so the Embedded Swift library
 * carries it without a C target (CMake compiles no C for it). */
#ifndef WAYMARK_FILE_POLICY_H
#define WAYMARK_FILE_POLICY_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <proj.h>
#if defined(__linux__) && defined(__GLIBC__)
#include <linux/stat.h>   /* struct statx, STATX_TYPE */
#endif

/* The type of a file (by path, or of an open descriptor when path is NULL): 1 regular,
 * 0 something else, -1 not there. On glibc it asks statx (glibc 2.28): stat and fstat
 * bind to GLIBC_2.33 symbols when built against newer headers, which would stop the
 * library loading on older systems (a ctest holds the floor at 2.29). */
#if defined(__linux__) && defined(__GLIBC__)
extern int statx(int dirfd, const char *pathname, int flags, unsigned int mask, struct statx *statxbuf);
static inline int waymark_file_type(const char *path, int fd) {
    struct statx sx;
    if (statx(path ? AT_FDCWD : fd, path ? path : "", path ? 0 : 0x1000 /* AT_EMPTY_PATH */, STATX_TYPE, &sx) != 0)
        return -1;
    return S_ISREG(sx.stx_mode) ? 1 : 0;
}
#else
static inline int waymark_file_type(const char *path, int fd) {
    struct stat st;
    if ((path ? stat(path, &st) : fstat(fd, &st)) != 0) return -1;
    return S_ISREG(st.st_mode) ? 1 : 0;
}
#endif

#define WAYMARK_FILES_RESOURCES_ONLY 0
#define WAYMARK_FILES_ALLOW_PATHS    1

/* A context's policy: resolved once, when it is installed (asking PROJ for proj.db's
 * path from inside the file API would recurse into it). */
typedef struct waymark_file_policy {
    int allow_paths;
    int refused;               /* files that exist but the policy kept PROJ from */
    char data_dir[PATH_MAX];   /* proj.db's directory, resolved; empty if unknown */
    char user_dir[PATH_MAX];   /* PROJ's user-writable directory, resolved; may be empty */
} waymark_file_policy;

/* Resolves `dir` into `out` (PATH_MAX bytes); leaves it empty when it does not exist. */
static inline void waymark_resolve_dir(const char *dir, char *out) {
    size_t n;
    out[0] = '\0';
    if (!dir || !*dir || !realpath(dir, out)) {
        out[0] = '\0';
        return;
    }
    n = strlen(out);
    while (n > 1 && out[n - 1] == '/') out[--n] = '\0';
}

/* 1 when `path` (resolved) lies inside the resolved directory `dir`. */
static inline int waymark_path_under(const char *path, const char *dir) {
    size_t n = strlen(dir);
    return n > 0 && strncmp(path, dir, n) == 0 && (path[n] == '/' || (n == 1 && dir[0] == '/'));
}

/* 1 when `path` (resolved) is inside one of the ':'-separated directories in `list`. */
static inline int waymark_path_in_list(const char *path, const char *list) {
    char dir[PATH_MAX];
    while (list && *list) {
        const char *end = strchr(list, ':');
        size_t n = end ? (size_t)(end - list) : strlen(list);
        if (n > 0 && n < sizeof dir) {
            memcpy(dir, list, n);
            dir[n] = '\0';
            char resolved[PATH_MAX];
            waymark_resolve_dir(dir, resolved);
            if (waymark_path_under(path, resolved)) return 1;
        }
        if (!end) break;
        list = end + 1;
    }
    return 0;
}

/* 1 when the policy lets PROJ read `filename`. */
static inline int waymark_file_allowed(const char *filename, void *user_data) {
    const waymark_file_policy *policy = (const waymark_file_policy *)user_data;
    char resolved[PATH_MAX];
    if (policy->allow_paths) return 1;
    if (!filename || !realpath(filename, resolved)) return 0;
    return waymark_path_under(resolved, policy->data_dir) || waymark_path_under(resolved, policy->user_dir)
        || waymark_path_in_list(resolved, getenv("PROJ_DATA")) || waymark_path_in_list(resolved, getenv("PROJ_LIB"));
}

static inline PROJ_FILE_HANDLE *waymark_file_open(PJ_CONTEXT *ctx, const char *filename, PROJ_OPEN_ACCESS access,
                                                  void *user_data) {
    waymark_file_policy *policy = (waymark_file_policy *)user_data;
    int fd, type;
    FILE *f;
    (void)ctx;
    if (!filename || (type = waymark_file_type(filename, -1)) < 0) return NULL;   /* not there: PROJ looks elsewhere */
    if (access != PROJ_OPEN_ACCESS_READ_ONLY || !waymark_file_allowed(filename, user_data) || type != 1) {
        policy->refused++;
        return NULL;
    }
    /* O_NONBLOCK: should a FIFO replace the file after the stat, opening it still
     * returns at once instead of waiting for a writer. */
    fd = open(filename, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return NULL;
    if (waymark_file_type(NULL, fd) != 1) {
        policy->refused++;
        close(fd);
        return NULL;
    }
    f = fdopen(fd, "rb");
    if (!f) close(fd);
    return (PROJ_FILE_HANDLE *)f;
}

static inline size_t waymark_file_read(PJ_CONTEXT *ctx, PROJ_FILE_HANDLE *h, void *buffer, size_t size, void *user_data) {
    (void)ctx; (void)user_data;
    return fread(buffer, 1, size, (FILE *)h);
}

static inline size_t waymark_file_write(PJ_CONTEXT *ctx, PROJ_FILE_HANDLE *h, const void *buffer, size_t size, void *user_data) {
    (void)ctx; (void)h; (void)buffer; (void)size; (void)user_data;
    return 0;
}

static inline int waymark_file_seek(PJ_CONTEXT *ctx, PROJ_FILE_HANDLE *h, long long offset, int whence, void *user_data) {
    (void)ctx; (void)user_data;
    return fseeko((FILE *)h, (off_t)offset, whence) == 0;
}

static inline unsigned long long waymark_file_tell(PJ_CONTEXT *ctx, PROJ_FILE_HANDLE *h, void *user_data) {
    (void)ctx; (void)user_data;
    return (unsigned long long)ftello((FILE *)h);
}

static inline void waymark_file_close(PJ_CONTEXT *ctx, PROJ_FILE_HANDLE *h, void *user_data) {
    (void)ctx; (void)user_data;
    fclose((FILE *)h);
}

static inline int waymark_file_exists(PJ_CONTEXT *ctx, const char *filename, void *user_data) {
    waymark_file_policy *policy = (waymark_file_policy *)user_data;
    int type;
    (void)ctx;
    if (!filename || (type = waymark_file_type(filename, -1)) < 0) return 0;
    if (!waymark_file_allowed(filename, user_data) || type != 1) {
        policy->refused++;
        return 0;
    }
    return 1;
}

static inline int waymark_file_refuse_path(PJ_CONTEXT *ctx, const char *path, void *user_data) {
    (void)ctx; (void)path; (void)user_data;
    return 0;
}

static inline int waymark_file_refuse_rename(PJ_CONTEXT *ctx, const char *from, const char *to, void *user_data) {
    (void)ctx; (void)from; (void)to; (void)user_data;
    return 0;
}

/* Installs the policy on `ctx` (flags: WAYMARK_FILES_*) and switches the network off.
 * Returns the policy, which must outlive the context (free it with free() after
 * proj_context_destroy), or NULL on failure (nothing installed). */
static inline void *waymark_restrict_files(PJ_CONTEXT *ctx, int flags) {
    static const PROJ_FILE_API api = {
        1, waymark_file_open, waymark_file_read, waymark_file_write, waymark_file_seek, waymark_file_tell,
        waymark_file_close, waymark_file_exists, waymark_file_refuse_path, waymark_file_refuse_path,
        waymark_file_refuse_rename
    };
    waymark_file_policy *policy = (waymark_file_policy *)calloc(1, sizeof *policy);
    if (!policy) return NULL;
    policy->allow_paths = (flags & WAYMARK_FILES_ALLOW_PATHS) != 0;
    if (!policy->allow_paths) {
        const char *database = proj_context_get_database_path(ctx);
        const char *slash = database ? strrchr(database, '/') : NULL;
        if (slash && (size_t)(slash - database) < PATH_MAX) {
            char dir[PATH_MAX];
            memcpy(dir, database, (size_t)(slash - database));
            dir[slash - database] = '\0';
            waymark_resolve_dir(dir, policy->data_dir);
        }
        waymark_resolve_dir(proj_context_get_user_writable_directory(ctx, 0), policy->user_dir);
    }
    proj_context_set_enable_network(ctx, 0);
    if (!proj_context_set_fileapi(ctx, &api, policy)) {
        free(policy);
        return NULL;
    }
    return policy;
}

/* How many existing files the policy refused since the last reset (a CRS string that
 * names a path must fail, not silently fall back to an operation without its grid). */
static inline int waymark_files_refused(void *policy) {
    return ((waymark_file_policy *)policy)->refused;
}

static inline void waymark_files_reset(void *policy) {
    ((waymark_file_policy *)policy)->refused = 0;
}

#endif
