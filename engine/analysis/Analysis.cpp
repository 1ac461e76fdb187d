#include "analysis/Analysis.h"

#include "access/TargetAnalysis.h"
#include "analysis/AnalysisSession.h"
#include "analysis/ChangeWorkspace.h"
#include "analysis/ImportCheck.h"
#include "analysis/ReportBuilder.h"
#include "change/TreeCache.h"
#include "execute/Executor.h"
#include "generate/OfflineGenerator.h"
#include "git/Repository.h"
#include "judge/Judge.h"
#include "llm/LlmGenerator.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>

namespace difftriage::engine {

namespace {

QString importRootOf(const Targets &targets, const char *side, const QString &tree)
{
    const auto roots = targets.raw.value(side, nlohmann::json::object())
                           .value("import_roots", nlohmann::json::array());
    const QString first = roots.empty() || !roots[0].is_string()
                              ? QStringLiteral(".")
                              : QString::fromStdString(roots[0].get<std::string>());
    return QDir::cleanPath(tree + QLatin1Char('/') + first);
}

void collectOneSidedNames(const Targets &targets, QStringList &oldOnly, QStringList &newOnly)
{
    for (const AccessInfo &info : targets.access) {
        for (const AccessMethod &method : info.methods) {
            if (method.versions == QLatin1String("old_only"))
                oldOnly << method.publicName << method.entryQualname;
            else if (method.versions == QLatin1String("new_only"))
                newOnly << method.publicName << method.entryQualname;
        }
    }
}

Report emptyReport(const ChangeSpec &change, const QString &reason, const QStringList &notes)
{
    Report report;
    report.base = change.base;
    report.head = change.head;
    report.title = change.title;
    report.body = change.body;
    report.number = change.number;
    report.stopReason = reason;
    report.notes = notes;
    return report;
}

} // namespace

Analysis::Analysis(AnalysisOptions options) : m_options(std::move(options)) {}

QString Analysis::checkpointPath() const
{
    const QString directory =
        m_options.checkpointDirectory.isEmpty()
            ? QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                  QStringLiteral("/difftriage/checkpoints")
            : m_options.checkpointDirectory;
    const QStringList parts{QDir(m_options.repository).absolutePath(),
                            m_options.change.base,
                            m_options.change.head,
                            QString::number(m_options.seed),
                            m_options.generator,
                            m_options.generator == QLatin1String("llm") ? m_options.llm.model
                                                                        : QString(),
                            QString::number(m_options.maxTests),
                            QString::number(m_options.candidatesPerRound),
                            QString::number(m_options.maxRounds),
                            analyzerFingerprint()};
    const QByteArray key =
        QCryptographicHash::hash(parts.join(QLatin1Char('\n')).toUtf8(), QCryptographicHash::Sha256)
            .toHex()
            .left(24);
    return directory + QLatin1Char('/') + QString::fromLatin1(key) + QStringLiteral(".json");
}

Expected<Report> Analysis::run(const ProgressCallback &progress, const std::atomic_bool *cancel)
{
    QElapsedTimer clock;
    clock.start();
    const auto say = [&](const QString &stage) {
        if (progress)
            progress({stage, 0, 0, 0, 0});
    };
    m_badInput = true;
    say(QStringLiteral("preparing"));
    auto repository = git::Repository::open(m_options.repository);
    if (!repository)
        return repository.error();
    TreeCache cache = m_options.treeCacheDirectory.isEmpty()
                          ? TreeCache()
                          : TreeCache(m_options.treeCacheDirectory);
    auto workspace = prepareWorkspace(*repository, m_options.change, cache);
    if (!workspace)
        return workspace.error();
    if (!m_options.prepare.isEmpty() || !workspace->config.prepare.isEmpty())
        return makeError(QStringLiteral("prepare commands are not supported by this version yet"));
    if (workspace->diff.pythonFiles().isEmpty()) {
        Report report = emptyReport(m_options.change, QStringLiteral("nothing_to_analyse"),
                                    workspace->diff.notes);
        report.repo = repository->path();
        return report;
    }
    auto pythonOld = resolvePythonInterpreter(m_options.pythonOld);
    if (!pythonOld)
        return pythonOld.error();
    auto pythonNew = m_options.pythonNew == m_options.pythonOld
                         ? pythonOld
                         : resolvePythonInterpreter(m_options.pythonNew);
    if (!pythonNew)
        return pythonNew.error();

    say(QStringLiteral("analysing"));
    TargetAnalysisInput input{*pythonOld,
                              workspace->oldTree,
                              workspace->newTree,
                              m_options.change.base,
                              m_options.change.head,
                              workspace->diff.pythonFiles(),
                              workspace->config.importRoots,
                              workspace->config.exclude,
                              5,
                              QString()};
    auto targets = analyzeTargets(input);
    if (!targets) {
        m_badInput = false;
        return targets.error();
    }
    QStringList notes = workspace->diff.notes + workspace->config.warnings + targets->notes;
    if (targets->functions.isEmpty()) {
        Report report = emptyReport(m_options.change, QStringLiteral("nothing_to_analyse"),
                                    notes << QStringLiteral("no changed executable code"));
        report.repo = repository->path();
        report.notAnalysable = targets->raw.value("not_analysable", nlohmann::json::object());
        return report;
    }

    const int hashSeed = static_cast<int>(m_options.seed % 1000000ULL); // reruns add to it
    Executor executor(WorkerConfig{*pythonOld, workspace->oldTree,
                                   importRootOf(*targets, "old", workspace->oldTree), hashSeed,
                                   m_options.forceDegradedSandbox},
                      WorkerConfig{*pythonNew, workspace->newTree,
                                   importRootOf(*targets, "new", workspace->newTree), hashSeed,
                                   m_options.forceDegradedSandbox},
                      m_options.workersPerVersion);
    if (auto started = executor.start(); !started) {
        m_badInput = false;
        return started.error();
    }
    say(QStringLiteral("importing"));
    if (auto imported = checkChangedModulesImport(executor, *targets, *pythonOld, *pythonNew);
        !imported)
        return imported.error();

    Normalizer normalizer;
    normalizer.addRootPaths(executor.rootPaths() +
                            QStringList{workspace->oldTree, workspace->newTree});
    if (auto patterns = normalizer.addPatterns(workspace->config.normalize); !patterns)
        return patterns.error();
    Judge judge(normalizer);
    QStringList oldOnly, newOnly;
    collectOneSidedNames(*targets, oldOnly, newOnly);
    judge.setOneSidedNames(oldOnly, newOnly);

    // The generator: settings that cannot work are the user's input, so they fail as bad input.
    std::unique_ptr<Generator> generator;
    if (m_options.generator == QLatin1String("llm")) {
        auto llm = makeLlmGenerator(m_options.llm, *pythonOld);
        if (!llm)
            return llm.error();
        generator = std::move(*llm);
    } else {
        generator = std::make_unique<OfflineGenerator>(*pythonOld);
    }
    m_badInput = false;
    SessionContext context;
    context.options = &m_options;
    context.targets = &*targets;
    context.executor = &executor;
    context.generator = generator.get();
    context.judge = &judge;
    context.baseRequest.seed = m_options.seed;
    context.baseRequest.oldRoot = workspace->oldTree;
    context.baseRequest.newRoot = workspace->newTree;
    context.baseRequest.oldImportRoot = importRootOf(*targets, "old", workspace->oldTree);
    context.baseRequest.newImportRoot = importRootOf(*targets, "new", workspace->newTree);
    context.baseRequest.targets = &*targets;
    context.baseRequest.relations = workspace->config.relations;
    context.progress = progress;
    context.cancel = cancel;
    context.checkpointPath = checkpointPath();
    context.checkpointKey = QFileInfo(context.checkpointPath).baseName();
    context.testTimeoutSeconds = m_options.testTimeoutSeconds > 0 ? m_options.testTimeoutSeconds
                                 : workspace->config.timeLimitSeconds
                                     ? *workspace->config.timeLimitSeconds
                                     : 10.0;
    AnalysisSession session(context);
    if (m_options.resume) {
        if (auto checkpoint = Checkpoint::load(context.checkpointPath, context.checkpointKey)) {
            if (auto restored = session.restore(*checkpoint); !restored)
                return restored.error();
        }
    } else {
        QFile::remove(context.checkpointPath);
    }
    if (auto rounds = session.runRounds(); !rounds)
        return rounds.error();
    if (session.stopReason() != QLatin1String("cancelled")) {
        if (auto shrunk = session.shrinkDifferences(); !shrunk)
            return shrunk.error();
        if (auto shrunk = session.shrinkRelationReviews(); !shrunk)
            return shrunk.error();
    }

    say(QStringLiteral("reporting"));
    Report report = buildReport(m_options.change, *targets, session, judge);
    report.repo = repository->path();
    report.generator = generator->name();
    if (const auto *llm = dynamic_cast<const LlmGenerator *>(generator.get())) {
        report.model = m_options.llm.model;
        report.llm = llm->reportJson();
    }
    report.seed = m_options.seed;
    report.sandbox = executor.sandbox() == SandboxLevel::Full ? QStringLiteral("full")
                                                              : QStringLiteral("degraded");
    report.sandboxNote = executor.sandboxNote();
    report.pythonOld = pythonOld->executable + QLatin1Char(' ') + pythonOld->version;
    report.pythonNew = pythonNew->executable + QLatin1Char(' ') + pythonNew->version;
    report.notes = notes;
    report.notAnalysable = targets->raw.value("not_analysable", nlohmann::json::object());
    report.seconds = clock.elapsed() / 1000.0;
    if (session.stopReason() != QLatin1String("cancelled"))
        QFile::remove(context.checkpointPath);
    return report;
}

} // namespace difftriage::engine
