#include "execute/Landlock.h"

#include <QFile>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace difftriage::engine::Landlock {

namespace {

// The Landlock ABI as of Linux 6.12; Debian 12's headers only know ABI 2, so spell it out.
constexpr std::uint64_t FsExecute = 1ULL << 0;
constexpr std::uint64_t FsWriteFile = 1ULL << 1;
constexpr std::uint64_t FsReadFile = 1ULL << 2;
constexpr std::uint64_t FsReadDir = 1ULL << 3;
constexpr std::uint64_t FsWriteRights = (1ULL << 1) | (1ULL << 4) | (1ULL << 5) | (1ULL << 6) |
                                        (1ULL << 7) | (1ULL << 8) | (1ULL << 9) | (1ULL << 10) |
                                        (1ULL << 11) | (1ULL << 12);      // write, remove, make*
constexpr std::uint64_t FsRefer = 1ULL << 13;                             // ABI 2
constexpr std::uint64_t FsTruncate = 1ULL << 14;                          // ABI 3
constexpr std::uint64_t NetBindAndConnectTcp = (1ULL << 0) | (1ULL << 1); // ABI 4
constexpr std::uint64_t ScopeAbstractSocketsAndSignals = (1ULL << 0) | (1ULL << 1); // ABI 6
constexpr std::uint64_t FileRights = FsExecute | FsReadFile | FsWriteFile | FsTruncate;
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

Error systemError(const QString &what)
{
    return makeError(
        QStringLiteral("%1: %2").arg(what, QString::fromLocal8Bit(std::strerror(errno))));
}

Status allow(int ruleset, const QString &path, std::uint64_t access)
{
    const int pathFd = ::open(QFile::encodeName(path).constData(), O_PATH | O_CLOEXEC);
    if (pathFd < 0)
        return errno == ENOENT ? Status(Ok{}) // not on this machine
                               : Status(systemError(QStringLiteral("cannot open %1").arg(path)));
    // A file takes only file rights: Landlock refuses directory rights on one.
    struct stat info = {};
    if (::fstat(pathFd, &info) == 0 && !S_ISDIR(info.st_mode))
        access &= FileRights;
    PathBeneathAttr rule{access, pathFd};
    const long added = ::syscall(SYS_landlock_add_rule, ruleset, RulePathBeneath, &rule, 0U);
    const int savedErrno = errno;
    ::close(pathFd);
    errno = savedErrno;
    if (added != 0)
        return systemError(QStringLiteral("cannot add a Landlock rule for %1").arg(path));
    return Ok{};
}

} // namespace

int kernelAbi()
{
    const long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, CreateRulesetVersion);
    return abi > 0 ? int(abi) : 0;
}

Expected<int> createRuleset(const Rules &rules)
{
    if (rules.abi < 1)
        return makeError(QStringLiteral("Landlock is not available"));
    const std::uint64_t reads =
        rules.readablePaths.isEmpty() ? 0 : FsExecute | FsReadFile | FsReadDir;
    const std::uint64_t writes =
        FsWriteRights | (rules.abi >= 2 ? FsRefer : 0) | (rules.abi >= 3 ? FsTruncate : 0);
    RulesetAttr attr{reads | writes, rules.abi >= 4 ? NetBindAndConnectTcp : 0,
                     rules.abi >= 6 ? ScopeAbstractSocketsAndSignals : 0};
    const std::size_t size = rules.abi >= 6 ? 24 : rules.abi >= 4 ? 16 : 8;
    const long fd = ::syscall(SYS_landlock_create_ruleset, &attr, size, 0U);
    if (fd < 0)
        return systemError(QStringLiteral("cannot create a Landlock ruleset"));
    const int ruleset = int(fd);
    const auto fail = [ruleset](const Status &status) {
        ::close(ruleset);
        return status.error();
    };
    for (const QString &directory : rules.writableDirectories)
        if (const Status allowed = allow(ruleset, directory, attr.handledFs); !allowed)
            return fail(allowed);
    for (const QString &path : rules.readablePaths)
        if (const Status allowed = allow(ruleset, path, reads); !allowed)
            return fail(allowed);
    // /dev/null is where tests and the runner throw output away.
    const Status devNull = allow(ruleset, QStringLiteral("/dev/null"),
                                 FsWriteFile | FsReadFile | (rules.abi >= 3 ? FsTruncate : 0));
    if (!devNull)
        return fail(devNull);
    return ruleset;
}

bool restrictSelf(int ruleset)
{
    return ::syscall(SYS_landlock_restrict_self, ruleset, 0U) == 0;
}

} // namespace difftriage::engine::Landlock
