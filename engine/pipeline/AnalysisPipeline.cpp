#include "pipeline/AnalysisPipeline.h"

#include "targets/TargetAnalysis.h"
#include "pipeline/SearchSession.h"
#include "pipeline/PipelineSetup.h"
#include "pipeline/ReportBuilder.h"
#include "execute/Executor.h"
#include "generate/OfflineGenerator.h"
#include "judge/Judge.h"
#include "generate/llm/LlmGenerator.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>

namespace difftriage::engine {

AnalysisPipeline::AnalysisPipeline(AnalysisOptions options) : m_options(std::move(options)) {}

AnalysisPipeline::~AnalysisPipeline() = default;

QString AnalysisPipeline::checkpointPath() const
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

Expected<Report> AnalysisPipeline::run(const ProgressCallback &progress, const std::atomic_bool *cancel)
{
    QElapsedTimer clock;
    clock.start();
    const auto say = [&](const QString &stage) {
        if (progress)
            progress({stage, 0, 0, 0, 0});
    };
    auto prepared = setUp(say);
    if (!prepared)
        return prepared.error();
    PipelineSetup &setup = **prepared;
    if (setup.nothingToAnalyse)
        return *setup.nothingToAnalyse;
    // The names the rest of the run was written with.
    const ChangeWorkspace *workspace = &setup.workspace;
    const PythonInterpreter *pythonOld = &setup.pythonOld;
    const PythonInterpreter *pythonNew = &setup.pythonNew;
    const Targets *targets = &setup.targets;
    Executor &executor = *setup.executor;
    Judge &judge = *setup.judge;
    const QStringList &notes = setup.notes;

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
    context.baseRequest.oldImportRoot = setup.oldImportRoot;
    context.baseRequest.newImportRoot = setup.newImportRoot;
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
    SearchSession session(context);
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
    Report report = buildReport(m_options.change, *targets, session, judge, setup.commitMessages);
    report.repo = setup.repositoryPath;
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
