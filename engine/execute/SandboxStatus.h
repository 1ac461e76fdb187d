#pragma once

#include "core/Expected.h"
#include "execute/WorkerConfig.h"

#include <QStringList>

namespace difftriage::engine {

// The sandbox tests would run in with these interpreters, for a settings screen to show before
// any analysis: each interpreter resolved and the sandbox planned for real (bubblewrap is tried).
struct SandboxStatus
{
    SandboxLevel level = SandboxLevel::Degraded;
    QString note;             // what protects the host, and what does not (English)
    QString translatedNote;   // the same in the user's language
    QStringList interpreters; // "python3 → /usr/bin/python3.11 (3.11.2)"
};

// Runs Python and bubblewrap: slow, never on the GUI thread. Errors name the interpreter.
Expected<SandboxStatus> probeSandboxStatus(const QStringList &interpreters, bool forceDegraded);

} // namespace difftriage::engine
