// The release view: a release document, a folder of per-PR reports or a CI artifact zip opens as
// its PRs (most severe first) with their differences; a verdict goes to the repository's triage
// store under the difference's PR and counts towards "n of m PRs reviewed".
#include "ReleaseModel.h"
#include "ReleaseWindow.h"
#include "VerdictPanel.h"
#include "release/ReleaseMerge.h"
#include "triage/TriageStore.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace difftriage;
using namespace difftriage::engine;
using namespace difftriage::ui;

namespace {

ReportDifference difference(const QString &fingerprint, Verdict suggested)
{
    ReportDifference d;
    d.id = QStringLiteral("d-") + fingerprint;
    d.fingerprint = fingerprint;
    d.cluster = QStringLiteral("c-") + fingerprint;
    d.testCode = QStringLiteral("print(%1)").arg(fingerprint);
    d.originalTestCode = d.testCode;
    d.target = QStringLiteral("pkg.f");
    d.oldSide.output = QStringLiteral("old\n");
    d.newSide.output = QStringLiteral("new\n");
    d.suggestedVerdict = suggested;
    return d;
}

Report prReport(int number, const QList<ReportDifference> &differences)
{
    Report report;
    report.number = number;
    report.title = QStringLiteral("PR %1").arg(number);
    report.base = QStringLiteral("base%1").arg(number);
    report.head = QStringLiteral("merge%1").arg(number);
    report.stopReason = StopReason::FullCoverage;
    report.differences = differences;
    return report;
}

// #1: one difference suggested intended; #2: two, one suggested a regression; #3: none.
QList<Report> releaseReports()
{
    return {prReport(1, {difference(QStringLiteral("aaaaaaaa01"), Verdict::Intended)}),
            prReport(2, {difference(QStringLiteral("bbbbbbbb01"), Verdict::Intended),
                         difference(QStringLiteral("bbbbbbbb02"), Verdict::Regression)}),
            prReport(3, {})};
}

void writeJson(const QString &path, const nlohmann::json &document)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(document.dump()));
}

} // namespace

