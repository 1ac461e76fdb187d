#include "CliSupport.h"
#include "Commands.h"
#include "change/TreeCache.h"
#include "core/LineRanges.h"
#include "pipeline/ChangeWorkspace.h"
#include "targets/AccessInfoRenderer.h"
#include "targets/TargetAnalysis.h"

namespace difftriage::cli {

using namespace difftriage::engine;

namespace {

QString describe(const ChangedFunction &function)
{
    QString text =
        QStringLiteral("%1  [%2, %3]\n")
            .arg(function.qualname, spelling(function.kind), spelling(function.versions));
    if (!function.oldLines.isEmpty())
        text += QStringLiteral("    old %1: %2\n")
                    .arg(function.oldFile, compressLineRanges(function.oldLines));
    if (!function.newLines.isEmpty())
        text += QStringLiteral("    new %1: %2\n")
                    .arg(function.newFile, compressLineRanges(function.newLines));
    if (function.reasons.contains(QStringLiteral("module_level")))
        text += QStringLiteral("    reads changed module-level names: %1\n")
                    .arg(function.moduleLevelNames.join(QStringLiteral(", ")));
    if (function.reasons.contains(QStringLiteral("class_binding")))
        text += QStringLiteral("    bound in its class body by assignment, called like a method\n");
    for (const QString &note : function.notes)
        text += QStringLiteral("    note: %1\n").arg(note);
    return text;
}

// Files that do not parse are left out of their side's analysis: say which, the changed ones
// first, since their functions are missing from that version.
QString describeNotAnalysable(const Targets &targets)
{
    QString text;
    for (const bool changed : {true, false}) {
        for (const NotAnalysableFile &file : targets.notAnalysable) {
            if (file.changed != changed)
                continue;
            const QString where =
                file.line > 0 ? QStringLiteral(", line %1").arg(file.line) : QString();
            text += QStringLiteral("not analysable (%1%2): %3%4: %5\n")
                        .arg(file.side, changed ? QStringLiteral(", changed") : QString(),
                             file.file, where, file.message);
        }
    }
    return text;
}

} // namespace

int runTargets(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Show a change's changed functions and how to reach them (access info)."));
    addRepositoryOption(parser);
    addChangeOptions(parser);
    addJsonOption(parser);
    addPythonOptions(parser);
    if (!parseArguments(parser, arguments))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitBadInput;
    auto repository = openRepository(parser);
    if (!repository)
        return fail(repository.error().message);
    auto change = resolveChange(*repository, parser);
    if (!change)
        return fail(change.error().message);
    TreeCache cache;
    auto workspace = prepareWorkspace(*repository, *change, cache);
    if (!workspace)
        return fail(workspace.error().message);
    auto interpreters = resolveInterpreters(parser, workspace->config);
    if (!interpreters)
        return fail(interpreters.error().message);
    if (workspace->diff.pythonFiles().isEmpty())
        return fail(QStringLiteral("no Python file changed in %1..%2")
                        .arg(change->base.left(12), change->head.left(12)));

    TargetAnalysisInput input;
    input.python = interpreters->first;
    input.oldRoot = workspace->oldTree;
    input.newRoot = workspace->newTree;
    input.base = change->base;
    input.head = change->head;
    input.files = workspace->diff.pythonFiles();
    input.importRoots = workspace->config.importRoots;
    input.exclude = workspace->config.exclude;
    auto targets = analyzeTargets(input);
    if (!targets)
        return fail(targets.error().message, ExitInternal);

    if (parser.isSet(QStringLiteral("json"))) {
        printJson(targets->raw);
        return ExitOk;
    }
    auto renderer = AccessInfoRenderer::load();
    if (!renderer)
        return fail(renderer.error().message, ExitInternal);
    printText(QStringLiteral("Changed functions (%1):\n").arg(targets->functions.size()));
    for (const ChangedFunction &function : targets->functions)
        printText(describe(function));
    printText(describeNotAnalysable(*targets));
    for (const QString &note : targets->notes)
        printText(QStringLiteral("note: %1\n").arg(note));
    for (const AccessInfo &info : targets->access) {
        for (const QString &note : info.notes)
            printText(QStringLiteral("note: %1: %2\n").arg(info.target, note));
    }
    if (!targets->access.isEmpty())
        printText(QStringLiteral("\n") + renderer->render(*targets));
    return ExitOk;
}

} // namespace difftriage::cli
