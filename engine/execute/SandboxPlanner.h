#pragma once

#include "core/PythonInterpreter.h"
#include "execute/SandboxPlan.h"

#include <QList>

namespace difftriage::engine {

// Decides between the full (bubblewrap) and the degraded sandbox. bubblewrap is tried for real,
// once per process and interpreter: it is often installed yet refused (containers without user
// namespaces, AppArmor's userns restriction). The degraded sandbox's Landlock and seccomp parts
// are probed the same way; whatever does not work is left out and said so in the note.
class SandboxPlanner final
{
public:
    // `landlockAbiLimit` > 0 plans as on a kernel with at most that Landlock ABI (tests of the
    // older kernels' fallbacks).
    static SandboxPlan plan(const QList<PythonInterpreter> &interpreters, bool forceDegraded,
                            const QString &unprivilegedUser, int landlockAbiLimit = 0);

    // Runs `python -s -c code` as a worker of `plan` would run; the error carries its stderr.
    static Status probe(const SandboxPlan &plan, const PythonInterpreter &python,
                        const QString &code);

    // How many processes `uid` has right now: RLIMIT_NPROC counts all of them, not just a test's.
    static int processCount(uid_t uid);
};

} // namespace difftriage::engine
