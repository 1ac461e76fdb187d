#include "execute/ProcessConfinement.h"

#include <QFile>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace difftriage::engine {

namespace {

// The Landlock ABI as of Linux 6.12; Debian 12's headers only know ABI 2, so spell it out.
constexpr std::uint64_t FsWriteFile = 1ULL << 1;
constexpr std::uint64_t FsWriteRights = (1ULL << 1) | (1ULL << 4) | (1ULL << 5) | (1ULL << 6) |
                                        (1ULL << 7) | (1ULL << 8) | (1ULL << 9) | (1ULL << 10) |
                                        (1ULL << 11) | (1ULL << 12);      // write, remove, make*
constexpr std::uint64_t FsRefer = 1ULL << 13;                             // ABI 2
constexpr std::uint64_t FsTruncate = 1ULL << 14;                          // ABI 3
constexpr std::uint64_t NetBindAndConnectTcp = (1ULL << 0) | (1ULL << 1); // ABI 4
constexpr std::uint64_t ScopeAbstractSocketsAndSignals = (1ULL << 0) | (1ULL << 1); // ABI 6
constexpr unsigned CreateRulesetVersion = 1U << 0;
constexpr int RulePathBeneath = 1;

struct RulesetAttr
{
    std::uint64_t handledFs;
    std::uint64_t handledNet;
    std::uint64_t scoped;
};

struct __attribute__((packed)) PathBeneathAttr
{
    std::uint64_t allowedAccess;
    std::int32_t parentFd;
};

#if defined(__x86_64__)
constexpr std::uint32_t AuditArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t AuditArch = AUDIT_ARCH_AARCH64;
#else
constexpr std::uint32_t AuditArch = 0; // no filter: seccompSupported() says so
#endif

constexpr std::uint32_t argLowOffset()
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return offsetof(struct seccomp_data, args[0]);
#else
    return offsetof(struct seccomp_data, args[0]) + 4;
#endif
}

std::vector<sock_filter> noNetworkFilter()
{
    auto stmt = [](unsigned code, std::uint32_t k) {
        return sock_filter{static_cast<std::uint16_t>(code), 0, 0, k};
    };
    auto jump = [](unsigned code, std::uint32_t k, std::uint8_t yes, std::uint8_t no) {
        return sock_filter{static_cast<std::uint16_t>(code), yes, no, k};
    };
    std::vector<sock_filter> filter{
        stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        jump(BPF_JMP | BPF_JEQ | BPF_K, AuditArch, 1, 0),
        stmt(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM), // a foreign syscall ABI
        stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
    };
#if defined(__x86_64__)
    filter.push_back(jump(BPF_JMP | BPF_JGE | BPF_K, 0x40000000U, 0, 1)); // x32 numbers
    filter.push_back(stmt(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM));
#endif
    // io_uring can open and connect sockets without the socket() system call.
    filter.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 0, 1));
    filter.push_back(stmt(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS));
    filter.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 1, 0));
    filter.push_back(stmt(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    filter.push_back(stmt(BPF_LD | BPF_W | BPF_ABS, argLowOffset()));
    filter.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1));
    filter.push_back(stmt(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    filter.push_back(stmt(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES));
    return filter;
}

[[noreturn]] void failInChild(const char *message)
{
    // Only async-signal-safe calls here; QProcess has already wired fd 2 to the worker's stderr.
    const ssize_t ignored = ::write(2, message, std::strlen(message));
    (void)ignored;
    ::_exit(126);
}

Error systemError(const QString &what)
{
    return makeError(
        QStringLiteral("%1: %2").arg(what, QString::fromLocal8Bit(std::strerror(errno))));
}

} // namespace

int ProcessConfinement::landlockAbi()
{
    const long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, CreateRulesetVersion);
    return abi > 0 ? int(abi) : 0;
}

bool ProcessConfinement::seccompSupported()
{
    return AuditArch != 0 && ::prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0;
}

Expected<std::shared_ptr<ProcessConfinement>> ProcessConfinement::create(const Options &options)
{
    std::shared_ptr<ProcessConfinement> confinement(new ProcessConfinement);
    confinement->m_options = options;
    confinement->m_parent = ::getpid();
    if (options.seccompNoNetwork) {
        if (!seccompSupported())
            return makeError(QStringLiteral("seccomp filters are not available"));
        confinement->m_filter = noNetworkFilter();
    }
    if (!options.landlock)
        return confinement;
    const int abi = landlockAbi();
    if (abi < 1)
        return makeError(QStringLiteral("Landlock is not available"));
    RulesetAttr attr{FsWriteRights | (abi >= 2 ? FsRefer : 0) | (abi >= 3 ? FsTruncate : 0),
                     abi >= 4 ? NetBindAndConnectTcp : 0,
                     abi >= 6 ? ScopeAbstractSocketsAndSignals : 0};
    const std::size_t size = abi >= 6 ? 24 : abi >= 4 ? 16 : 8;
    const long fd = ::syscall(SYS_landlock_create_ruleset, &attr, size, 0U);
    if (fd < 0)
        return systemError(QStringLiteral("cannot create a Landlock ruleset"));
    confinement->m_rulesetFd = int(fd);
    auto allow = [&](const QString &path, std::uint64_t access) -> Status {
        const QByteArray native = QFile::encodeName(path);
        const int pathFd = ::open(native.constData(), O_PATH | O_CLOEXEC);
        if (pathFd < 0)
            return systemError(QStringLiteral("cannot open %1 for Landlock").arg(path));
        PathBeneathAttr rule{access, pathFd};
        const long added = ::syscall(SYS_landlock_add_rule, fd, RulePathBeneath, &rule, 0U);
        const int savedErrno = errno;
        ::close(pathFd);
        errno = savedErrno;
        if (added != 0)
            return systemError(QStringLiteral("cannot allow writes below %1").arg(path));
        return Ok{};
    };
    for (const QString &directory : options.writableDirectories) {
        const Status allowed = allow(directory, attr.handledFs);
        if (!allowed)
            return allowed.error();
    }
    // /dev/null is where tests and the runner throw output away.
    const Status devNull =
        allow(QStringLiteral("/dev/null"), FsWriteFile | (abi >= 3 ? FsTruncate : 0));
    if (!devNull)
        return devNull.error();
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
    if (m_rulesetFd >= 0 && ::syscall(SYS_landlock_restrict_self, m_rulesetFd, 0U) != 0)
        failInChild("difftriage: cannot enter the Landlock sandbox\n");
    if (!m_filter.empty()) {
        sock_fprog program{static_cast<unsigned short>(m_filter.size()),
                           const_cast<sock_filter *>(m_filter.data())};
        if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) != 0)
            failInChild("difftriage: cannot install the seccomp filter\n");
    }
}

} // namespace difftriage::engine
