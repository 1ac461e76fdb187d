#include "core/HelperScript.h"

#include "core/DataPaths.h"

#include <QFileInfo>
#include <QProcess>

namespace difftriage::engine {

Expected<QByteArray> runHelperScript(const PythonInterpreter &interpreter,
                                     const HelperScriptRun &run)
{
    const QString script = pythonHelperPath(run.script);
    if (!QFileInfo::exists(script))
        return makeError(
            QStringLiteral("helper script missing: %1 (set DIFFTRIAGE_DATA_DIR?)").arg(script));
    QProcess process;
    QProcessEnvironment environment;
    // -I ignores every PYTHON* variable, so nothing of the user's environment leaks in; the helpers
    // sort their output, so the hash seed does not matter. -B: the helper directory may be
    // read-only.
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    environment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    process.setProcessEnvironment(environment);
    process.setProgram(interpreter.executable);
    process.setArguments(QStringList{QStringLiteral("-I"), QStringLiteral("-B"), script} +
                         run.arguments);
    process.start();
    if (!process.waitForStarted(10000))
        return makeError(QStringLiteral("cannot start %1: %2")
                             .arg(interpreter.executable, process.errorString()));
    if (!run.input.isEmpty())
        process.write(run.input);
    process.closeWriteChannel();
    if (!process.waitForFinished(run.timeoutMs)) {
        process.kill();
        process.waitForFinished(2000);
        return makeError(QStringLiteral("%1 did not finish within %2 s")
                             .arg(run.script)
                             .arg(run.timeoutMs / 1000));
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        const QString detail = QString::fromUtf8(process.readAllStandardError()).trimmed();
        return makeError(QStringLiteral("%1 failed (exit %2) with %3: %4")
                             .arg(run.script)
                             .arg(process.exitCode())
                             .arg(interpreter.executable, detail.right(600)));
    }
    return process.readAllStandardOutput();
}

} // namespace difftriage::engine
