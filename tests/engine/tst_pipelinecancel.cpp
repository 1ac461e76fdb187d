// Cancel the engine's analysis of demo PR #15 at each step it reports: the report it returns says
// `cancelled`, whatever the search's own stop reason was, and never passes for a finished one.
#include "change/ChangeSource.h"
#include "demo/DemoBuilder.h"
#include "git/Repository.h"
#include "pipeline/AnalysisPipeline.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace difftriage::engine;

class PipelineCancelTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_demo = m_dir.filePath(QStringLiteral("demo"));
        auto prs = DemoBuilder::build(m_demo);
        QVERIFY2(prs.ok(), prs.ok() ? "" : qPrintable(prs.error().message));
        auto repository = git::Repository::open(m_demo);
        QVERIFY(repository.ok());
        auto change = ChangeSource(*repository).pullRequest(15);
        QVERIFY2(change.ok(), change.ok() ? "" : qPrintable(change.error().message));
        m_change = *change;
    }

    // The stages are the progress callback's (AnalysisPipeline, SearchSession).
    void cancelledAtEachStage_data()
    {
        QTest::addColumn<QString>("stage");
        QTest::addColumn<int>("perRound");
        QTest::newRow("trees") << QStringLiteral("preparing") << 40;
        QTest::newRow("targets") << QStringLiteral("analysing") << 40;
        QTest::newRow("workers") << QStringLiteral("importing") << 40;
        QTest::newRow("round 0") << QStringLiteral("round 0: generating") << 40;
        QTest::newRow("round 1") << QStringLiteral("round 1: running") << 3;
        QTest::newRow("confirming") << QStringLiteral("confirming") << 40;
        QTest::newRow("shrinking") << QStringLiteral("shrinking") << 40;
        QTest::newRow("reporting") << QStringLiteral("reporting") << 40;
    }

    void cancelledAtEachStage()
    {
        QFETCH(QString, stage);
        QFETCH(int, perRound);
        AnalysisRequest request{m_demo, m_change, {}};
        request.choices.pythonOld = request.choices.pythonNew =
            qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", "/usr/bin/python3");
        request.choices.candidatesPerRound = perRound;
        request.choices.checkpointDirectory = m_dir.filePath(QStringLiteral("checkpoints"));
        auto pipeline = openAnalysis(request);
        QVERIFY2(pipeline.ok(), pipeline.ok() ? "" : qPrintable(pipeline.error().message));
        std::atomic_bool cancel = false;
        QStringList seen;
        const auto progress = [&](const AnalysisProgress &update) {
            if (seen.isEmpty() || seen.last() != update.stage)
                seen << update.stage;
            if (update.stage.contains(stage))
                cancel = true;
        };
        const auto report = (*pipeline)->run(progress, &cancel);
        QVERIFY2(cancel, qPrintable(QStringLiteral("never reached '%1'; stages: %2")
                                        .arg(stage, seen.join(QStringLiteral(" | ")))));
        QVERIFY2(report.ok(), report.ok() ? "" : qPrintable(report.error().message));
        QCOMPARE(spelling(report->stopReason), QStringLiteral("cancelled"));
    }

private:
    QTemporaryDir m_dir;
    QString m_demo;
    ChangeSpec m_change;
};

QTEST_GUILESS_MAIN(PipelineCancelTest)
#include "tst_pipelinecancel.moc"
