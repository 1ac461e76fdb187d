#include "execute/ProcessConfinement.h"

#include "execute/Landlock.h"

#include <csignal>
#include <cstring>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace difftriage::engine {

namespace {

[[noreturn]] void failInChild(const char *message)
{
    // Only async-signal-safe calls here; QProcess has already wired fd 2 to the worker's stderr.
    const ssize_t ignored = ::write(2, message, std::strlen(message));
    (void)ignored;
    ::_exit(126);
}

} // namespace

Expected<std::shared_ptr<ProcessConfinement>> ProcessConfinement::create(const Options &options)
{
    std::shared_ptr<ProcessConfinement> confinement(new ProcessConfinement);
    confinement->m_options = options;
    confinement->m_parent = ::getpid();
    if (options.seccomp) {
        if (!SeccompFilter::supported())
            return makeError(QStringLiteral("seccomp filters are not available"));
        confinement->m_filter = SeccompFilter::filter(*options.seccomp);
    }
    if (options.landlockAbi > 0) {
        auto ruleset = Landlock::createRuleset(
            {options.landlockAbi, options.writableDirectories, options.readablePaths});
        if (!ruleset)
            return ruleset.error();
        confinement->m_rulesetFd = *ruleset;
    }
    return confinement;
}

ProcessConfinement::~ProcessConfinement()
{
    if (m_rulesetFd >= 0)
        ::close(m_rulesetFd);
}

std::function<void()>
ProcessConfinement::modifier(std::shared_ptr<const ProcessConfinement> confinement)
{
    return [confinement = std::move(confinement)] { confinement->applyInChild(); };
}

void ProcessConfinement::applyInChild() const
{
    // Its own session: a terminal's Ctrl+C must reach the executor, not the workers.
    ::setsid();
    for (const auto &[resource, value] : m_options.limits) {
        const rlimit limit{value, value};
        if (::setrlimit(resource, &limit) != 0)
            failInChild("difftriage: cannot set a resource limit\n");
    }
    if (m_options.dropUser) {
        // Raw system calls: only this thread exists in the child, nothing to broadcast to.
        if (::syscall(SYS_setgroups, 0, nullptr) != 0 ||
            ::syscall(SYS_setresgid, m_options.gid, m_options.gid, m_options.gid) != 0 ||
            ::syscall(SYS_setresuid, m_options.uid, m_options.uid, m_options.uid) != 0)
            failInChild("difftriage: cannot switch to the unprivileged user\n");
    }
    // After the user switch, which clears it. The forking thread is the executor's long-lived
    // host thread, so this fires when the executor goes, not when some pool thread retires.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (::getppid() != m_parent)
        ::_exit(126);
    if (m_rulesetFd < 0 && m_filter.empty())
        return;
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        failInChild("difftriage: cannot set no_new_privs\n");
    if (m_rulesetFd >= 0 && !Landlock::restrictSelf(m_rulesetFd))
        failInChild("difftriage: cannot enter the Landlock sandbox\n");
    if (!m_filter.empty()) {
        sock_fprog program{static_cast<unsigned short>(m_filter.size()),
                           const_cast<sock_filter *>(m_filter.data())};
        if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) != 0)
            failInChild("difftriage: cannot install the seccomp filter\n");
    }
}

} // namespace difftriage::engine
