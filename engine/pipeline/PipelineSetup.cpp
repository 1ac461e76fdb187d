#include "pipeline/PipelineSetup.h"

#include "change/TreeCache.h"
#include "core/Json.h"
#include "execute/PrepareCommand.h"
#include "git/Repository.h"
#include "pipeline/AnalysisPipeline.h"
#include "pipeline/ImportCheck.h"
#include "pipeline/Seeds.h"
#include "targets/TargetAnalysis.h"

#include <QDir>

namespace difftriage::engine {

constexpr int MaxCommitMessages = 50; // a long-lived branch says enough in its first fifty

namespace {

QString importRootOf(const Targets &targets, const char *side, const QString &tree)
{
    const nlohmann::json &roots = arrayField(field(targets.raw, side), "import_roots");
    const QString first =
        roots.empty() || !roots[0].is_string() ? QStringLiteral(".") : toQString(roots[0]);
    return QDir::cleanPath(tree + QLatin1Char('/') + first);
}

void collectOneSidedNames(const Targets &targets, QStringList &oldOnly, QStringList &newOnly)
{
    for (const AccessInfo &info : targets.access) {
        for (const AccessMethod &method : info.methods) {
            if (method.versions == Presence::OldOnly)
                oldOnly << method.publicName << method.entryQualname;
            else if (method.versions == Presence::NewOnly)
                newOnly << method.publicName << method.entryQualname;
        }
    }
}

// A changed file that does not parse on one side: its functions count as absent there, which
// the reader must know before taking the differences at face value.
QStringList unparsedChangedFiles(const Targets &targets)
{
    QStringList notes;
    for (const NotAnalysableFile &file : targets.notAnalysable) {
        if (!file.changed)
            continue;
        const QString where =
            file.line > 0 ? QStringLiteral("line %1: ").arg(file.line) : QString();
        notes << QStringLiteral("%1 cannot be analysed on the %2 side (%3%4): its functions "
                                "count as absent there, and tests importing it fail")
                     .arg(file.file, file.side, where, file.message);
    }
    return notes;
}

Report emptyReport(const ChangeSpec &change, const QStringList &notes,
                   StopReason why = StopReason::NothingToAnalyse)
{
    Report report;
    report.base = change.base;
    report.head = change.head;
    report.title = change.title;
    report.body = change.body;
    report.number = change.number;
    report.stopReason = why;
    report.notes = notes;
    return report;
}

} // namespace

Expected<std::unique_ptr<PipelineSetup>>
AnalysisPipeline::setUp(const std::function<void(const QString &)> &say,
                        const std::atomic_bool *cancel)
{
    say(QStringLiteral("preparing"));
    auto setup = std::make_unique<PipelineSetup>();
    // Between the steps: each can take seconds (checkouts, the target analysis, workers).
    const auto stopped = [&] {
        if (!cancel || !cancel->load())
            return false;
        Report report = emptyReport(m_options.change, setup->notes, StopReason::Cancelled);
        report.repo = setup->repositoryPath;
        setup->earlyReport = std::move(report);
        return true;
    };
    const git::Repository &repository = m_repository;
    const UserChoices &choices = m_options.choices;
    setup->repositoryPath = repository.path();
    TreeCache cache =
        choices.treeCacheDirectory.isEmpty() ? TreeCache() : TreeCache(choices.treeCacheDirectory);
    auto workspace = loadChange(repository, m_options.change, m_options.config);
    if (!workspace)
        return asBadInput(workspace.error());
    // A history that cannot be walked (a shallow clone) only costs the suggestions some text.
    if (auto commits = repository.commitsBetween(m_options.change.base, m_options.change.head,
                                                 MaxCommitMessages)) {
        for (const git::CommitInfo &commit : *commits)
            setup->commitMessages << commit.message.trimmed();
    }
    if (workspace->diff.pythonFiles().isEmpty()) {
        Report report = emptyReport(m_options.change, workspace->diff.notes);
        report.repo = repository.path();
        setup->earlyReport = std::move(report);
        return setup;
    }
    auto pythonOld = resolvePythonInterpreter(m_options.pythonOld);
    if (!pythonOld)
        return asBadInput(pythonOld.error());
    auto pythonNew = m_options.pythonNew == m_options.pythonOld
                         ? pythonOld
                         : resolvePythonInterpreter(m_options.pythonNew);
    if (!pythonNew)
        return asBadInput(pythonNew.error());
    TreePreparation preparation;
    preparation.command = m_options.prepare;
    preparation.run = [&](const QString &tree, const QString &commitId, bool newSide) {
        say(QStringLiteral("preparing the %1 tree")
                .arg(newSide ? QStringLiteral("new") : QStringLiteral("old")));
        PrepareRequest request;
        request.command = preparation.command;
        request.tree = tree;
        request.commitId = commitId;
        request.sideName = newSide ? QStringLiteral("new") : QStringLiteral("old");
        request.python = newSide ? *pythonNew : *pythonOld;
        request.forceDegradedSandbox = choices.forceDegradedSandbox;
        return runPrepareCommand(request);
    };
    if (stopped())
        return setup;
    if (auto trees = materializeTrees(repository, cache, *workspace, preparation); !trees)
        return asBadInput(trees.error());
    if (stopped())
        return setup;

    say(QStringLiteral("analysing"));
    const ProjectConfig &config = m_options.config;
    TargetAnalysisInput input{*pythonOld,
                              workspace->oldTree,
                              workspace->newTree,
                              m_options.change.base,
                              m_options.change.head,
                              workspace->diff.pythonFiles(),
                              config.importRoots,
                              config.exclude,
                              5,
                              QString()};
    auto targets = analyzeTargets(input);
    if (!targets)
        return targets.error();
    setup->notes =
        workspace->diff.notes + config.warnings + targets->notes + unparsedChangedFiles(*targets);
    if (stopped())
        return setup;
    if (targets->functions.isEmpty()) {
        Report report =
            emptyReport(m_options.change,
                        setup->notes + QStringList{QStringLiteral("no changed executable code")});
        report.repo = repository.path();
        report.notAnalysable = targets->raw.value("not_analysable", nlohmann::json::object());
        setup->earlyReport = std::move(report);
        return setup;
    }

    const int hashSeed = workerHashSeed(choices.seed);
    setup->executor =
        std::make_unique<Executor>(WorkerConfig{*pythonOld, workspace->oldTree,
                                                importRootOf(*targets, "old", workspace->oldTree),
                                                hashSeed, choices.forceDegradedSandbox},
                                   WorkerConfig{*pythonNew, workspace->newTree,
                                                importRootOf(*targets, "new", workspace->newTree),
                                                hashSeed, choices.forceDegradedSandbox},
                                   choices.workersPerVersion);
    Executor &executor = *setup->executor;
    if (auto started = executor.start(); !started)
        return started.error();
    if (stopped())
        return setup;
    say(QStringLiteral("importing"));
    auto unimportable = checkChangedModulesImport(executor, *targets, *pythonOld, *pythonNew);
    if (!unimportable)
        return asBadInput(unimportable.error());
    if (!unimportable->isEmpty()) {
        // One changed module lacking a dependency (a release script, an optional extra) should
        // not hide the rest of the change: analyse the others, and say what was left out. Every
        // other changed file stays, those without a changed function too: a changed constant
        // its readers elsewhere see.
        const QStringList out = unimportableFiles(*unimportable);
        input.files.removeIf([&](const ChangedFile &file) {
            return out.contains(file.oldPath) || out.contains(file.newPath);
        });
        if (input.files.isEmpty())
            return asBadInput(makeError(unimportable->first().message));
        targets = analyzeTargets(input);
        if (!targets)
            return targets.error();
        dropUnimportableTargets(*targets, *unimportable);
        if (targets->functions.isEmpty())
            return asBadInput(makeError(unimportable->first().message));
        QStringList noted; // one note a file, whichever side failed first
        for (const UnimportableModule &module : std::as_const(*unimportable)) {
            if (noted.contains(module.file))
                continue;
            noted << module.file;
            setup->notes
                << QStringLiteral("%1 is not analysed: %2").arg(module.file, module.message);
        }
    }

    Normalizer normalizer;
    normalizer.addRootPaths(executor.rootPaths() +
                            QStringList{workspace->oldTree, workspace->newTree});
    if (auto patterns = normalizer.addPatterns(config.normalize); !patterns)
        return asBadInput(patterns.error());
    setup->judge = std::make_unique<Judge>(normalizer);
    QStringList oldOnly, newOnly;
    collectOneSidedNames(*targets, oldOnly, newOnly);
    setup->judge->setOneSidedNames(oldOnly, newOnly);
    setup->workspace = std::move(*workspace);
    setup->pythonOld = *pythonOld;
    setup->pythonNew = *pythonNew;
    setup->oldImportRoot = importRootOf(*targets, "old", setup->workspace.oldTree);
    setup->newImportRoot = importRootOf(*targets, "new", setup->workspace.newTree);
    setup->targets = std::move(*targets);
    return setup;
}

} // namespace difftriage::engine
