#include "core/PythonInterpreter.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>

namespace difftriage::engine {

Expected<PythonInterpreter> resolvePythonInterpreter(const QString &requested)
{
    const QString name = requested.isEmpty() ? QStringLiteral("python3") : requested;
    const QString program =
        name.contains(QLatin1Char('/')) ? name : QStandardPaths::findExecutable(name);
    if (program.isEmpty())
        return makeError(QStringLiteral("Python interpreter '%1' not found on PATH").arg(name));

    QProcess process;
    process.setProgram(program);
    process.setArguments({QStringLiteral("-I"), QStringLiteral("-c"),
                          QStringLiteral("import json, os, sys; print(json.dumps({'executable': "
                                         "os.path.realpath(sys.executable), 'version': "
                                         "'%d.%d.%d' % sys.version_info[:3], 'major': "
                                         "sys.version_info[0], 'minor': sys.version_info[1]}))")});
    process.start();
    if (!process.waitForStarted(10000))
        return makeError(QStringLiteral("Python interpreter '%1' cannot be started: %2")
                             .arg(name, process.errorString()));
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished(1000);
        return makeError(
            QStringLiteral("Python interpreter '%1' did not answer in 30 s").arg(name));
    }
    const QJsonObject info =
        QJsonDocument::fromJson(process.readAllStandardOutput().trimmed()).object();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0 || info.isEmpty())
        return makeError(
            QStringLiteral("'%1' is not a working Python interpreter: %2")
                .arg(name, QString::fromUtf8(process.readAllStandardError()).trimmed().left(300)));
    PythonInterpreter interpreter;
    interpreter.requested = name;
    interpreter.executable = info.value(QStringLiteral("executable")).toString();
    interpreter.version = info.value(QStringLiteral("version")).toString();
    interpreter.major = info.value(QStringLiteral("major")).toInt();
    interpreter.minor = info.value(QStringLiteral("minor")).toInt();
    if (!interpreter.atLeast(3, 8))
        return makeError(
            QStringLiteral("Python interpreter '%1' is %2; DiffTriage needs 3.8 or newer")
                .arg(name, interpreter.version));
    return interpreter;
}

} // namespace difftriage::engine
