// Triage > Find the PR That Introduced This: a range analysis written by the CLI (without
// attribution) is opened in the window; the selected difference is bisected over the range's
// merges in the background and the answer joins the report the window shows.
#include "DifferenceList.h"
#include "MainWindow.h"
#include "PrBrowser.h"
#include "PrivateUserDirs.h"
#include "report/ReportFile.h"

#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace difftriage;

class FindIntroducerTest final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;
    QString m_repository;
    QString m_report;
    QString m_python;

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        test::usePrivateUserDirectories(m_home.path(), QStringLiteral("tst_findintroducer"));
        m_python = qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", "/usr/bin/python3");
        QSettings().setValue(QStringLiteral("analysis/python"), m_python);
        const QString cli = qEnvironmentVariable("DIFFTRIAGE_CLI");
        if (cli.isEmpty())
            QSKIP("DIFFTRIAGE_CLI is not set (run through ctest)");
        m_repository = m_home.filePath(QStringLiteral("repo"));
        QProcess make;
        make.start(m_python, {qEnvironmentVariable("DIFFTRIAGE_SOURCE_DIR") +
                                  QStringLiteral("/tests/release/make_release_repo.py"),
                              m_repository});
        QVERIFY(make.waitForFinished(60000));
        QVERIFY2(make.exitCode() == 0, make.readAllStandardError().constData());
        m_report = m_home.filePath(QStringLiteral("range.json"));
        QProcess analyze;
        analyze.start(cli,
                      {QStringLiteral("analyze"), QStringLiteral("--repo"), m_repository,
                       QStringLiteral("--base"), QStringLiteral("v1.0"), QStringLiteral("--head"),
                       QStringLiteral("v1.1"), QStringLiteral("--no-attribute"),
                       QStringLiteral("--python"), m_python, QStringLiteral("--max-tests"),
                       QStringLiteral("60"), QStringLiteral("--report"), m_report});
        QVERIFY(analyze.waitForFinished(600000));
        QVERIFY2(analyze.exitCode() == 0, analyze.readAllStandardError().constData());
    }

    void findsThePrOfTheSelectedDifference()
    {
        const auto written = engine::loadReportFile(m_report);
        QVERIFY(written.ok());
        int greet = -1;
        for (qsizetype i = 0; i < written->differences.size(); ++i) {
            QVERIFY(!written->differences[i].attribution);
            if (written->differences[i].target.endsWith(QLatin1String(".greet")))
                greet = int(i);
        }
        QVERIFY(greet >= 0);

        ui::MainWindow window;
        window.show();
        QSignalSpy opened(&window, &ui::MainWindow::repositoryOpened);
        window.openRepository(m_repository);
        QVERIFY(opened.wait(60000));
        QSignalSpy imported(&window, &ui::MainWindow::reportsImported);
        window.importReports({m_report});
        QVERIFY(imported.wait(60000));
        QCOMPARE(imported.first().at(0).toInt(), 1);
        window.browser()->selectChange(written->base, written->head);
        QVERIFY(window.currentReport());
        window.differenceList()->selectDifference(greet);

        QSignalSpy finished(&window, &ui::MainWindow::attributionFinished);
        window.findIntroducingPr();
        QVERIFY(finished.wait(600000));
        QCOMPARE(finished.first().first().toString(), QString());
        const engine::ReportDifference &found = window.currentReport()->differences.at(greet);
        QVERIFY(found.attribution);
        QCOMPARE(found.attribution->status, engine::AttributionStatus::Attributed);
        QCOMPARE(found.attribution->introducedBy->number, std::optional<int>(102));
        QVERIFY(found.attribution->probes.size() <= 6);
    }
};

QTEST_MAIN(FindIntroducerTest)
#include "tst_findintroducer.moc"
