// A release triaged end to end through the CLI, on the scratch release repository
// (tests/release/make_release_repo.py: twelve PRs and a direct commit between v1.0 and v1.1, one
// change reverted by a later PR): the range analysis attributes every difference to the step that
// made it; the per-PR fan-out with --jobs 1 and --jobs 2 yields the same differences, which
// contain the range analysis's, with the reverted one marked as not present at the head. The
// --jobs 1 run is kept in DIFFTRIAGE_RELEASE_DIR for the GitLab pipeline test to compare with.
#include "CliRun.h"
#include "release/ReleaseDocument.h"
#include "report/ReportFile.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

using namespace difftriage;
using namespace difftriage::engine;

namespace {

QString python()
{
    return qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON");
}

// Small analyses: tiny functions reach full coverage long before this budget.
QStringList analysisOptions()
{
    return {QStringLiteral("--python"), python(), QStringLiteral("--max-tests"),
            QStringLiteral("60")};
}

QString lastPart(const QString &target)
{
    return target.section(QLatin1Char('.'), -1);
}

// What a difference is, independent of the run that found it: its PR's commit and fingerprint.
QSet<QString> identities(const ReleaseDocument &release)
{
    QSet<QString> found;
    for (const ReleaseDifference &item : release.differences)
        found << QStringLiteral("%1 %2 %3")
                     .arg(item.pr.commit, item.difference.fingerprint,
                          spelling(item.difference.atHead));
    return found;
}

} // namespace

class ReleaseTest final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_scratch;
    QString m_repo;
    QString m_kept; // the --jobs 1 run, for the pipeline test
    std::optional<Report> m_range;

