#include "CliSupport.h"

#include "change/ChangeSource.h"

#include <cstdio>

namespace difftriage::cli {

using namespace difftriage::engine;

int fail(const QString &message, int code)
{
    const QByteArray line = "difftriage-cli: " + message.toUtf8() + '\n';
    std::fputs(line.constData(), stderr);
    return code;
}

void printText(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stdout);
}

void printJson(const nlohmann::json &document)
{
    const std::string text = document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    std::fputs(text.c_str(), stdout);
    std::fputc('\n', stdout);
}

bool parseArguments(QCommandLineParser &parser, const QStringList &arguments)
{
    parser.addHelpOption();
    if (!parser.parse(arguments)) {
        fail(parser.errorText());
        return false;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printText(parser.helpText());
        return false;
    }
    if (!parser.positionalArguments().isEmpty()) {
        fail(QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().first()));
        return false;
    }
    return true;
}

void addRepositoryOption(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("repo"), QStringLiteral("The git repository (bare or not)."),
                      QStringLiteral("PATH")});
}

void addChangeOptions(QCommandLineParser &parser)
{
    parser.addOption(
        {QStringLiteral("pr"), QStringLiteral("A PR by number."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("branch"),
                      QStringLiteral("A branch against its merge base with the default branch."),
                      QStringLiteral("NAME")});
    parser.addOption(
        {QStringLiteral("base"), QStringLiteral("The old revision."), QStringLiteral("REV")});
    parser.addOption(
        {QStringLiteral("head"), QStringLiteral("The new revision."), QStringLiteral("REV")});
}

void addJsonOption(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON on stdout.")});
}

void addPythonOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("python"),
                      QStringLiteral("Python interpreter for both versions."),
                      QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("python-old"),
                      QStringLiteral("Python interpreter for the old version."),
                      QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("python-new"),
                      QStringLiteral("Python interpreter for the new version."),
                      QStringLiteral("PATH")});
}

void applyPythonOptions(const QCommandLineParser &parser, UserChoices &choices)
{
    const auto value = [&](const char *name) { return parser.value(QLatin1String(name)); };
    choices.pythonOld =
        parser.isSet(QStringLiteral("python-old")) ? value("python-old") : value("python");
    choices.pythonNew =
        parser.isSet(QStringLiteral("python-new")) ? value("python-new") : value("python");
}

Expected<std::pair<PythonInterpreter, PythonInterpreter>>
resolveInterpreters(const QCommandLineParser &parser, const ProjectConfig &config)
{
    UserChoices choices;
    applyPythonOptions(parser, choices);
    const auto [oldName, newName] = chooseInterpreters(choices, config.python);
    auto oldPython = resolvePythonInterpreter(oldName);
    if (!oldPython)
        return oldPython.error();
    if (newName == oldName)
        return std::make_pair(*oldPython, *oldPython);
    auto newPython = resolvePythonInterpreter(newName);
    if (!newPython)
        return newPython.error();
    return std::make_pair(*oldPython, *newPython);
}

Expected<git::Repository> openRepository(const QCommandLineParser &parser)
{
    if (!parser.isSet(QStringLiteral("repo")))
        return makeError(QStringLiteral("--repo PATH is required"));
    return git::Repository::open(parser.value(QStringLiteral("repo")));
}

Expected<ChangeSpec> resolveChange(const git::Repository &repository,
                                   const QCommandLineParser &parser)
{
    const bool pr = parser.isSet(QStringLiteral("pr"));
    const bool branch = parser.isSet(QStringLiteral("branch"));
    const bool base = parser.isSet(QStringLiteral("base"));
    const bool head = parser.isSet(QStringLiteral("head"));
    if (int(pr) + int(branch) + int(base || head) != 1)
        return makeError(QStringLiteral("name one change: --pr N, --branch NAME or --base REV "
                                        "--head REV"));
    const ChangeSource source(repository);
    if (pr) {
        bool ok = false;
        const int number = parser.value(QStringLiteral("pr")).toInt(&ok);
        if (!ok || number <= 0)
            return makeError(QStringLiteral("--pr wants a positive number, not '%1'")
                                 .arg(parser.value(QStringLiteral("pr"))));
        return source.pullRequest(number);
    }
    if (branch)
        return source.branch(parser.value(QStringLiteral("branch")));
    if (!base || !head)
        return makeError(QStringLiteral("--base and --head go together"));
    return source.revisions(parser.value(QStringLiteral("base")),
                            parser.value(QStringLiteral("head")));
}

} // namespace difftriage::cli
