#include "core/PythonInterpreter.h"

#include "core/ChildProcess.h"
#include "core/Json.h"

#include <QStandardPaths>

namespace difftriage::engine {

Expected<PythonInterpreter> resolvePythonInterpreter(const QString &requested)
{
    const QString name = requested.isEmpty() ? QStringLiteral("python3") : requested;
    const QString program =
        name.contains(QLatin1Char('/')) ? name : QStandardPaths::findExecutable(name);
    if (program.isEmpty())
        return makeError(QStringLiteral("Python interpreter '%1' not found on PATH").arg(name));

    ChildProcess::Spec spec;
    spec.program = program;
    spec.arguments = {QStringLiteral("-I"), QStringLiteral("-c"),
                      QStringLiteral("import json, os, sys; print(json.dumps({'executable': "
                                     "os.path.realpath(sys.executable), 'version': "
                                     "'%d.%d.%d' % sys.version_info[:3], 'major': "
                                     "sys.version_info[0], 'minor': sys.version_info[1]}))")};
    spec.name = QStringLiteral("Python interpreter '%1'").arg(name);
    spec.timeoutMs = 30000;
    const ChildProcess::Result result = ChildProcess::run(spec);
    if (result.end == ChildProcess::End::NotStarted || result.end == ChildProcess::End::TimedOut)
        return result.error();
    const nlohmann::json info =
        parseJson(result.standardOutput.trimmed()).value_or(nlohmann::json());
    if (!result.succeeded() || !info.is_object() || info.empty())
        return makeError(QStringLiteral("'%1' is not a working Python interpreter: %2")
                             .arg(name, ChildProcess::tail(result.standardError, 300)));
    PythonInterpreter interpreter;
    interpreter.requested = name;
    interpreter.executable = stringField(info, "executable");
    interpreter.version = stringField(info, "version");
    interpreter.major = intField(info, "major");
    interpreter.minor = intField(info, "minor");
    if (!interpreter.atLeast(3, 8))
        return makeError(
            QStringLiteral("Python interpreter '%1' is %2; DiffTriage needs 3.8 or newer")
                .arg(name, interpreter.version));
    return interpreter;
}

} // namespace difftriage::engine
