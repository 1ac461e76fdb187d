#include "git/GitHandles.h"

namespace difftriage::engine::git {

Error lastError(const QString &context)
{
    const git_error *error = git_error_last();
    const QString detail = error && error->message ? QString::fromUtf8(error->message).trimmed()
                                                   : QStringLiteral("unknown libgit2 error");
    return Error{context + QStringLiteral(": ") + detail};
}

QString oidToHex(const git_oid &oid)
{
    char buffer[GIT_OID_HEXSZ + 1] = {};
    git_oid_tostr(buffer, sizeof buffer, &oid);
    return QString::fromLatin1(buffer);
}

bool oidFromHex(const QString &hex, git_oid *out)
{
    const QByteArray latin = hex.toLatin1();
    return latin.size() == GIT_OID_HEXSZ &&
           git_oid_fromstrn(out, latin.constData(), GIT_OID_HEXSZ) == 0;
}

} // namespace difftriage::engine::git
