#include "AnalysisQueue.h"
#include "AnalysisRunner.h"
#include "DifferenceList.h"
#include "DifferenceModel.h"
#include "MainWindow.h"
#include "PrBrowser.h"
#include "PrFilterModel.h"
#include "PrListModel.h"
#include "PrivateUserDirs.h"
#include "RelationReviewModel.h"
#include "RelationReviewPanel.h"
#include "SideBySideOutput.h"
#include "TestPanel.h"
#include "TriageSession.h"
#include "VerdictPanel.h"
#include "VocabularyTestSupport.h"
#include "diff/DiffCoveragePanel.h"
#include "pipeline/AnalysisPipeline.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSettings>
#include <QTemporaryDir>
#include <Qsci/qsciscintilla.h>
#include <QtConcurrent>
#include <QtTest>

using namespace difftriage;

// Offscreen end to end on the demo repository: open, analyse a PR on the worker thread, decide,
// close, reopen, find the decision, export.
class MainWindowTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        test::usePrivateUserDirectories(m_home.path(), QStringLiteral("tst_mainwindow"));
        const QString python = qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", "/usr/bin/python3");
        QSettings().setValue(QStringLiteral("analysis/python"), python);
        QSettings().setValue(QStringLiteral("analysis/effort"),
                             engine::spelling(engine::Effort::Quick));

        const QString cli = qEnvironmentVariable("DIFFTRIAGE_CLI");
        if (cli.isEmpty())
            QSKIP("DIFFTRIAGE_CLI is not set (run through ctest)");
        m_repository = m_home.filePath(QStringLiteral("demo"));
        QProcess demo;
        demo.start(cli, {QStringLiteral("demo"), QStringLiteral("--out"), m_repository});
        QVERIFY(demo.waitForFinished(60000));
        QVERIFY2(demo.exitCode() == 0, demo.readAllStandardError().constData());
    }

    void runnerRefusesNothingButCountsGuiThreadCalls()
    {
        // The guard itself: a direct call on the GUI thread is counted (and fails fast here
        // because the repository does not exist).
        ui::AnalysisRunner runner;
        engine::AnalysisRequest request;
        request.repository = m_home.filePath(QStringLiteral("missing"));
        QSignalSpy failed(&runner, &ui::AnalysisRunner::failed);
        const int before = ui::AnalysisRunner::runsOnGuiThread();
        runner.run(1, request);
        QCOMPARE(ui::AnalysisRunner::runsOnGuiThread(), before + 1);
        QCOMPARE(failed.size(), 1);
    }

    void queueRunsOffTheGuiThread()
    {
        const int before = ui::AnalysisRunner::runsOnGuiThread();
        ui::AnalysisQueue queue;
        QSignalSpy failed(&queue, &ui::AnalysisQueue::failed);
        engine::ChangeSpec change;
        change.base = QStringLiteral("0000000000000000000000000000000000000000");
        change.head = change.base;
        queue.enqueue(m_home.filePath(QStringLiteral("missing")), change);
        QVERIFY(queue.isBusy());
        QVERIFY(failed.wait(30000));
        QCOMPARE(ui::AnalysisRunner::runsOnGuiThread(), before);
        QVERIFY(!queue.isBusy());
    }

    void analyseDecideReopenExport()
    {
        const int guiRunsBefore = ui::AnalysisRunner::runsOnGuiThread();
        engine::ChangeSpec change;
        QString fingerprint;
        {
            ui::MainWindow window;
            window.show();
            change = openAndFind(window, 24);
            QVERIFY(!change.base.isEmpty());
            QSignalSpy shown(&window, &ui::MainWindow::reportShown);
            window.browser()->selectChange(change.base, change.head);
            QVERIFY(!window.currentReport()); // nothing saved yet, nothing run
            window.analyse({change});
            QVERIFY(window.queue()->isBusy());
            QVERIFY(shown.wait(600000));
            QVERIFY(window.currentReport());
            QVERIFY2(!window.currentReport()->differences.isEmpty(),
                     "the demo PR #24 changes the default tax rate: a difference is expected");

            const int first = window.differenceList()->currentDifference();
            QVERIFY(first >= 0);
            fingerprint = window.currentReport()->differences[first].fingerprint;
            QVERIFY(!window.output()->newHeadline().isEmpty());
            window.verdictPanel()->findChild<QPlainTextEdit *>()->setPlainText(
                QStringLiteral("19 % is the new statutory rate"));
            window.verdictPanel()->choose(engine::Verdict::Intended);
            // The PR list says where the PR stands overall.
            auto *prs = qobject_cast<ui::PrListModel *>(window.browser()->filter()->sourceModel());
            QVERIFY(prs);
            const ui::PrListModel::Overall overall =
                prs->overall(prs->rowOf(change.base, change.head));
            QVERIFY(overall.verdict != engine::Verdict::None);
            QCOMPARE(overall.suggested, window.differenceModel()->undecidedCount() > 0);
            QCOMPARE(window.differenceModel()
                         ->indexOfDifference(first)
                         .data(ui::DifferenceModel::VerdictRole)
                         .toInt(),
                     int(engine::Verdict::Intended));
            window.close();
        }
        ui::MainWindow reopened;
        reopened.show();
        QCOMPARE(openAndFind(reopened, 24).head, change.head);
        QSignalSpy sources(reopened.diffPanel(), &ui::DiffCoveragePanel::sourcesLoaded);
        reopened.browser()->selectChange(change.base, change.head);
        // The saved analysis reopens at once, without a run.
        QVERIFY(reopened.currentReport());
        QVERIFY(!reopened.queue()->isBusy());
        QCOMPARE(reopened.relationReviews()->model()->rowCount(),
                 reopened.currentReport()->relationReviews.size());
        const auto &differences = reopened.currentReport()->differences;
        const auto found = std::find_if(differences.cbegin(), differences.cend(),
                                        [&](auto &d) { return d.fingerprint == fingerprint; });
        QVERIFY(found != differences.cend());
        QCOMPARE(found->verdict, engine::Verdict::Intended);
        QCOMPARE(found->note, QStringLiteral("19 % is the new statutory rate"));

        QVERIFY(sources.wait(30000));
        const QString html = m_home.filePath(QStringLiteral("export.html"));
        const engine::Status exported = reopened.exportCurrent(engine::ExportFormat::Html, html);
        QVERIFY2(exported.ok(), qPrintable(exported.ok() ? QString() : exported.error().message));
        QFile file(html);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.contains(QStringLiteral("Lower DEFAULT_TAX_RATE")));
        QVERIFY(text.contains(QStringLiteral("Intended")));
        QVERIFY(text.contains(QStringLiteral("19 % is the new statutory rate")));
        QVERIFY(text.contains(QStringLiteral("Coverage heatmap")));
        QVERIFY(text.contains(QStringLiteral("invoicekit/tax.py")));
        QVERIFY(!text.contains(QStringLiteral("http://")) &&
                !text.contains(QStringLiteral("https://"))); // self-contained

        const QString pdf = m_home.filePath(QStringLiteral("export.pdf"));
        QVERIFY(reopened.exportCurrent(engine::ExportFormat::Pdf, pdf).ok());
        QVERIFY(QFileInfo(pdf).size() > 1000);
        // The pytest file pins the reviewer's choice for the accepted difference.
        const QString pytest = m_home.filePath(QStringLiteral("test_pr24.py"));
        QVERIFY(reopened.exportCurrent(engine::ExportFormat::Pytest, pytest).ok());
        QFile tests(pytest);
        QVERIFY(tests.open(QIODevice::ReadOnly));
        const QString pinned = QString::fromUtf8(tests.readAll());
        QVERIFY2(pinned.contains(QStringLiteral("verdict: intended\n# note: 19 % is the new "
                                                "statutory rate\ndef test_")),
                 qPrintable(pinned));
        // Every format of the registry exports from the window too, the CI formats included.
        for (const engine::ExportFormatInfo &info : engine::exportFormats()) {
            const QString path =
                m_home.filePath(QStringLiteral("every.") + QLatin1String(info.extension));
            const engine::Status written = reopened.exportCurrent(info.format, path);
            QVERIFY2(written.ok(), qPrintable(QLatin1String(info.name) + QStringLiteral(": ") +
                                              (written ? QString() : written.error().message)));
            QVERIFY2(QFileInfo(path).size() > 100, info.name);
        }
        QFile sarif(m_home.filePath(QStringLiteral("every.sarif")));
        QVERIFY(sarif.open(QIODevice::ReadOnly));
        QVERIFY(sarif.readAll().contains("\"version\": \"2.1.0\""));

        // The reviewer's own tests run on both versions off the GUI thread: an edit that still
        // differs joins the list, one that behaves the same on both does not.
        const qsizetype before = differences.size();
        const QString edited = found->testCode + QStringLiteral("\nprint('checked twice')\n");
        const QString target = found->target;
        QSignalSpy ran(&reopened, &ui::MainWindow::singleTestFinished);
        reopened.testPanel()->setEditing(true);
        reopened.runTestOnBothVersions(edited, target);
        QVERIFY(ran.wait(300000));
        QCOMPARE(reopened.currentReport()->differences.size(), before + 1);
        const engine::ReportDifference &added = reopened.currentReport()->differences.last();
        QCOMPARE(added.testCode, edited);
        QVERIFY2(added.id.startsWith(QLatin1Char('r')), qPrintable(added.id));
        QCOMPARE(added.kind, engine::DifferenceKind::DifferentOutput);
        reopened.runTestOnBothVersions(QStringLiteral("print(6 * 7)\n"), target);
        QVERIFY(ran.wait(300000));
        QCOMPARE(reopened.currentReport()->differences.size(), before + 1);
        QCOMPARE(ui::AnalysisRunner::runsOnGuiThread(), guiRunsBefore);
    }

    // Closing with an edited test asks first, and stays open when the reviewer says no.
    void closingAsksBeforeLosingEdits()
    {
        ui::MainWindow window;
        window.show();
        int asked = 0;
        bool discard = false;
        window.setDiscardConfirmation([&](int edited) {
            asked = edited;
            return discard;
        });
        window.testPanel()->setEditing(true);
        window.testPanel()->findChild<QsciScintilla *>()->setText(QStringLiteral("print(1)\n"));
        QVERIFY(!window.close());
        QCOMPARE(asked, 1);
        QVERIFY(window.isVisible());
        discard = true;
        QVERIFY(window.close());
        window.show();
        window.testPanel()->setEditing(false); // reverted: nothing to lose, nothing asked
        asked = 0;
        QVERIFY(window.close());
        QCOMPARE(asked, 0);
    }

    // The reviewer's reruns keep the change's set-up: only the first run checks out, analyses and
    // starts workers; later ones only run their test.
    void singleTestsKeepTheirSetUp()
    {
        ui::MainWindow window;
        window.show();
        const engine::ChangeSpec change = openAndFind(window, 24);
        QVERIFY(!change.base.isEmpty());
        auto opened = engine::openAnalysis({m_repository, change, window.queue()->choices()});
        QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
        engine::AnalysisPipeline &analysis = **opened;
        QStringList stages;
        const auto run = [&](const QString &code) {
            return QtConcurrent::run([&analysis, &stages, code] {
                       return analysis.runSingleTest(
                           code, QString(), [&stages](const engine::AnalysisProgress &progress) {
                               stages << progress.stage;
                           });
                   })
                .result();
        };
        const auto first = run(QStringLiteral("print(6 * 7)\n"));
        QVERIFY2(first, qPrintable(first ? QString() : first.error().message));
        QCOMPARE(first->fate, engine::TestFate::Same);
        QVERIFY2(stages.contains(QStringLiteral("analysing")), qPrintable(stages.join(u',')));
        stages.clear();
        const auto second = run(QStringLiteral("print(6 * 8)\n"));
        QVERIFY(second);
        QCOMPARE(second->difference.newSide.output, QStringLiteral("48\n"));
        QCOMPARE(stages, QStringList{QStringLiteral("running the test")});
    }

    // A report written by the CLI elsewhere (a CI runner) joins the repository's analyses: it is
    // browsed and shown without a run; a broken file is named and does not stop the others.
    void openReportsProducedElsewhere()
    {
        const QString report = m_home.filePath(QStringLiteral("ci-pr12.json"));
        QProcess cli;
        cli.start(qEnvironmentVariable("DIFFTRIAGE_CLI"),
                  {QStringLiteral("analyze"), QStringLiteral("--repo"), m_repository,
                   QStringLiteral("--pr"), QStringLiteral("12"), QStringLiteral("--effort"),
                   QStringLiteral("quick"), QStringLiteral("--python"),
                   qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", "/usr/bin/python3"),
                   QStringLiteral("--report"), report});
        QVERIFY(cli.waitForFinished(600000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        {
            // what the analysis could not do travels with the report
            QFile produced(report);
            QVERIFY(produced.open(QIODevice::ReadOnly));
            QJsonObject withNotes = QJsonDocument::fromJson(produced.readAll()).object();
            produced.close();
            withNotes[QStringLiteral("notes")] =
                QJsonArray{QStringLiteral("the project's test file tests/test_x.py does not load")};
            QVERIFY(produced.open(QIODevice::WriteOnly | QIODevice::Truncate));
            produced.write(QJsonDocument(withNotes).toJson());
        }
        const QString broken = m_home.filePath(QStringLiteral("broken.json"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"schema\": \"difftriage-report/1\", \"differences\": 7}");
        file.close();

        // A report of another clone: its commits are missing here, and the message names it.
        QFile written(report);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QJsonObject otherReport = QJsonDocument::fromJson(written.readAll()).object();
        written.close();
        otherReport[QStringLiteral("repo")] = QStringLiteral("/elsewhere/other-clone");
        otherReport[QStringLiteral("base")] = QString(40, QLatin1Char('e'));
        const QString other = m_home.filePath(QStringLiteral("other-clone.json"));
        QFile otherFile(other);
        QVERIFY(otherFile.open(QIODevice::WriteOnly));
        otherFile.write(QJsonDocument(otherReport).toJson());
        otherFile.close();

        ui::MainWindow window;
        window.show();
        const engine::ChangeSpec change = openAndFind(window, 12);
        QVERIFY(!change.base.isEmpty());
        QSignalSpy imported(&window, &ui::MainWindow::reportsImported);
        window.importReports({report, broken, other});
        QVERIFY(imported.wait(60000));
        QCOMPARE(imported.first().at(0).toInt(), 1);
        const QStringList errors = imported.first().at(1).toStringList();
        QCOMPARE(errors.size(), 2);
        QVERIFY2(errors.first().startsWith(QStringLiteral("broken.json: ")),
                 qPrintable(errors.first()));
        QVERIFY2(errors.last().startsWith(QStringLiteral(
                     "other-clone.json: it is a report of /elsewhere/other-clone; ")),
                 qPrintable(errors.last()));
        // the open clone named too, the commits short, git's own message left out
        QVERIFY2(errors.last().contains(QStringLiteral("the open repository, ")) &&
                     errors.last().contains(QStringLiteral("eeeeeeeeee..")) &&
                     !errors.last().contains(QString(11, QLatin1Char('e'))),
                 qPrintable(errors.last()));
        window.browser()->selectChange(change.base, change.head);
        QVERIFY(window.currentReport());
        QVERIFY(!window.queue()->isBusy());
        QVERIFY(!window.currentReport()->differences.isEmpty());

        // A change not analysed yet shows its diff, and the status bar no longer speaks of the
        // previous change's analysis.
        auto *search = window.findChild<QLabel *>(QStringLiteral("searchState"));
        QVERIFY(search);
        QVERIFY(!search->text().isEmpty());
        auto *notes = window.findChild<QLabel *>(QStringLiteral("analysisNotes"));
        QVERIFY(notes);
        QVERIFY2(notes->text().contains(QStringLiteral("1 note")), qPrintable(notes->text()));
        QVERIFY(notes->toolTip().contains(QStringLiteral("tests/test_x.py does not load")));
        const auto changes = window.session()->changes();
        const auto unanalysed =
            std::find_if(changes.cbegin(), changes.cend(), [](auto &c) { return c.number == 18; });
        QVERIFY(unanalysed != changes.cend());
        window.browser()->selectChange(unanalysed->base, unanalysed->head);
        QVERIFY(!window.currentReport());
        QCOMPARE(search->text(), QString());
        QCOMPARE(notes->text(), QString());
        QVERIFY(window.diffPanel()->isPreview());
    }

private:
    engine::ChangeSpec openAndFind(ui::MainWindow &window, int number)
    {
        QSignalSpy opened(&window, &ui::MainWindow::repositoryOpened);
        window.openRepository(m_repository);
        if (!opened.wait(60000))
            return {};
        for (const engine::ChangeSpec &change : window.session()->changes()) {
            if (change.number == number)
                return change;
        }
        return {};
    }

    QTemporaryDir m_home;
    QString m_repository;
};

QTEST_MAIN(MainWindowTest)
#include "tst_mainwindow.moc"
