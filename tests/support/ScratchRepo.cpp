#include "ScratchRepo.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QtGlobal>

namespace difftriage::test {

ScratchRepo::ScratchRepo()
{
    QDir().mkpath(path());
    git({QStringLiteral("init"), QStringLiteral("-q"), QStringLiteral("-b"),
         QStringLiteral("main")});
}

void ScratchRepo::write(const QString &relative, const QByteArray &content)
{
    const QString target = file(relative);
    QDir().mkpath(QFileInfo(target).path());
    QFile out(target);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("ScratchRepo: cannot write %s", qPrintable(target));
    out.write(content);
}

void ScratchRepo::remove(const QString &relative)
{
    QFile::remove(file(relative));
}

QString ScratchRepo::commit(const QString &message)
{
    git({QStringLiteral("add"), QStringLiteral("-A")});
    git({QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("--allow-empty"),
         QStringLiteral("-m"), message});
    return revParse(QStringLiteral("HEAD"));
}

QString ScratchRepo::merge(const QString &branch, const QString &message)
{
    git({QStringLiteral("merge"), QStringLiteral("-q"), QStringLiteral("--no-ff"),
         QStringLiteral("-m"), message, branch});
    return revParse(QStringLiteral("HEAD"));
}

QString ScratchRepo::git(const QStringList &arguments, const QString &cwd)
{
    // Fixed identities and dates make commit ids reproducible; no user or system config leaks in.
    const QString date = QStringLiteral("%1 +0000").arg(1700000000 + 60 * m_clock++);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    environment.insert(QStringLiteral("GIT_CONFIG_GLOBAL"), QStringLiteral("/dev/null"));
    environment.insert(QStringLiteral("GIT_AUTHOR_NAME"), QStringLiteral("Ada Author"));
    environment.insert(QStringLiteral("GIT_AUTHOR_EMAIL"), QStringLiteral("ada@example.org"));
    environment.insert(QStringLiteral("GIT_COMMITTER_NAME"), QStringLiteral("Ada Author"));
    environment.insert(QStringLiteral("GIT_COMMITTER_EMAIL"), QStringLiteral("ada@example.org"));
    environment.insert(QStringLiteral("GIT_AUTHOR_DATE"), date);
    environment.insert(QStringLiteral("GIT_COMMITTER_DATE"), date);
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(cwd.isEmpty() ? path() : cwd);
    process.start(QStringLiteral("git"), arguments);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0)
        qFatal("ScratchRepo: git %s failed: %s", qPrintable(arguments.join(QLatin1Char(' '))),
               process.readAllStandardError().constData());
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

} // namespace difftriage::test
