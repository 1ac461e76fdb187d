#include "core/HelperScript.h"

#include "core/ChildProcess.h"
#include "core/DataPaths.h"

#include <QFileInfo>

namespace difftriage::engine {

Expected<QByteArray> runHelperScript(const PythonInterpreter &interpreter,
                                     const HelperScriptRun &run)
{
    const QString script = pythonHelperPath(run.script);
    if (!QFileInfo::exists(script))
        return makeError(
            QStringLiteral("helper script missing: %1 (set DIFFTRIAGE_DATA_DIR?)").arg(script));
    ChildProcess::Spec spec;
    spec.program = interpreter.executable;
    // -I ignores every PYTHON* variable, so nothing of the user's environment leaks in; the helpers
    // sort their output, so the hash seed does not matter. -B: the helper directory may be
    // read-only.
    spec.arguments =
        QStringList{QStringLiteral("-I"), QStringLiteral("-B"), script} + run.arguments;
    spec.name = QStringLiteral("%1 (%2)").arg(run.script, interpreter.executable);
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    environment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    spec.environment = environment;
    spec.input = run.input;
    spec.timeoutMs = run.timeoutMs;
    auto finished = ChildProcess::runChecked(spec);
    if (!finished)
        return finished.error();
    return finished->standardOutput;
}

} // namespace difftriage::engine
