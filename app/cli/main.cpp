#include "CliSupport.h"
#include "Commands.h"

#include <QCoreApplication>
#include <cstdio>
#include <functional>
#include <map>

using namespace difftriage::cli;

namespace {

const std::map<QString, std::function<int(const QStringList &)>> &commands()
{
    static const std::map<QString, std::function<int(const QStringList &)>> table = {
        {QStringLiteral("demo"), runDemo},       {QStringLiteral("list-prs"), runListPrs},
        {QStringLiteral("changes"), runChanges}, {QStringLiteral("targets"), runTargets},
        {QStringLiteral("analyze"), runAnalyze}, {QStringLiteral("report"), runReport},
        {QStringLiteral("merge"), runMerge},
    };
    return table;
}

QString usage()
{
    QString text = QStringLiteral("Usage: difftriage-cli COMMAND [OPTIONS]\n\nCommands:\n");
    text += QStringLiteral("  demo      build the demo repository: demo --out DIR\n");
    text += QStringLiteral("  list-prs  list the PRs and branches of a repository\n");
    text += QStringLiteral("  changes   the changed files and lines of one change\n");
    text +=
        QStringLiteral("  targets   the changed functions of one change and how to reach them\n");
    text += QStringLiteral("  analyze   find the behavioural differences of one change\n");
    text +=
        QStringLiteral("  report    convert a saved report to HTML, Markdown, SARIF or JUnit\n");
    text += QStringLiteral("  merge     merge per-PR reports into one release document\n");
    text += QStringLiteral("\nRun 'difftriage-cli COMMAND --help' for a command's options.\n");
    return text;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("difftriage-cli"));
    QCoreApplication::setOrganizationName(QStringLiteral("difftriage"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DIFFTRIAGE_VERSION));

    QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() < 2 || arguments.at(1) == QLatin1String("--help") ||
        arguments.at(1) == QLatin1String("-h")) {
        printText(usage());
        return arguments.size() < 2 ? ExitBadInput : ExitOk;
    }
    if (arguments.at(1) == QLatin1String("--version")) {
        printText(
            QStringLiteral("difftriage-cli %1\n").arg(QCoreApplication::applicationVersion()));
        return ExitOk;
    }
    const QString command = arguments.takeAt(1);
    const auto it = commands().find(command);
    if (it == commands().end())
        return fail(QStringLiteral("unknown command '%1' (see --help)").arg(command));
    return it->second(arguments);
}
