#pragma once

#include "execute/WorkerConfig.h"

#include <QStringList>
#include <sys/types.h>

namespace difftriage::engine {

// How this machine confines workers, decided once per Executor by SandboxPlanner.
struct SandboxPlan
{
    SandboxLevel level = SandboxLevel::Degraded;
    QString note;  // what protects the host, and what does not: shown to the user and recorded
    QString why;   // degraded: why bubblewrap is not used; full as root: why it starts as root
    QString bwrap; // the bubblewrap binary (full)

    // Running as root, where process-count limits and file modes do not apply: in full mode
    // bubblewrap itself starts as `user`; in degraded mode runner.py drops each test to it.
    bool dropUser = false;
    // Full, as root, when `user` cannot reach an interpreter (pyenv or conda under a private
    // home): bubblewrap starts as root, where it can bind the interpreter, with only the
    // capabilities to switch users, and runner.py switches each test to `user` inside.
    bool dropInside = false;
    QString user;
    uid_t uid = 0;
    gid_t gid = 0;
    // Degraded as root without the unprivileged user, or when it cannot reach the interpreter
    // (pyenv or conda under /root): tests stay root but give up every capability;
    // `userUnreachable` says why the user could not be used.
    bool dropCapabilities = false;
    QString userUnreachable;

    // The Landlock ABI tests use (the kernel's, or less: WorkerConfig::landlockAbiLimit); 0 when
    // there is none. Each test enters its own domain (runner.py): it reads only readablePaths
    // and its own directories, and from ABI 6 signals and reaches no process outside it.
    int landlockAbi = 0;
    // Degraded: the worker's own Landlock domain (writes only in its private directory, reads
    // only what tests may read, from ABI 4 no TCP).
    bool landlock = false;
    // The seccomp filter: degraded, no sockets at all; full, no Unix sockets (SeccompFilter.h).
    bool seccomp = false;

    QStringList readablePaths; // the system's, the interpreters' and a few /etc files
    QStringList hiddenDirs;    // full: host directories the sandbox sees as an empty tmpfs
    QString home;              // full: HOME inside the sandbox (a tmpfs)
    QStringList pythonPaths;   // the interpreters' prefixes and sys.path, re-exposed when hidden
};

} // namespace difftriage::engine
