#include "CliSupport.h"
#include "Commands.h"
#include "change/ChangeJson.h"
#include "change/DiffAnalysis.h"
#include "config/ProjectConfig.h"
#include "core/LineRanges.h"

namespace difftriage::cli {

using namespace difftriage::engine;

namespace {

QString statusLetter(git::DeltaStatus status)
{
    switch (status) {
    case git::DeltaStatus::Added:
        return QStringLiteral("A");
    case git::DeltaStatus::Deleted:
        return QStringLiteral("D");
    case git::DeltaStatus::Renamed:
        return QStringLiteral("R");
    case git::DeltaStatus::Copied:
        return QStringLiteral("C");
    case git::DeltaStatus::TypeChanged:
        return QStringLiteral("T");
    case git::DeltaStatus::Modified:
        break;
    }
    return QStringLiteral("M");
}

QString describe(const ChangedFile &file)
{
    QString path = file.newPath.isEmpty() ? file.oldPath : file.newPath;
    if (!file.oldPath.isEmpty() && !file.newPath.isEmpty() && file.oldPath != file.newPath)
        path = file.oldPath + QStringLiteral(" -> ") + file.newPath;
    QString text = QStringLiteral("%1 %2\n").arg(statusLetter(file.status), path);
    if (!file.oldLines.isEmpty())
        text += QStringLiteral("    old: %1\n").arg(compressLineRanges(file.oldLines));
    if (!file.newLines.isEmpty())
        text += QStringLiteral("    new: %1\n").arg(compressLineRanges(file.newLines));
    if (!file.note.isEmpty())
        text += QStringLiteral("    (%1)\n").arg(file.note);
    return text;
}

} // namespace

int runChanges(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Show the changed files and line numbers (old and new) of one change."));
    addRepositoryOption(parser);
    addChangeOptions(parser);
    addJsonOption(parser);
    if (!parseArguments(parser, arguments))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitBadInput;
    auto repository = openRepository(parser);
    if (!repository)
        return fail(repository.error().message);
    auto change = resolveChange(*repository, parser);
    if (!change)
        return fail(change.error().message);
    auto config = loadProjectConfig(*repository, change->base);
    if (!config)
        return fail(config.error().message);
    auto summary = DiffAnalysis::run(*repository, change->base, change->head);
    if (!summary)
        return fail(summary.error().message);

    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json document = toJson(*summary);
        document["change"] = toJson(*change);
        nlohmann::json warnings = nlohmann::json::array();
        for (const QString &warning : config->warnings)
            warnings.push_back(warning.toStdString());
        document["config_warnings"] = warnings;
        printJson(document);
        return ExitOk;
    }
    const QString heading =
        change->number ? QStringLiteral("PR #%1: %2").arg(*change->number).arg(change->title)
                       : change->title;
    printText(QStringLiteral("%1\nbase %2  head %3\n\n")
                  .arg(heading, change->base.left(12), change->head.left(12)));
    for (const ChangedFile &file : summary->files)
        printText(describe(file));
    for (const QString &note : summary->notes + config->warnings)
        printText(QStringLiteral("note: %1\n").arg(note));
    return ExitOk;
}

} // namespace difftriage::cli
