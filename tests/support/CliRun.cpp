#include "CliRun.h"

#include <QProcess>

namespace difftriage::test {

CliRun runCli(const QStringList &arguments, const QProcessEnvironment &overrides, int timeoutMs)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : overrides.keys())
        environment.insert(name, overrides.value(name));
    process.setProcessEnvironment(environment);
    // Tests analyse at the quick effort unless they choose one: seconds per change, not a minute.
    QStringList effective = arguments;
    if (!effective.isEmpty() && effective.first() == QLatin1String("analyze") &&
        !effective.contains(QLatin1String("--effort")))
        effective << QStringLiteral("--effort") << QStringLiteral("quick");
    process.start(qEnvironmentVariable("DIFFTRIAGE_CLI"), effective);
    CliRun run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

} // namespace difftriage::test
