#pragma once

#include "core/Expected.h"

#include <QStringList>
#include <functional>
#include <memory>
#include <sys/types.h>
#include <vector>

struct sock_filter;

namespace difftriage::engine {

// Restrictions a worker process takes on between fork and exec (QProcess's child modifier):
// its own session, death with its parent, and optionally an unprivileged user, Landlock (writes
// only below some directories; no TCP; no signals or abstract sockets out of the sandbox) and a
// seccomp filter that refuses every socket but AF_UNIX. Everything the child does is prepared
// here in the parent, because between fork and exec only async-signal-safe calls are allowed.
class ProcessConfinement final
{
public:
    struct Options
    {
        bool dropUser = false;
        uid_t uid = 0;
        gid_t gid = 0;
        bool landlock = false;
        QStringList writableDirectories; // with landlock: the only places writes may go
        bool seccompNoNetwork = false;
    };

    static Expected<std::shared_ptr<ProcessConfinement>> create(const Options &options);
    ~ProcessConfinement();
    Q_DISABLE_COPY_MOVE(ProcessConfinement)

    // For QProcess::setChildProcessModifier; keeps this object alive while QProcess holds it.
    static std::function<void()> modifier(std::shared_ptr<const ProcessConfinement> confinement);

    // 0 when the kernel has no Landlock (or it is switched off).
    static int landlockAbi();
    static bool seccompSupported();

private:
    ProcessConfinement() = default;
    void applyInChild() const;

    Options m_options;
    pid_t m_parent = 0;
    int m_rulesetFd = -1;
    std::vector<sock_filter> m_filter;
};

} // namespace difftriage::engine
