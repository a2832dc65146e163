/* SPDX-License-Identifier: Apache-2.0 */
/* Opening beneath a root through the C API, from C11: every case through
 * both resolvers (U8GUARD_RESOLVER_OPENAT2 where the kernel has openat2,
 * and U8GUARD_RESOLVER_WALK), refusals as rules, missing files as
 * U8GUARD_NOT_FOUND with errno, creation, NULL arguments and bad options.
 * The attacks themselves are in open_beneath_*_test.cc. */

#define _GNU_SOURCE /* O_PATH, O_DIRECTORY, O_CLOEXEC, symlink */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/capi/capi_harness.h"
#include "u8guard/u8guard_c.h"

/* temp/NAME */
static const char *in_temp(const char *name) {
  static char path[4][512];
  static int next = 0;
  char *p = path[next++ % 4];
  snprintf(p, sizeof path[0], "%s/%s", capi_temp_dir(), name);
  return p;
}

/* temp/secret.txt (outside), temp/root/{public.txt, dir/, uploads/,
 * out -> ../secret.txt, alias -> public.txt}; returns the root's
 * descriptor. */
static int make_tree(void) {
  int root = -1;
  u8guard_error e;
  capi_write_file(in_temp("secret.txt"), "SECRET", 6);
  CAPI_CHECK_INT(mkdir(in_temp("root"), 0755), 0);
  CAPI_CHECK_INT(mkdir(in_temp("root/dir"), 0755), 0);
  CAPI_CHECK_INT(mkdir(in_temp("root/uploads"), 0755), 0);
  capi_write_file(in_temp("root/public.txt"), "public", 6);
  CAPI_CHECK_INT(symlink("../secret.txt", in_temp("root/out")), 0);
  CAPI_CHECK_INT(symlink("public.txt", in_temp("root/alias")), 0);
  CAPI_CHECK_INT(u8guard_open_root(in_temp("root"), &root, &e), U8GUARD_OK);
  CAPI_CHECK_INT(e.status, U8GUARD_OK);
  CAPI_CHECK(root >= 0);
  CAPI_CHECK((fcntl(root, F_GETFD) & FD_CLOEXEC) != 0);
  return root;
}

/* The resolvers this kernel runs: the walk, and openat2 when the probe
 * through U8GUARD_RESOLVER_OPENAT2 succeeds. */
static int resolvers(int out[2]) {
  u8guard_open_options o;
  int fd = -1;
  int n = 0;
  u8guard_open_options_init(&o);
  o.resolver = U8GUARD_RESOLVER_OPENAT2;
  o.flags = O_PATH | O_DIRECTORY;
  if (u8guard_open_beneath(AT_FDCWD, "", 0, &o, &fd, NULL) == U8GUARD_OK) {
    close(fd);
    out[n++] = U8GUARD_RESOLVER_OPENAT2;
  }
  out[n++] = U8GUARD_RESOLVER_WALK;
  return n;
}

/* Runs `cases` with a fresh tree's root and default options naming each
 * resolver in turn. */
static void with_each_resolver(void (*cases)(int root,
                                             const u8guard_open_options *o)) {
  const int root = make_tree();
  int which[2];
  const int count = resolvers(which);
  for (int i = 0; i < count; ++i) {
    u8guard_open_options o;
    u8guard_open_options_init(&o);
    o.resolver = which[i];
    cases(root, &o);
  }
  close(root);
}

/* Reads up to 63 bytes of fd into a NUL-terminated buffer. */
static const char *content(int fd) {
  static char buffer[64];
  const ssize_t n = pread(fd, buffer, sizeof buffer - 1, 0);
  buffer[n > 0 ? n : 0] = '\0';
  return buffer;
}

/* Opens `path` beneath `root` and expects a refusal by `rule` (from
 * `source`), *fd left at -1. */
