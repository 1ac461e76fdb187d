#include "triage/RepositoryIdentity.h"

#include "git/Repository.h"

#include <QCryptographicHash>
#include <QFileInfo>

namespace difftriage::engine {

namespace {

QString pathIdentity(const QString &repositoryPath)
{
    QString canonical = QFileInfo(repositoryPath).canonicalFilePath();
    if (canonical.isEmpty())
        canonical = QFileInfo(repositoryPath).absoluteFilePath();
    return QStringLiteral("path-") +
           QString::fromLatin1(
               QCryptographicHash::hash(canonical.toUtf8(), QCryptographicHash::Sha256)
                   .toHex()
                   .left(32));
}

} // namespace

QString repositoryIdentity(const QString &repositoryPath)
{
    auto repository = git::Repository::open(repositoryPath);
    if (!repository)
        return pathIdentity(repositoryPath);
    auto branch = repository->defaultBranch();
    if (!branch)
        return pathIdentity(repositoryPath);
    auto history = repository->firstParentHistory(branch->target);
    if (!history || history->isEmpty())
        return pathIdentity(repositoryPath);
    return QStringLiteral("root-") + history->constLast().id;
}

} // namespace difftriage::engine
