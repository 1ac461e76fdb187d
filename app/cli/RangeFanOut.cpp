#include "RangeFanOut.h"

#include "CliSupport.h"
#include "ReleaseOutput.h"
#include "change/ChangeRange.h"
#include "change/ChangeSource.h"
#include "git/Repository.h"
#include "report/ReportFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QSaveFile>
#include <QSet>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>
#include <vector>

namespace difftriage::cli {

using namespace difftriage::engine;

namespace {

std::atomic_bool stopping{false};

void onInterrupt(int)
{
    stopping.store(true);
}

// Options of the fan-out itself, not passed on to the per-step analyses; those that take a value.
const QSet<QString> &ownValueOptions()
{
    static const QSet<QString> names{
        QStringLiteral("range"),   QStringLiteral("jobs"),           QStringLiteral("shard"),
        QStringLiteral("out-dir"), QStringLiteral("triage-in-base"), QStringLiteral("report"),
        QStringLiteral("html"),    QStringLiteral("markdown"),       QStringLiteral("sarif"),
        QStringLiteral("junit"),   QStringLiteral("pytest"),         QStringLiteral("repo")};
    return names;
}
const QSet<QString> &ownFlags()
{
    static const QSet<QString> names{QStringLiteral("json"), QStringLiteral("fail-on-difference"),
                                     QStringLiteral("attribute"), QStringLiteral("no-attribute")};
    return names;
}

// The command's arguments without the fan-out's own options: what every analysis gets too.
QStringList passedOn(const QStringList &arguments)
{
    QStringList kept;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &token = arguments.at(i);
        const QString name = token.startsWith(QLatin1String("--"))
                                 ? token.mid(2).section(QLatin1Char('='), 0, 0)
                                 : QString();
        if (ownFlags().contains(name))
            continue;
        if (ownValueOptions().contains(name)) {
            if (!token.contains(QLatin1Char('=')))
                ++i; // its value
            continue;
        }
        kept << token;
    }
    return kept;
}

struct Step
{
    ChangeSpec change;
    QString name; // pr-12, commit-1a2b3c4d5e
    QStringList arguments;
};

QString nameOf(const ChangeSpec &step)
{
    return step.number ? QStringLiteral("pr-%1").arg(*step.number)
                       : QStringLiteral("commit-%1").arg(step.head.left(10));
}

// How the child names the step: --pr N when that finds this very merge, else its two commits.
QStringList changeArguments(const ChangeSource &source, const ChangeSpec &step)
{
    if (step.number) {
        auto found = source.pullRequest(*step.number);
        if (found && found->head == step.head && found->base == step.base)
            return {QStringLiteral("--pr"), QString::number(*step.number)};
    }
    return {QStringLiteral("--base"),  step.base, QStringLiteral("--head"), step.head,
            QStringLiteral("--title"), step.title};
}

Expected<QPair<int, int>> parseShard(const QString &text)
{
    const QStringList parts = text.split(QLatin1Char('/'));
    bool indexOk = false, totalOk = false;
    const int index = parts.value(0).toInt(&indexOk);
    const int total = parts.value(1).toInt(&totalOk);
    if (parts.size() != 2 || !indexOk || !totalOk || total < 1 || index < 1 || index > total)
        return makeError(
            QStringLiteral("--shard wants I/N with 1 <= I <= N (this job's share of the steps), "
                           "not '%1'")
                .arg(text));
    return qMakePair(index, total);
}

// The team's triage export as the step's base revision has it: a PR cannot accept its own
// differences. Empty when the base has none.
Expected<QString> triageFromBase(const git::Repository &repository, const ChangeSpec &step,
                                 const QString &pathInRepository, const QString &folder,
                                 const QString &name)
{
    auto content = repository.readFile(step.base, pathInRepository);
    if (!content)
        return content.error();
    if (!*content)
        return QString();
    const QString path = folder + QStringLiteral("/") + name + QStringLiteral(".json");
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(**content) < 0 || !file.commit())
        return makeError(QStringLiteral("cannot write %1").arg(path));
    return path;
}