static void expect_refused(const char *file, int line, int root,
                           const char *path, const u8guard_open_options *o,
                           u8guard_rule_t rule, int source) {
  int fd = 99;
  u8guard_error e;
  char message[400];
  const u8guard_status s =
      u8guard_open_beneath(root, path, strlen(path), o, &fd, &e);
  if (s != U8GUARD_REJECTED || e.rule != rule || e.source != source ||
      e.offset != 0 || fd != -1) {
    snprintf(message, sizeof message,
             "%s: expected %s, got %s %s (source %d, fd %d): %.200s", path,
             u8guard_rule_id(rule), u8guard_status_name(s),
             u8guard_rule_id(e.rule), (int)e.source, fd, e.message);
    capi_fail(file, line, message);
  }
}
#define EXPECT_REFUSED(root, path, options, rule, source) \
  expect_refused(__FILE__, __LINE__, root, path, options, rule, source)

static void test_options_init(void) {
  u8guard_open_options o;
  memset(&o, 0x5A, sizeof o);
  u8guard_open_options_init(&o);
  CAPI_CHECK_INT(o.symlinks, U8GUARD_SYMLINKS_NONE);
  CAPI_CHECK_INT(o.no_xdev, 0);
  CAPI_CHECK_INT(o.flags, O_RDONLY);
  CAPI_CHECK_INT(o.resolver, U8GUARD_RESOLVER_AUTO);
  CAPI_CHECK_INT(o.any_file_type, 0);
  CAPI_CHECK_INT(o.path.dot_dot, U8GUARD_DOT_DOT_REJECT);
  CAPI_CHECK_INT(o.path.max_depth, 32);
  CAPI_CHECK(o.path.root == NULL);
  u8guard_open_options_init(NULL);
}

