#pragma once

#include "core/Expected.h"
#include "execute/SeccompFilter.h"

#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <sys/resource.h>
#include <sys/types.h>
#include <utility>
#include <vector>

struct sock_filter;

namespace difftriage::engine {

// Restrictions a worker process (or a prepare command) takes on between fork and exec (QProcess's
// child modifier): its own session, death with its parent, resource limits, and optionally an
// unprivileged user, a Landlock domain (Landlock.h) and a seccomp filter (SeccompFilter.h).
// Everything the child does is prepared here in the parent, because between fork and exec only
// async-signal-safe calls are allowed.
class ProcessConfinement final
{
public:
    struct Options
    {
        bool dropUser = false;
        uid_t uid = 0;
        gid_t gid = 0;
        int landlockAbi = 0;             // > 0: a Landlock domain with these rules
        QStringList writableDirectories; // with Landlock: the only places writes may go
        QStringList readablePaths;       // with Landlock: the only places reads may go (or all)
        std::optional<SeccompFilter::Policy> seccomp;
        std::vector<std::pair<int, rlim_t>> limits; // setrlimit(resource, soft = hard = value)
    };

    static Expected<std::shared_ptr<ProcessConfinement>> create(const Options &options);
    ~ProcessConfinement();
    Q_DISABLE_COPY_MOVE(ProcessConfinement)

    // For QProcess::setChildProcessModifier; keeps this object alive while QProcess holds it.
    static std::function<void()> modifier(std::shared_ptr<const ProcessConfinement> confinement);

private:
    ProcessConfinement() = default;
    void applyInChild() const;

    Options m_options;
    pid_t m_parent = 0;
    int m_rulesetFd = -1;
    std::vector<sock_filter> m_filter;
};

} // namespace difftriage::engine
