#include "CliSupport.h"
#include "Commands.h"
#include "demo/DemoBuilder.h"

namespace difftriage::cli {

int runDemo(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Build the demo repository."));
    parser.addOption({QStringLiteral("out"), QStringLiteral("Where to create it (new or empty)."),
                      QStringLiteral("DIR")});
    addJsonOption(parser);
    if (!parseArguments(parser, arguments))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitBadInput;
    if (!parser.isSet(QStringLiteral("out")))
        return fail(QStringLiteral("--out DIR is required"));
    const QString out = parser.value(QStringLiteral("out"));
    auto prs = engine::DemoBuilder::build(out);
    if (!prs)
        return fail(prs.error().message);
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto &pr : *prs)
            list.push_back({{"number", pr.number},
                            {"title", pr.title.toStdString()},
                            {"merge_commit", pr.mergeCommit.toStdString()}});
        printJson({{"repo", out.toStdString()}, {"prs", list}});
    } else {
        printText(QStringLiteral("Demo repository with %1 PRs created in %2\n")
                      .arg(prs->size())
                      .arg(out));
    }
    return ExitOk;
}

} // namespace difftriage::cli
