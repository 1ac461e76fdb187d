#include "execute/SandboxStatus.h"

#include "core/PythonInterpreter.h"
#include "execute/SandboxNote.h"
#include "execute/SandboxPlanner.h"

namespace difftriage::engine {

Expected<SandboxStatus> probeSandboxStatus(const QStringList &interpreters, bool forceDegraded)
{
    QList<PythonInterpreter> resolved;
    SandboxStatus status;
    for (const QString &requested : interpreters) {
        auto python = resolvePythonInterpreter(requested);
        if (!python)
            return makeError(python.error().message);
        status.interpreters
            << QStringLiteral("%1 → %2 (%3)").arg(requested, python->executable, python->version);
        resolved << *python;
    }
    const SandboxPlan plan =
        SandboxPlanner::plan(resolved, forceDegraded, WorkerConfig().unprivilegedUser);
    status.level = plan.level;
    status.note = plan.note;
    status.translatedNote = sandboxNote(plan, NoteLanguage::Translated);
    return status;
}

} // namespace difftriage::engine
