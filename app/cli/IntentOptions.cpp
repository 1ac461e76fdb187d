#include "IntentOptions.h"

#include <QFile>

namespace difftriage::cli {

using namespace difftriage::engine;

void addIntentOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("title"),
                      QStringLiteral("The PR's title (default: from the merge commit, or the "
                                     "revisions)."),
                      QStringLiteral("TEXT")});
    parser.addOption({QStringLiteral("body-file"),
                      QStringLiteral("A file holding the PR's description (default: from the "
                                     "merge commit, or the head commit's message)."),
                      QStringLiteral("FILE")});
}

Status applyIntentOptions(const QCommandLineParser &parser, ChangeSpec &change)
{
    if (parser.isSet(QStringLiteral("title")))
        change.title = parser.value(QStringLiteral("title"));
    if (parser.isSet(QStringLiteral("body-file"))) {
        const QString path = parser.value(QStringLiteral("body-file"));
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return makeError(QStringLiteral("--body-file %1: %2").arg(path, file.errorString()));
        change.body = QString::fromUtf8(file.readAll()).trimmed();
    }
    return Ok{};
}

} // namespace difftriage::cli