static void test_names(void) {
  int value = 7;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_symlinks_from_name("inside", &value, &e), U8GUARD_OK);
  CAPI_CHECK_INT(value, U8GUARD_SYMLINKS_INSIDE);
  CAPI_CHECK_INT(u8guard_symlinks_from_name("none", &value, &e), U8GUARD_OK);
  CAPI_CHECK_INT(value, U8GUARD_SYMLINKS_NONE);
  CAPI_CHECK_INT(u8guard_symlinks_from_name("all", &value, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(value, U8GUARD_SYMLINKS_NONE);
  CAPI_CHECK_INT(u8guard_symlinks_from_name(NULL, &value, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_STR(u8guard_rule_id(U8GUARD_RULE_OPEN_ESCAPES_ROOT),
                 "open/escapes_root");
  CAPI_CHECK_STR(u8guard_rule_id(U8GUARD_RULE_OPEN_SYMLINK_LOOP),
                 "open/symlink_loop");
}

static void open_cases(int root, const u8guard_open_options *defaults) {
  u8guard_open_options o = *defaults;
  int fd = -1;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_open_beneath(root, "public.txt", 10, &o, &fd, &e),
                 U8GUARD_OK);
  CAPI_CHECK_STR(content(fd), "public");
  CAPI_CHECK((fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0);
  close(fd);
  /* Not NUL-terminated: the length counts. */
  CAPI_CHECK_INT(u8guard_open_beneath(root, "public.txt/xyz", 10, &o, &fd, &e),
                 U8GUARD_OK);
  CAPI_CHECK_STR(content(fd), "public");
  close(fd);
  /* Links: refused without kInside, out of the root either way. */
  EXPECT_REFUSED(root, "alias", &o, U8GUARD_RULE_OPEN_SYMLINK,
                 U8GUARD_SOURCE_OPEN);
  EXPECT_REFUSED(root, "out", &o, U8GUARD_RULE_OPEN_SYMLINK,
                 U8GUARD_SOURCE_OPEN);
  o.symlinks = U8GUARD_SYMLINKS_INSIDE;
  CAPI_CHECK_INT(u8guard_open_beneath(root, "alias", 5, &o, &fd, &e),
                 U8GUARD_OK);
  CAPI_CHECK_STR(content(fd), "public");
  close(fd);
  EXPECT_REFUSED(root, "out", &o, U8GUARD_RULE_OPEN_ESCAPES_ROOT,
                 U8GUARD_SOURCE_OPEN);
  CAPI_CHECK_INT(u8guard_open_beneath(root, "out", 3, &o, &fd, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK(strstr(e.message, "refused at \"out\": open/escapes_root") !=
             NULL);
  /* The sanitizer first. */
  EXPECT_REFUSED(root, "../secret.txt", &o, U8GUARD_RULE_PATH_DOT_DOT,
                 U8GUARD_SOURCE_PATH);
  /* Missing is not refused: U8GUARD_NOT_FOUND, errno ENOENT. */
  errno = 0;
  CAPI_CHECK_INT(u8guard_open_beneath(root, "missing", 7, &o, &fd, &e),
                 U8GUARD_NOT_FOUND);
  CAPI_CHECK_INT(errno, ENOENT);
  CAPI_CHECK_INT(fd, -1);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_NONE);
  CAPI_CHECK_INT(e.source, U8GUARD_SOURCE_NONE);
  CAPI_CHECK_INT(u8guard_open_beneath(root, "public.txt/x", 12, &o, &fd, &e),
                 U8GUARD_NOT_FOUND);
  CAPI_CHECK_INT(errno, ENOTDIR);
  o.flags = O_WRONLY;
  CAPI_CHECK_INT(u8guard_open_beneath(root, "dir", 3, &o, &fd, &e),
                 U8GUARD_IO_ERROR);
  CAPI_CHECK_INT(errno, EISDIR);
  o.flags = O_PATH | O_DIRECTORY;
  CAPI_CHECK_INT(u8guard_open_beneath(root, "", 0, &o, &fd, &e), U8GUARD_OK);
  close(fd);
  /* Attack (an outside review): ENAMETOOLONG came back as
   * U8GUARD_INVALID_ARGUMENT ("bad options"). The errno decides now. */
  {
    /* 25 segments of 199 bytes: within the sanitizer's bounds, beyond
     * PATH_MAX. */
    static char long_path[5001];
    size_t i;
    memset(long_path, 'a', sizeof long_path - 1);
    for (i = 199; i < sizeof long_path - 1; i += 200) long_path[i] = '/';
    o.flags = O_RDONLY;
    o.path.max_length = sizeof long_path;
    errno = 0;
    CAPI_CHECK_INT(u8guard_open_beneath(root, long_path, sizeof long_path - 1,
                                        &o, &fd, &e),
                   U8GUARD_IO_ERROR);
    CAPI_CHECK_INT(errno, ENAMETOOLONG);
    CAPI_CHECK_INT(fd, -1);
  }
}

static void test_open(void) { with_each_resolver(open_cases); }

/* Seconds since an arbitrary start (CLOCK_MONOTONIC). */
static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Opens `path` beneath `root` and expects a refusal by `rule` within a
 * second. A helper process opens the FIFO `fifo` for writing if the call
 * has not returned after 10 seconds, so that an open waiting for a writer
 * (the attack) fails the test instead of hanging it. */
static void expect_refused_at_once(const char *file, int line, int root,
                                   const char *path,
                                   const u8guard_open_options *o,
                                   u8guard_rule_t rule, const char *fifo) {
  int done[2];
  pid_t helper;
  double start;
  CAPI_CHECK_INT(pipe2(done, O_CLOEXEC), 0);
  helper = fork();
  if (helper == 0) {
    struct pollfd p;
    p.fd = done[0];
    p.events = POLLIN;
    p.revents = 0;
    close(done[1]);
    if (poll(&p, 1, 10000) == 0) {
      const int writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
      if (writer >= 0) close(writer);
    }
    _exit(0);
  }
  close(done[0]);
  start = now_seconds();
  expect_refused(file, line, root, path, o, rule, U8GUARD_SOURCE_OPEN);
  if (now_seconds() - start > 1.0) {
    capi_fail(file, line, "the open blocked (released after 10 s)");
  }
  close(done[1]);
  if (helper > 0) waitpid(helper, NULL, 0);
}

/* Attack: a FIFO left beneath the root made the open wait for a writer
 * forever (Python's open_beneath hung on one); a device never ends; a
 * socket or directory is no file to read. Refused by kind, at once, in
 * every access mode; any_file_type, O_DIRECTORY and O_PATH open them. */
static void test_file_types(void) {
  const int root = make_tree();
  int dev = -1;
  int which[2];
  const int count = resolvers(which);
  const int access[] = {O_RDONLY, O_WRONLY, O_RDWR, O_RDONLY | O_NONBLOCK};
  const char *fifo = in_temp("root/report.txt");
  struct sockaddr_un address;
  const int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int i, a;
  CAPI_CHECK_INT(mkfifo(fifo, 0644), 0);
  memset(&address, 0, sizeof address);
  address.sun_family = AF_UNIX;
  CAPI_CHECK(strlen(in_temp("root/sock")) < sizeof address.sun_path);
  strcpy(address.sun_path, in_temp("root/sock"));
  CAPI_CHECK_INT(
      bind(listener, (const struct sockaddr *)&address, sizeof address), 0);
  CAPI_CHECK_INT(u8guard_open_root("/dev", &dev, NULL), U8GUARD_OK);
  for (i = 0; i < count; ++i) {
    u8guard_open_options o;
    u8guard_error e;
    int fd = -1;
    for (a = 0; a < 4; ++a) {
      u8guard_open_options_init(&o);
      o.resolver = which[i];
      o.flags = access[a];
      expect_refused_at_once(__FILE__, __LINE__, root, "report.txt", &o,
                             U8GUARD_RULE_OPEN_FIFO, fifo);
      EXPECT_REFUSED(root, "sock", &o, U8GUARD_RULE_OPEN_SOCKET,
                     U8GUARD_SOURCE_OPEN);
      EXPECT_REFUSED(dev, "null", &o, U8GUARD_RULE_OPEN_DEVICE,
                     U8GUARD_SOURCE_OPEN);
      if ((access[a] & O_ACCMODE) == O_RDONLY) {
        EXPECT_REFUSED(root, "dir", &o, U8GUARD_RULE_OPEN_DIRECTORY,
                       U8GUARD_SOURCE_OPEN);
        EXPECT_REFUSED(root, "", &o, U8GUARD_RULE_OPEN_DIRECTORY,
                       U8GUARD_SOURCE_OPEN);
      }
    }
    u8guard_open_options_init(&o);
    o.resolver = which[i];
    CAPI_CHECK_INT(u8guard_open_beneath(root, "report.txt", 10, &o, &fd, &e),
                   U8GUARD_REJECTED);
    CAPI_CHECK_STR(e.message,
                   "open beneath root: refused at \"report.txt\": open/fifo: "
                   "a FIFO (named pipe), not a regular file: opening or "
                   "reading it can wait forever");
    /* A regular file comes back without the O_NONBLOCK the open used. */
    CAPI_CHECK_INT(u8guard_open_beneath(root, "public.txt", 10, &o, &fd, &e),
                   U8GUARD_OK);
    CAPI_CHECK_INT(fcntl(fd, F_GETFL) & O_NONBLOCK, 0);
    close(fd);
    /* What asks for another type gets it. */
    o.flags = O_RDONLY | O_DIRECTORY;
    CAPI_CHECK_INT(u8guard_open_beneath(root, "dir", 3, &o, &fd, &e),
                   U8GUARD_OK);
    close(fd);
    o.flags = O_RDONLY | O_NONBLOCK;
    o.any_file_type = 1;
    CAPI_CHECK_INT(u8guard_open_beneath(root, "report.txt", 10, &o, &fd, &e),
                   U8GUARD_OK);
    close(fd);
    CAPI_CHECK_INT(u8guard_open_beneath(dev, "null", 4, &o, &fd, &e),
                   U8GUARD_OK);
    close(fd);
    CAPI_CHECK_INT(u8guard_open_beneath(root, "dir", 3, &o, &fd, &e),
                   U8GUARD_OK);
    close(fd);
  }
  close(listener);
  close(dev);
  close(root);
}

static void magic_link_cases(int root, const u8guard_open_options *defaults) {
  int proc_self = -1;
  (void)root;
  CAPI_CHECK_INT(u8guard_open_root("/proc/self", &proc_self, NULL), U8GUARD_OK);
  {
    u8guard_open_options o = *defaults;
    o.symlinks = U8GUARD_SYMLINKS_INSIDE;
    EXPECT_REFUSED(proc_self, "root/etc/passwd", &o,
                   U8GUARD_RULE_OPEN_MAGIC_LINK, U8GUARD_SOURCE_OPEN);
    EXPECT_REFUSED(proc_self, "fd/0", &o, U8GUARD_RULE_OPEN_MAGIC_LINK,
                   U8GUARD_SOURCE_OPEN);
  }
  close(proc_self);
}

static void test_magic_links(void) { with_each_resolver(magic_link_cases); }

static void create_cases(int root, const u8guard_open_options *defaults) {
  const u8guard_open_options o = *defaults;
  const int i = o.resolver;
  int fd = -1;
  u8guard_error e;
  char name[64];
  snprintf(name, sizeof name, "uploads/new%d.txt", i);
  CAPI_CHECK_INT(
      u8guard_create_beneath(root, name, strlen(name), 0600, &o, &fd, &e),
      U8GUARD_OK);
  CAPI_CHECK_INT(write(fd, "up", 2), 2);
  CAPI_CHECK((fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0);
  close(fd);
  CAPI_CHECK_INT(
      u8guard_create_beneath(root, name, strlen(name), 0600, &o, &fd, &e),
      U8GUARD_ALREADY_EXISTS);
  CAPI_CHECK_INT(errno, EEXIST);
  CAPI_CHECK_INT(fd, -1);
  /* A link is never created through nor over. */
  CAPI_CHECK_INT(u8guard_create_beneath(root, "out", 3, 0600, &o, &fd, &e),
                 U8GUARD_ALREADY_EXISTS);
  CAPI_CHECK_INT(u8guard_create_beneath(root, "out/x", 5, 0600, &o, &fd, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_OPEN_SYMLINK);
  CAPI_CHECK_INT(u8guard_create_beneath(root, "up/x", 4, 010000, &o, &fd, &e),
                 U8GUARD_INVALID_ARGUMENT);
  snprintf(name, sizeof name, "uploads/dir%d", i);
  CAPI_CHECK_INT(u8guard_mkdir_beneath(root, name, strlen(name), 0700, &o, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_mkdir_beneath(root, name, strlen(name), 0700, &o, &e),
                 U8GUARD_ALREADY_EXISTS);
  CAPI_CHECK_INT(u8guard_mkdir_beneath(root, "../x", 4, 0700, &o, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_PATH_DOT_DOT);
}

static void test_create_and_mkdir(void) { with_each_resolver(create_cases); }

static void test_bad_arguments(void) {
  const int root = make_tree();
  u8guard_open_options o;
  int fd = 5;
  u8guard_error e;
  u8guard_open_options_init(&o);
  /* NULL options: the defaults. */
  CAPI_CHECK_INT(u8guard_open_beneath(root, "public.txt", 10, NULL, &fd, &e),
                 U8GUARD_OK);
  close(fd);
  CAPI_CHECK_INT(u8guard_open_beneath(root, "public.txt", 10, &o, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_open_beneath(root, NULL, 3, &o, &fd, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(fd, -1);
  CAPI_CHECK_INT(u8guard_open_root(NULL, &fd, &e), U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_open_root(".", NULL, &e), U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_open_root(in_temp("none"), &fd, &e),
                 U8GUARD_NOT_FOUND);
  CAPI_CHECK_INT(errno, ENOENT);
  CAPI_CHECK_INT(u8guard_create_beneath(root, "x", 1, 0600, &o, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  o.flags = O_RDONLY | O_CREAT;
  CAPI_CHECK_INT(u8guard_open_beneath(root, "x", 1, &o, &fd, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_NONE);
  u8guard_open_options_init(&o);
  o.symlinks = 2;
  CAPI_CHECK_INT(u8guard_open_beneath(root, "x", 1, &o, &fd, &e),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_open_options_init(&o);
  o.resolver = 3;
  CAPI_CHECK_INT(u8guard_open_beneath(root, "x", 1, &o, &fd, &e),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_open_options_init(&o);
  o.path.root = "/srv";
  CAPI_CHECK_INT(u8guard_open_beneath(root, "x", 1, &o, &fd, &e),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_open_options_init(&o);
  o.path.dot_dot = 9;
  CAPI_CHECK_INT(u8guard_mkdir_beneath(root, "x", 1, 0700, &o, &e),
                 U8GUARD_INVALID_ARGUMENT);
  close(root);
}

const capi_test capi_open_tests[] = {{"OptionsInit", test_options_init},
                                     {"Names", test_names},
                                     {"Open", test_open},
                                     {"FileTypes", test_file_types},
                                     {"MagicLinks", test_magic_links},
                                     {"CreateAndMkdir", test_create_and_mkdir},
                                     {"BadArguments", test_bad_arguments},
                                     {NULL, NULL}};