private slots:
    void initTestCase()
    {
        QVERIFY(m_scratch.isValid());
        m_repo = m_scratch.filePath(QStringLiteral("repo"));
        const QString script = qEnvironmentVariable("DIFFTRIAGE_SOURCE_DIR") +
                               QStringLiteral("/tests/release/make_release_repo.py");
        QProcess make;
        make.start(python(), {script, m_repo});
        QVERIFY(make.waitForFinished(60000));
        QVERIFY2(make.exitCode() == 0, make.readAllStandardError().constData());
        m_kept = qEnvironmentVariable("DIFFTRIAGE_RELEASE_DIR");
        QVERIFY(!m_kept.isEmpty());
        QDir(m_kept).removeRecursively();
    }

    void listsTheRange()
    {
        const auto run = test::runCli({QStringLiteral("list-prs"), QStringLiteral("--repo"), m_repo,
                                       QStringLiteral("--range"), QStringLiteral("v1.0..v1.1"),
                                       QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject listed = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(listed.value(QStringLiteral("changes")).toArray().size(), 12);
        QCOMPARE(listed.value(QStringLiteral("direct_commits")).toArray().size(), 1);
        const auto bad = test::runCli({QStringLiteral("list-prs"), QStringLiteral("--repo"), m_repo,
                                       QStringLiteral("--range"), QStringLiteral("v1.1..v1.0")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("not an ancestor"));
    }

    // Every difference that survives to v1.1 is attributed to the step that made it; #104's change
    // of parity(0), reverted by #108, is no difference of the range at all.
    void rangeAnalysisAttributesEachDifference()
    {
        const QString path = m_scratch.filePath(QStringLiteral("range.json"));
        const auto run = test::runCli(
            QStringList{QStringLiteral("analyze"), QStringLiteral("--repo"), m_repo,
                        QStringLiteral("--base"), QStringLiteral("v1.0"), QStringLiteral("--head"),
                        QStringLiteral("v1.1"), QStringLiteral("--report"), path} +
            analysisOptions());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(run.out.contains("introduced by #102 greet: say Hi"));
        auto report = loadReportFile(path);
        QVERIFY(report.ok());
        const QHash<QString, QString> expected{
            {QStringLiteral("greet"), QStringLiteral("#102")},
            {QStringLiteral("shout"), QStringLiteral("#105")},
            {QStringLiteral("double"), QStringLiteral("#107")},
            {QStringLiteral("version"), QStringLiteral("direct")},
            {QStringLiteral("clamp"), QStringLiteral("#111")}};
        QSet<QString> targets;
        for (const ReportDifference &difference : report->differences) {
            const QString target = lastPart(difference.target);
            QVERIFY2(expected.contains(target), qPrintable(difference.target));
            QVERIFY(difference.attribution);
            QCOMPARE(difference.attribution->status, AttributionStatus::Attributed);
            const ReportIntroducer &by = *difference.attribution->introducedBy;
            const QString named = by.number ? QStringLiteral("#%1").arg(*by.number)
                                            : (by.direct ? QStringLiteral("direct") : QString());
            QCOMPARE(named, expected.value(target));
            // Two probes confirm the ends, then at most ceil(log2(13)) = 4 bisect.
            QVERIFY(difference.attribution->probes.size() <= 6);
            targets << target;
        }
        QCOMPARE(targets, QSet<QString>(expected.keyBegin(), expected.keyEnd()));
        validate(path, QStringLiteral("report.schema.json"));
        m_range = std::move(*report);
    }

    void fanOutIsTheSameWithOneAndTwoJobs()
    {
        QVERIFY(m_range);
        const auto fanOut = [&](const QString &jobs, const QString &out) {
            return test::runCli(QStringList{QStringLiteral("analyze"), QStringLiteral("--repo"),
                                            m_repo, QStringLiteral("--range"),
                                            QStringLiteral("v1.0..v1.1"), QStringLiteral("--jobs"),
                                            jobs, QStringLiteral("--out-dir"), out} +
                                analysisOptions());
        };
        const QString two = m_scratch.filePath(QStringLiteral("jobs2"));
        const auto first = fanOut(QStringLiteral("1"), m_kept);
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const auto second = fanOut(QStringLiteral("2"), two);
        QVERIFY2(second.exitCode == 0, second.err.constData());
        auto one = loadReleaseFile(m_kept + QStringLiteral("/release.json"));
        auto both = loadReleaseFile(two + QStringLiteral("/release.json"));
        QVERIFY(one.ok() && both.ok());
        QCOMPARE(one->prs.size(), 13);
        QCOMPARE(identities(*one), identities(*both));
        validate(m_kept + QStringLiteral("/release.json"), QStringLiteral("release.schema.json"));

        // Every difference of the range analysis is among them, under the PR it was attributed to.
        for (const ReportDifference &ranged : std::as_const(m_range->differences)) {
            const QString commit = ranged.attribution->introducedBy->commit;
            const bool found = std::any_of(
                one->differences.cbegin(), one->differences.cend(), [&](const auto &item) {
                    return item.pr.commit == commit && item.difference.target == ranged.target &&
                           item.difference.kind == ranged.kind &&
                           item.difference.atHead == HeadPresence::Present;
                });
            QVERIFY2(found, qPrintable(ranged.target));
        }
        // #104's difference is in the fan-out, marked as reverted before the head; #108's, which
        // undid it, is present.
        QSet<int> notAtHead, parityPresent;
        for (const ReleaseDifference &item : std::as_const(one->differences)) {
            if (item.difference.atHead == HeadPresence::NotPresent)
                notAtHead << item.pr.number.value_or(0);
            else if (lastPart(item.difference.target) == QLatin1String("parity"))
                parityPresent << item.pr.number.value_or(0);
        }
        QCOMPARE(notAtHead, QSet<int>{104});
        QCOMPARE(parityPresent, QSet<int>{108});
    }

    void reportRendersTheRelease()
    {
        const QString markdown = m_scratch.filePath(QStringLiteral("release.md"));
        const auto run =
            test::runCli({QStringLiteral("report"), m_kept + QStringLiteral("/release.json"),
                          QStringLiteral("--markdown"), markdown, QStringLiteral("--sarif"),
                          m_scratch.filePath(QStringLiteral("release.sarif"))});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QFile file(markdown);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("## PRs of the release"));
        QVERIFY(text.contains("### #104 parity: call 0 zero"));
        QVERIFY(text.contains("not at the head"));
    }

private:
    // Against docs/SCHEMA; the release schema refers to the report schema's definitions.
    static void validate(const QString &document, const QString &schema)
    {
        const QString docs =
            qEnvironmentVariable("DIFFTRIAGE_SOURCE_DIR") + QStringLiteral("/docs/");
        QProcess validator;
        validator.start(
            python(),
            {QStringLiteral("-c"),
             QStringLiteral(
                 "import json, sys, warnings, jsonschema\n"
                 "warnings.simplefilter('ignore', DeprecationWarning)\n"
                 "report = json.load(open(sys.argv[3]))\n"
                 "schema = json.load(open(sys.argv[2]))\n"
                 "resolver = jsonschema.RefResolver.from_schema(schema, "
                 "store={report['$id']: report})\n"
                 "jsonschema.validate(json.load(open(sys.argv[1])), schema, resolver=resolver)\n"),
             document, docs + schema, docs + QStringLiteral("report.schema.json")});
        QVERIFY(validator.waitForFinished(60000));
        QVERIFY2(validator.exitCode() == 0, validator.readAllStandardError().constData());
    }
};

QTEST_GUILESS_MAIN(ReleaseTest)
#include "tst_release.moc"