class ReleaseWindowTest final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    // Opens `path` and waits for the pool thread's answer; the window, or nullptr on error.
    ReleaseWindow *open(TriageStore &store, const QString &path, QString *error = nullptr)
    {
        auto *window = new ReleaseWindow(&store, QString());
        window->setAttribute(Qt::WA_DeleteOnClose, false);
        QSignalSpy opened(window, &ReleaseWindow::opened);
        window->open(path);
        if (!opened.wait(20000)) {
            delete window;
            return nullptr;
        }
        const QString message = opened.first().first().toString();
        if (error)
            *error = message;
        if (!message.isEmpty()) {
            delete window;
            return nullptr;
        }
        return window;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void showsPrsMostSevereFirstAndTriagesInPlace()
    {
        auto merged = mergeReports(releaseReports());
        QVERIFY(merged.ok());
        const QString path = m_dir.filePath(QStringLiteral("release.json"));
        QVERIFY(saveReleaseFile(*merged, path).ok());
        TriageStore store(m_dir.filePath(QStringLiteral("store.json")));
        QVERIFY(store.load().ok());

        std::unique_ptr<ReleaseWindow> window(open(store, path));
        QVERIFY(window);
        ReleaseModel *model = window->model();
        QCOMPARE(model->rowCount(), 3);
        // #2 (a suggested regression) first, #3 (nothing to review) last.
        QVERIFY(model->index(0, ReleaseModel::TitleColumn).data().toString().contains("#2"));
        QVERIFY(model->index(2, ReleaseModel::TitleColumn).data().toString().contains("#3"));
        QCOMPARE(model->rowCount(model->index(0, 0)), 2);
        QCOMPARE(model->prsToReview(), 2);
        QCOMPARE(window->progressText(), QStringLiteral("0 of 2 PRs reviewed"));
        // The first undecided difference is selected, with its PR's verdict panel.
        QVERIFY(window->currentDifference() >= 0);

        // Deciding #1's only difference reviews #1, and the verdict is in the store under #1.
        const QModelIndex first = model->index(1, 0);
        QVERIFY(first.data().toString().contains("#1"));
        const int differenceOfOne =
            model->index(0, 0, first).data(ReleaseModel::DifferenceIndexRole).toInt();
        window->selectDifference(differenceOfOne);
        QCOMPARE(window->currentDifference(), differenceOfOne);
        window->verdictPanel()->choose(Verdict::Intended);
        QCOMPARE(window->progressText(), QStringLiteral("1 of 2 PRs reviewed"));
        const TriageEntry stored =
            store.entry(TriageStore::prKey(QStringLiteral("base1"), QStringLiteral("merge1")),
                        QStringLiteral("aaaaaaaa01"));
        QCOMPARE(stored.verdict, Verdict::Intended);
        QCOMPARE(
            model->index(1, ReleaseModel::StatusColumn).data(ReleaseModel::VerdictRole).toInt(),
            int(Verdict::Intended));

        // Opened again, the store's verdicts are applied.
        std::unique_ptr<ReleaseWindow> again(open(store, path));
        QVERIFY(again);
        QCOMPARE(again->progressText(), QStringLiteral("1 of 2 PRs reviewed"));
    }

    // "Apply to the whole cluster" decides every difference of the PR with the same cluster.
    void decidesAWholeCluster()
    {
        ReportDifference first = difference(QStringLiteral("cccccccc01"), Verdict::Intended);
        ReportDifference second = difference(QStringLiteral("cccccccc02"), Verdict::Intended);
        ReportDifference other = difference(QStringLiteral("cccccccc03"), Verdict::Intended);
        first.cluster = second.cluster = QStringLiteral("shared-cluster");
        auto merged = mergeReports({prReport(4, {first, second, other})});
        QVERIFY(merged.ok());
        const QString path = m_dir.filePath(QStringLiteral("cluster.json"));
        QVERIFY(saveReleaseFile(*merged, path).ok());
        TriageStore store(m_dir.filePath(QStringLiteral("cluster-store.json")));
        QVERIFY(store.load().ok());
        std::unique_ptr<ReleaseWindow> window(open(store, path));
        QVERIFY(window);
        window->selectDifference(0);
        auto *wholeCluster = window->verdictPanel()->findChild<QCheckBox *>();
        QVERIFY(wholeCluster);
        wholeCluster->setChecked(true);
        window->verdictPanel()->choose(Verdict::Regression);
        const QString pr = TriageStore::prKey(QStringLiteral("base4"), QStringLiteral("merge4"));
        QCOMPARE(store.entry(pr, QStringLiteral("cccccccc01")).verdict, Verdict::Regression);
        QCOMPARE(store.entry(pr, QStringLiteral("cccccccc02")).verdict, Verdict::Regression);
        QCOMPARE(store.entry(pr, QStringLiteral("cccccccc03")).verdict, Verdict::None);
        QCOMPARE(window->progressText(), QStringLiteral("0 of 1 PRs reviewed"));
    }

    // A CI artifact: the per-PR reports in a folder, and the same folder zipped.
    void opensAFolderOfReportsAndAZip()
    {
        const QString folder = m_dir.filePath(QStringLiteral("artifact/reports"));
        QVERIFY(QDir().mkpath(folder));
        for (const Report &report : releaseReports())
            writeJson(folder + QStringLiteral("/pr-%1.json").arg(*report.number), report.toJson());
        TriageStore store(m_dir.filePath(QStringLiteral("folder-store.json")));
        QVERIFY(store.load().ok());
        std::unique_ptr<ReleaseWindow> fromFolder(open(store, folder));
        QVERIFY(fromFolder);
        QCOMPARE(fromFolder->model()->release().prs.size(), 3);
        QCOMPARE(fromFolder->model()->release().differences.size(), 3);

        const QString zip = m_dir.filePath(QStringLiteral("artifact.zip"));
        QProcess zipper;
        zipper.setWorkingDirectory(m_dir.filePath(QStringLiteral("artifact")));
        zipper.start(qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON"),
                     {QStringLiteral("-m"), QStringLiteral("zipfile"), QStringLiteral("-c"), zip,
                      QStringLiteral("reports")});
        QVERIFY(zipper.waitForFinished(30000));
        QCOMPARE(zipper.exitCode(), 0);
        std::unique_ptr<ReleaseWindow> fromZip(open(store, zip));
        QVERIFY(fromZip);
        QCOMPARE(fromZip->model()->release().toJson(), fromFolder->model()->release().toJson());
    }

    void namesWhatCannotBeOpened()
    {
        TriageStore store(m_dir.filePath(QStringLiteral("bad-store.json")));
        QVERIFY(store.load().ok());
        const QString notZip = m_dir.filePath(QStringLiteral("broken.zip"));
        QFile file(notZip);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("not a zip");
        file.close();
        QString error;
        QVERIFY(!open(store, notZip, &error));
        QVERIFY2(error.contains(QStringLiteral("broken.zip")), qPrintable(error));
        const QString empty = m_dir.filePath(QStringLiteral("empty"));
        QVERIFY(QDir().mkpath(empty));
        QVERIFY(!open(store, empty, &error));
        QVERIFY2(error.contains(QStringLiteral("no release document")), qPrintable(error));
    }
};

QTEST_MAIN(ReleaseWindowTest)
#include "tst_releasewindow.moc"
