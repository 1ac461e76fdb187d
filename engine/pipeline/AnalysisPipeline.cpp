#include "pipeline/AnalysisPipeline.h"

#include "execute/Executor.h"
#include "generate/OfflineGenerator.h"
#include "generate/ProjectTestDiscovery.h"
#include "generate/llm/LlmGenerator.h"
#include "judge/Judge.h"
#include "pipeline/PipelineSetup.h"
#include "pipeline/ReportBuilder.h"
#include "pipeline/ResolveOptions.h"
#include "pipeline/SearchSchedule.h"
#include "pipeline/SearchSession.h"
#include "targets/TargetAnalysis.h"
#include "triage/intent/Suggestions.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>

namespace difftriage::engine {

AnalysisPipeline::AnalysisPipeline(AnalysisOptions options, git::Repository repository)
    : m_options(std::move(options)), m_repository(std::move(repository))
{}

AnalysisPipeline::~AnalysisPipeline() = default;

QString AnalysisPipeline::checkpointPath() const
{
    const UserChoices &choices = m_options.choices;
    const QString directory =
        choices.checkpointDirectory.isEmpty()
            ? QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                  QStringLiteral("/difftriage/checkpoints")
            : choices.checkpointDirectory;
    const bool llm = choices.generator == GeneratorKind::Llm;
    const QStringList parts{QDir(m_options.repository).absolutePath(),
                            m_options.change.base,
                            m_options.change.head,
                            QString::number(choices.seed),
                            spelling(choices.generator),
                            llm ? choices.llm.model : QString(),
                            spelling(choices.effort),
                            QString::number(choices.maxTests),
                            QString::number(choices.candidatesPerRound),
                            QString::number(choices.maxRounds),
                            QString::number(choices.plateauTests),
                            choices.disabledStrategies.join(QLatin1Char(',')),
                            analyzerFingerprint()};
    const QByteArray key =
        QCryptographicHash::hash(parts.join(QLatin1Char('\n')).toUtf8(), QCryptographicHash::Sha256)
            .toHex()
            .left(24);
    return directory + QLatin1Char('/') + QString::fromLatin1(key) + QStringLiteral(".json");
}

namespace {

// Settings that cannot work are the user's input, so they fail as bad input.
Expected<std::unique_ptr<Generator>> makeGenerator(const UserChoices &choices,
                                                   const PythonInterpreter &python)
{
    if (choices.generator == GeneratorKind::Offline)
        return std::unique_ptr<Generator>(std::make_unique<OfflineGenerator>(python));
    auto llm = makeLlmGenerator(choices.llm, python);
    if (!llm)
        return asBadInput(llm.error());
    return std::unique_ptr<Generator>(std::move(*llm));
}

ReportProjectTests reportOf(const ProjectTestSeeds &seeds)
{
    ReportProjectTests summary{
        seeds.filesSearched, seeds.testsFound, seeds.testsRun, seeds.budgetSpent, {},
        seeds.converted,     seeds.skipped};
    for (const ProjectTestSeed &seed : seeds.reaching)
        summary.reaching << seed.id();
    return summary;
}

} // namespace

Expected<Report> AnalysisPipeline::run(const ProgressCallback &progress,
                                       const std::atomic_bool *cancel)
{
    QElapsedTimer clock;
    clock.start();
    const auto say = [&](const QString &stage) {
        if (progress)
            progress({stage, 0, 0, 0, 0});
    };
    const auto cancelRequested = [cancel] { return cancel && cancel->load(); };
    auto prepared = setUp(say, cancel);
    if (!prepared)
        return prepared.error();
    PipelineSetup &setup = **prepared;
    if (setup.earlyReport)
        return *setup.earlyReport;
    auto generator = makeGenerator(m_options.choices, setup.pythonOld);
    if (!generator)
        return generator.error();

    // The project's own tests that reach the change seed the offline search (its rounds convert
    // and mutate them); they run once, before the rounds.
    std::optional<ProjectTestSeeds> seeds;
    if (m_options.choices.generator == GeneratorKind::Offline &&
        !m_options.choices.disabledStrategies.contains(projectTestsStrategy())) {
        say(QStringLiteral("project tests"));
        ProjectTestDiscoveryInput input;
        input.executor = setup.executor.get();
        input.python = setup.pythonOld;
        input.oldRoot = setup.workspace.oldTree;
        input.oldImportRoot = setup.oldImportRoot;
        input.targets = &setup.targets;
        const SearchSchedule schedule = scheduleFor(m_options.choices);
        input.budget.maxFiles = schedule.projectTestFiles;
        input.budget.maxTests = schedule.projectTests;
        input.testTimeoutSeconds = m_options.testTimeoutSeconds;
        input.cancel = cancel;
        input.progress = [&progress](double fraction) {
            if (progress)
                progress({QStringLiteral("project tests"), fraction, 0, 0, 0});
        };
        auto found = discoverProjectTests(input);
        if (!found)
            return found.error();
        seeds = std::move(*found);
    }

    SessionContext context;
    context.options = &m_options;
    context.targets = &setup.targets;
    context.runner = setup.executor.get();
    context.generator = generator->get();
    context.judge = setup.judge.get();
    context.baseRequest.seed = m_options.choices.seed;
    context.baseRequest.oldRoot = setup.workspace.oldTree;
    context.baseRequest.newRoot = setup.workspace.newTree;
    context.baseRequest.oldImportRoot = setup.oldImportRoot;
    context.baseRequest.newImportRoot = setup.newImportRoot;
    context.baseRequest.targets = &setup.targets;
    context.baseRequest.relations = m_options.config.relations;
    context.baseRequest.disabledStrategies = m_options.choices.disabledStrategies;
    if (seeds)
        context.baseRequest.projectTests = seeds->generationJson();
    context.progress = progress;
    context.cancel = cancel;
    context.checkpointPath = checkpointPath();
    context.checkpointKey = QFileInfo(context.checkpointPath).baseName();
    context.testTimeoutSeconds = m_options.testTimeoutSeconds;
    SearchSession session(context);
    if (m_options.choices.resume) {
        if (auto checkpoint = Checkpoint::load(context.checkpointPath, context.checkpointKey)) {
            if (auto restored = session.restore(*checkpoint); !restored)
                return restored.error();
        }
    } else {
        QFile::remove(context.checkpointPath);
    }
    if (auto rounds = session.runRounds(); !rounds)
        return rounds.error();
    if (!cancelRequested()) {
        if (auto shrunk = session.shrinkDifferences(); !shrunk)
            return shrunk.error();
        if (auto shrunk = session.shrinkRelationReviews(); !shrunk)
            return shrunk.error();
    }

    say(QStringLiteral("reporting"));
    Report report =
        buildReport(m_options.change, setup.targets, session, *setup.judge, setup.commitMessages);
    report.repo = setup.repositoryPath;
    report.generator = m_options.choices.generator;
    if (const auto *llm = dynamic_cast<const LlmGenerator *>(generator->get())) {
        report.model = m_options.choices.llm.model;
        report.llm = llm->reportJson();
    }
    report.seed = m_options.choices.seed;
    report.sandbox = setup.executor->sandbox();
    report.sandboxNote = setup.executor->sandboxNote();
    if (const QString translated = setup.executor->sandboxNote(NoteLanguage::Translated);
        translated != report.sandboxNote)
        report.sandboxNoteTranslated = translated;
    report.pythonOld = setup.pythonOld.executable + QLatin1Char(' ') + setup.pythonOld.version;
    report.pythonNew = setup.pythonNew.executable + QLatin1Char(' ') + setup.pythonNew.version;
    report.notes = setup.notes;
    if (seeds) {
        report.notes << seeds->notes;
        report.projectTests = reportOf(*seeds);
    }
    report.notAnalysable = setup.targets.raw.value("not_analysable", nlohmann::json::object());
    if (m_options.choices.suggest == SuggestionSource::Llm && !cancelRequested())
        say(QStringLiteral("suggesting"));
    suggestVerdicts(report, m_options.choices.suggest, m_options.choices.llm, cancel);
    report.seconds = clock.elapsed() / 1000.0;
    // Cancelled at any step (a round, confirming, shrinking, suggesting): the search's own stop
    // reason would pass unshrunk differences or missing suggestions off as a finished analysis.
    if (cancelRequested())
        report.stopReason = StopReason::Cancelled;
    else
        QFile::remove(context.checkpointPath);
    return report;
}

Expected<std::unique_ptr<AnalysisPipeline>> openAnalysis(const AnalysisRequest &request)
{
    auto repository = git::Repository::open(request.repository);
    if (!repository)
        return asBadInput(repository.error());
    auto options = resolveAnalysisOptions(*repository, request.change, request.choices);
    if (!options)
        return options.error();
    return std::make_unique<AnalysisPipeline>(std::move(*options), std::move(*repository));
}

} // namespace difftriage::engine