void say(const QString &line)
{
    std::fputs((line + QLatin1Char('\n')).toUtf8().constData(), stderr);
}

} // namespace

void addRangeOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("range"),
                      QStringLiteral("Analyse every PR (and direct commit) on the first-parent "
                                     "line between two revisions, then merge the reports."),
                      QStringLiteral("REV1..REV2")});
    parser.addOption({QStringLiteral("jobs"),
                      QStringLiteral("With --range: analyses running at once (default 1)."),
                      QStringLiteral("N"), QStringLiteral("1")});
    parser.addOption({QStringLiteral("shard"),
                      QStringLiteral("With --range: analyse only share I of N of the steps and "
                                     "leave merging to a later job."),
                      QStringLiteral("I/N")});
    parser.addOption({QStringLiteral("out-dir"),
                      QStringLiteral("With --range: where the reports, logs and release.json go."),
                      QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("triage-in-base"),
                      QStringLiteral("With --range: apply the triage export at this path of each "
                                     "step's base revision (e.g. .difftriage/triage.json)."),
                      QStringLiteral("PATH")});
}

int runRangeAnalyses(const QCommandLineParser &parser, const QStringList &arguments)
{
    for (const char *single : {"pr", "branch", "base", "head"})
        if (parser.isSet(QLatin1String(single)))
            return fail(QStringLiteral("--range names the change; --%1 does not go with it")
                            .arg(QLatin1String(single)));
    bool jobsOk = false;
    const int jobs = parser.value(QStringLiteral("jobs")).toInt(&jobsOk);
    if (!jobsOk || jobs < 1)
        return fail(QStringLiteral("--jobs wants a number >= 1, not '%1'")
                        .arg(parser.value(QStringLiteral("jobs"))));
    QPair<int, int> shard{1, 1};
    if (parser.isSet(QStringLiteral("shard"))) {
        auto parsed = parseShard(parser.value(QStringLiteral("shard")));
        if (!parsed)
            return fail(parsed.error().message);
        shard = *parsed;
    }
    const QString out = parser.value(QStringLiteral("out-dir"));
    if (out.isEmpty())
        return fail(QStringLiteral("--range needs --out-dir DIR for the reports"));
    auto outputs = ReportOutputs::fromOptions(parser, parser.value(QStringLiteral("repo")), false);
    if (!outputs)
        return fail(outputs.error().message);
    auto repository = openRepository(parser);
    if (!repository)
        return fail(repository.error().message);
    auto revisions = splitRangeText(parser.value(QStringLiteral("range")));
    if (!revisions)
        return fail(revisions.error().message);
    auto range = resolveChangeRange(*repository, revisions->first, revisions->second);
    if (!range)
        return fail(range.error().message);
    for (const char *folder : {"reports", "logs", "triage"})
        if (!QDir().mkpath(out + QLatin1Char('/') + QLatin1String(folder)))
            return fail(QStringLiteral("cannot create %1/%2").arg(out, QLatin1String(folder)));

    const ChangeSource source(*repository);
    const QStringList common = passedOn(arguments);
    QList<Step> steps;
    for (qsizetype i = 0; i < range->steps.size(); ++i) {
        if (i % shard.second != shard.first - 1)
            continue;
        Step step{range->steps.at(i), nameOf(range->steps.at(i)), {}};
        step.arguments =
            QStringList{QStringLiteral("analyze"), QStringLiteral("--repo"), repository->path()} +
            changeArguments(source, step.change) + common +
            QStringList{QStringLiteral("--report"),
                        QStringLiteral("%1/reports/%2.json").arg(out, step.name)};
        if (parser.isSet(QStringLiteral("triage-in-base"))) {
            auto triage = triageFromBase(*repository, step.change,
                                         parser.value(QStringLiteral("triage-in-base")),
                                         out + QStringLiteral("/triage"), step.name);
            if (!triage)
                return fail(triage.error().message);
            if (!triage->isEmpty())
                step.arguments << QStringLiteral("--triage") << *triage;
        }
        steps << std::move(step);
    }

    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    QElapsedTimer clock;
    clock.start();
    QList<Report> reports;
    int worstExit = ExitOk;
    qsizetype next = 0;
    int finished = 0;
    std::vector<std::pair<std::unique_ptr<QProcess>, const Step *>> running;
    while ((next < steps.size() && !stopping.load()) || !running.empty()) {
        while (int(running.size()) < jobs && next < steps.size() && !stopping.load()) {
            const Step &step = steps.at(next++);
            auto process = std::make_unique<QProcess>();
            const QString log = QStringLiteral("%1/logs/%2.log").arg(out, step.name);
            process->setStandardOutputFile(log);
            process->setStandardErrorFile(log, QIODevice::Append);
            process->start(QCoreApplication::applicationFilePath(), step.arguments);
            running.emplace_back(std::move(process), &step);
        }
        for (auto it = running.begin(); it != running.end();) {
            if (!it->first->waitForFinished(qMax(20, 200 / int(running.size())))) {
                ++it;
                continue;
            }
            const Step &step = *it->second;
            const int code = it->first->exitStatus() == QProcess::NormalExit ? it->first->exitCode()
                                                                             : int(ExitInternal);
            ++finished;
            const QString what = step.change.number ? QStringLiteral("#%1").arg(*step.change.number)
                                                    : step.change.head.left(10);
            auto report = loadReportFile(QStringLiteral("%1/reports/%2.json").arg(out, step.name));
            if ((code == ExitOk || code == ExitDifferences) && report) {
                say(QStringLiteral("[%1/%2] %3 %4: %5 difference(s) in %6 s")
                        .arg(finished)
                        .arg(steps.size())
                        .arg(what, step.change.title)
                        .arg(report->differences.size())
                        .arg(report->seconds, 0, 'f', 1));
                reports << std::move(*report);
            } else {
                worstExit = code == ExitBadInput || worstExit == ExitBadInput ? int(ExitBadInput)
                                                                              : int(ExitInternal);
                say(QStringLiteral("[%1/%2] %3 %4 failed (exit %5): see %6/logs/%7.log")
                        .arg(finished)
                        .arg(steps.size())
                        .arg(what, step.change.title)
                        .arg(code)
                        .arg(out, step.name));
            }
            it = running.erase(it);
        }
    }
    if (stopping.load())
        return fail(QStringLiteral("interrupted: %1 of %2 analyses finished")
                        .arg(finished)
                        .arg(steps.size()),
                    ExitInternal);
    say(QStringLiteral("%1 analyses in %2 s with --jobs %3")
            .arg(steps.size())
            .arg(clock.elapsed() / 1000.0, 0, 'f', 1)
            .arg(jobs));
    if (shard.second > 1) // the merging job reads every shard's reports
        return worstExit;
    if (reports.isEmpty())
        return worstExit == ExitOk
                   ? fail(QStringLiteral("the range has no PR or commit to analyse"))
                   : worstExit;
    ReleaseRequest request;
    request.reports = std::move(reports);
    request.repository = repository->path();
    request.base = range->base;
    request.head = range->head;
    applyPythonOptions(parser, request.choices);
    request.choices.prepare = parser.value(QStringLiteral("prepare"));
    request.choices.forceDegradedSandbox = parser.isSet(QStringLiteral("degraded-sandbox"));
    auto release = buildRelease(request, &stopping);
    if (!release)
        return fail(release.error().message,
                    release.error().kind == ErrorKind::BadInput ? ExitBadInput : ExitInternal);
    const int exit =
        finishRelease(*release, parser, *outputs, out + QStringLiteral("/release.json"),
                      parser.isSet(QStringLiteral("fail-on-difference")));
    return worstExit != ExitOk ? worstExit : exit;
}

} // namespace difftriage::cli
