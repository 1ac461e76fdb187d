#include "pipeline/ReportBuilder.h"

#include "core/Json.h"
#include "generate/ProjectTestDiscovery.h"
#include "judge/Judge.h"
#include "judge/RelationJudging.h"
#include "pipeline/RelationReport.h"

#include <QCryptographicHash>
#include <QHash>
#include <QSet>

namespace difftriage::engine {

namespace {

QString shortHash(const QStringList &parts)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &part : parts)
        hash.addData(part.toUtf8() + '\0');
    return QString::fromLatin1(hash.result().toHex().left(16));
}

ReportSearch searchOf(const SearchSession &session, const QStringList &disabledStrategies)
{
    const SearchSchedule &schedule = session.schedule();
    ReportSearch search{schedule.tests,
                        schedule.rounds,
                        schedule.candidatesPerRound,
                        schedule.plateauTests,
                        schedule.testCap,
                        disabledStrategies,
                        {}};
    const auto &targets = session.ledger().targets();
    for (auto it = targets.cbegin(); it != targets.cend(); ++it) {
        ReportSearchTarget target{it.key(), it->level, it->exhausted, it->tests, {}, {}, {}};
        target.oldSignatures = QStringList(it->oldSignatures.cbegin(), it->oldSignatures.cend());
        target.newSignatures = QStringList(it->newSignatures.cbegin(), it->newSignatures.cend());
        target.oldSignatures.sort();
        target.newSignatures.sort();
        for (auto tally = it->strategies.cbegin(); tally != it->strategies.cend(); ++tally)
            target.strategies << ReportStrategyTally{tally.key(), tally->tests, tally->novel};
        search.targets << target;
    }
    return search;
}

// The project test a candidate of the project_tests strategy came from (its genome says).
std::optional<ProjectTestOrigin> projectTestOf(const Candidate &candidate)
{
    const nlohmann::json &genome = candidate.genome;
    if (stringField(genome, "strategy") != projectTestsStrategy())
        return std::nullopt;
    return projectTestOriginFromJson(field(genome, "origin"));
}

} // namespace

ReportSide reportSide(const TestOutcome &outcome, const Normalizer &normalizer)
{
    ReportSide side;
    side.status = outcome.status;
    side.output = normalizer.normalize(outcome.output);
    if (outcome.status == RunStatus::Raised) {
        side.errorType = outcome.errorType;
        side.errorMessage = normalizer.normalize(outcome.errorMessage);
        if (!outcome.osError.isEmpty())
            side.osError = outcome.osError;
    } else if (outcome.status == RunStatus::Exited) {
        side.errorType = QStringLiteral("SystemExit");
        side.errorMessage = QString::number(outcome.exitCode);
    } else if (outcome.aborted()) {
        side.errorType = spelling(outcome.status);
        side.errorMessage = outcome.abortedReason;
    }
    return side;
}

QString fingerprintOf(const ReportDifference &difference)
{
    return shortHash({difference.testCode, spelling(difference.kind), difference.oldSide.output,
                      difference.newSide.output, difference.oldSide.errorType.value_or(QString()),
                      difference.newSide.errorType.value_or(QString())});
}

QString clusterOf(const ReportDifference &difference, const QString &cause)
{
    return shortHash({difference.target, spelling(difference.kind),
                      difference.oldSide.errorType.value_or(QString()),
                      difference.newSide.errorType.value_or(QString()), cause});
}

Report buildReport(const ChangeSpec &change, const Targets &targets, const SearchSession &session,
                   const Judge &judge, const QStringList &commitMessages)
{
    Report report;
    report.commitMessages = commitMessages;
    report.base = change.base;
    report.head = change.head;
    report.title = change.title;
    report.body = change.body;
    report.number = change.number;
    report.stopReason = session.stopReason();
    report.effort = session.schedule().effort;
    report.search = searchOf(session, session.disabledStrategies());
    const CoverageTracker &coverage = session.coverage();
    report.unionCoverage = coverage.unionCoverage();
    for (const ChangedFunction &function : targets.functions)
        report.changedFunctions << ReportChangedFunction{
            function.qualname, function.kind, function.versions,
            function.reasons.join(QLatin1Char(',')), coverage.unionCoverage(function.qualname)};
    coverage.forEachLine([&](Side side, const QString &file, int line, const QStringList &tests) {
        report.changedLines << ReportChangedLine{
            file, toString(side), line, true, tests, coverage.atImport(side, file, line)};
    });
    for (const auto &item : arrayField(targets.raw, "non_executable_changes")) {
        if (!field(item, "line").is_number_integer())
            continue;
        report.changedLines << ReportChangedLine{stringField(item, "file"),
                                                 stringField(item, "side"),
                                                 intField(item, "line"),
                                                 false,
                                                 {}};
    }
    report.rounds = session.rounds();
    report.testsExecuted = session.executions();
    report.flakyDiscarded = session.flakyDiscarded();
    const Normalizer &normalizer = judge.normalizer();
    QHash<QString, QString> sameRelationOutputs; // relation checks alike on both versions
    for (const TestRecord &record : session.tests()) {
        const QString relation = relationLabelOf(record.candidate.genome);
        const auto verdict = relation.isEmpty() ? std::optional<RelationVerdict>()
                                                : relationVerdict(record.oldRun.output);
        report.tests << ReportTest{record.id,
                                   record.candidate.code,
                                   record.round,
                                   record.candidate.target,
                                   record.fate,
                                   relation,
                                   verdict,
                                   record.candidate.strategy,
                                   projectTestOf(record.candidate)};
        if (!relation.isEmpty() && record.fate == TestFate::Same)
            sameRelationOutputs.insert(record.id, normalizer.normalize(record.oldRun.output));
    }

    QHash<QString, const TestRecord *> byId;
    for (const TestRecord &record : session.tests())
        byId.insert(record.id, &record);
    int index = 0;
    QSet<QString> fingerprints;
    for (const FoundDifference &found : session.differences()) {
        ReportDifference difference;
        difference.testId = found.testId;
        difference.testCode = found.shrunk.code;
        difference.originalTestCode = found.original.code;
        difference.target = found.original.target;
        difference.oldSide = reportSide(found.oldRun, normalizer);
        difference.newSide = reportSide(found.newRun, normalizer);
        // The original's own runs, for the reviewer who looks at the test as it was found.
        if (const TestRecord *original = byId.value(found.testId);
            original && found.shrunk.code != found.original.code) {
            difference.originalOld = reportSide(original->oldRun, normalizer);
            difference.originalNew = reportSide(original->newRun, normalizer);
        }
        difference.kind = found.kind;
        difference.projectTest = projectTestOf(found.original);
        difference.fingerprint = fingerprintOf(difference);
        // Different tests can shrink to the same one: the reviewer sees it once.
        if (fingerprints.contains(difference.fingerprint))
            continue;
        fingerprints.insert(difference.fingerprint);
        difference.id = QStringLiteral("d%1").arg(++index);
        // One cause, one cluster: the same target failing the same way on each side (or the
        // same relation breaking).
        const QString cause = found.kind == DifferenceKind::ApiChange
                                  ? found.original.entry
                                  : relationCause(relationLabelOf(found.original.genome),
                                                  found.oldRun.output, found.newRun.output);
        difference.cluster = clusterOf(difference, cause);
        report.differences << std::move(difference);
    }
    collectRelations(report, sameRelationOutputs);
    return report;
}

} // namespace difftriage::engine
