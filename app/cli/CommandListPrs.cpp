#include "CliSupport.h"
#include "Commands.h"
#include "change/ChangeJson.h"
#include "change/ChangeRange.h"
#include "change/ChangeSource.h"

#include <algorithm>

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
        .arg(spelling(spec.state), -6)
        .arg(spec.date.toString(QStringLiteral("yyyy-MM-dd")))
        .arg(spec.author.left(20), -20)
        .arg(spec.title, where);
}

int listRange(const git::Repository &repository, const QString &text, bool json)
{
    auto revisions = splitRangeText(text);
    if (!revisions)
        return fail(revisions.error().message);
    auto range = resolveChangeRange(repository, revisions->first, revisions->second);
    if (!range)
        return fail(range.error().message);
    QList<ChangeSpec> prs = range->pullRequests();
    std::reverse(prs.begin(), prs.end()); // newest first, as the whole list is
    if (json) {
        nlohmann::json list = nlohmann::json::array();
        for (const ChangeSpec &spec : prs)
            list.push_back(toJson(spec));
        // Commits made straight on the line change behaviour too: a release's fan-out analyses
        // them beside the PRs.
        nlohmann::json direct = nlohmann::json::array();
        for (const ChangeSpec &spec : range->steps)
            if (spec.state == ChangeState::Direct)
                direct.push_back(toJson(spec));
        printJson(
            {{"repo", repository.path().toStdString()},
             {"range", {{"base", range->base.toStdString()}, {"head", range->head.toStdString()}}},
             {"direct_commits", direct},
             {"changes", list}});
        return ExitOk;
    }
    if (prs.isEmpty())
        printText(QStringLiteral("No merged PRs in %1\n").arg(text));
    for (const ChangeSpec &spec : prs)
        printText(describe(spec));
    return ExitOk;
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
    parser.addOption({QStringLiteral("range"),
                      QStringLiteral("Only the PRs merged on the first-parent line between two "
                                     "revisions (tags, branches, commits)."),
                      QStringLiteral("REV1..REV2")});
    if (!parseArguments(parser, arguments))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitBadInput;
    auto repository = openRepository(parser);
    if (!repository)
        return fail(repository.error().message);
    if (parser.isSet(QStringLiteral("range")))
        return listRange(*repository, parser.value(QStringLiteral("range")),
                         parser.isSet(QStringLiteral("json")));
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
