#pragma once

#include "core/Expected.h"

#include <QStringList>

namespace difftriage::engine {

// Landlock rulesets for a worker's own domain (degraded sandbox, prepare command): writes only
// below some directories, reads only below others, from ABI 4 no TCP, from ABI 6 no signals or
// abstract Unix sockets to processes outside. Each test's nested domain is runner.py's
// (runnerlib/confine.py).
namespace Landlock {

// What this kernel offers: 0 without Landlock (or with it switched off).
int kernelAbi();

struct Rules
{
    int abi = 0;                     // the ABI to use (at most the kernel's)
    QStringList writableDirectories; // read and write
    QStringList readablePaths;       // read and execute; empty: reads are not restricted
};

// A ruleset file descriptor to enter with landlock_restrict_self; paths that do not exist are
// left out. The caller owns (and closes) it.
Expected<int> createRuleset(const Rules &rules);

// Enters `ruleset`; async-signal-safe, for a child between fork and exec. False on failure.
bool restrictSelf(int ruleset);

} // namespace Landlock

} // namespace difftriage::engine
