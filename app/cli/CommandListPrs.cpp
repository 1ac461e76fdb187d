#include "CliSupport.h"
#include "Commands.h"
#include "change/ChangeJson.h"
#include "change/ChangeSource.h"

namespace difftriage::cli {

using namespace difftriage::engine;

namespace {

QString describe(const ChangeSpec &spec)
{
    const QString number =
        spec.number ? QStringLiteral("#%1").arg(*spec.number) : QStringLiteral("-");
    const QString where =
        spec.state == ChangeState::Merged ? QString() : QStringLiteral(" [%1]").arg(spec.ref);
    return QStringLiteral("%1  %2  %3  %4  %5%6\n")
        .arg(number, -6)
        .arg(toString(spec.state), -6)
        .arg(spec.date.toString(QStringLiteral("yyyy-MM-dd")))
        .arg(spec.author.left(20), -20)
        .arg(spec.title, where);
}

} // namespace

int runListPrs(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("List a repository's PRs and branches."));
    addRepositoryOption(parser);
    addJsonOption(parser);
    parser.addOption({QStringLiteral("limit"),
                      QStringLiteral("Scan at most N commits of the default branch."),
                      QStringLiteral("N")});
    if (!parseArguments(parser, arguments))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitBadInput;
    auto repository = openRepository(parser);
    if (!repository)
        return fail(repository.error().message);
    ChangeSource::Options options;
    options.historyLimit = parser.value(QStringLiteral("limit")).toInt();
    auto changes = ChangeSource(*repository).list(options);
    if (!changes)
        return fail(changes.error().message);
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json list = nlohmann::json::array();
        for (const ChangeSpec &spec : *changes)
            list.push_back(toJson(spec));
        printJson({{"repo", repository->path().toStdString()}, {"changes", list}});
        return ExitOk;
    }
    if (changes->isEmpty())
        printText(QStringLiteral("No PRs or unmerged branches in %1\n").arg(repository->path()));
    for (const ChangeSpec &spec : *changes)
        printText(describe(spec));
    return ExitOk;
}

} // namespace difftriage::cli
