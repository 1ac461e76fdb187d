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

    bool landlock = false; // degraded: writes only in private dirs, no TCP, no signals out
    bool seccomp = false;  // degraded: no sockets but AF_UNIX

    QStringList hiddenDirs;  // full: host directories the sandbox sees as an empty tmpfs
    QString home;            // full: HOME inside the sandbox (a tmpfs)
    QStringList pythonPaths; // the interpreters' prefixes and sys.path, re-exposed when hidden
};

} // namespace difftriage::engine
