// Attribution's search and the release document, without Python: the bisection on scripted
// behaviours, the attribution and release fields' JSON round trips, merging reports (duplicates
// folded by fingerprint, two reports of one change refused), the per-PR summary's order and the
// grouping of differences by the PR that introduced them.
#include "VocabularyTestSupport.h"
#include "attribution/Bisection.h"
#include "release/HeadCheck.h"
#include "release/ReleaseMerge.h"
#include "report/IntroducerGroups.h"
#include "report/MarkdownExporter.h"

#include <QtTest>

using namespace difftriage::engine;

namespace {

// Probes `revisions` (0..n) of a line whose behaviour at each revision is `line[i]`; returns the
// introducing step or -1 and the probes made.
std::pair<int, int> bisect(const QList<ProbeBehaviour> &line)
{
    Bisection search(static_cast<int>(line.size()) - 1);
    int probes = 0;
    while (const auto next = search.next()) {
        search.record(*next, line.at(*next));
        ++probes;
    }
    return {search.introducedBy().value_or(-1), probes};
}

ReportDifference difference(const QString &id, const QString &fingerprint, Verdict verdict,
                            Verdict suggested = Verdict::None)
{
    ReportDifference d;
    d.id = id;
    d.fingerprint = fingerprint;
    d.cluster = QStringLiteral("c-") + fingerprint;
    d.testCode = QStringLiteral("print(%1)").arg(fingerprint);
    d.target = QStringLiteral("pkg.f");
    d.newSide.output = QStringLiteral("new\n");
    d.oldSide.output = QStringLiteral("old\n");
    d.verdict = verdict;
    d.suggestedVerdict = suggested;
    return d;
}

Report prReport(int number, const QString &base, const QString &head,
                const QList<ReportDifference> &differences)
{
    Report report;
    report.number = number;
    report.title = QStringLiteral("PR %1").arg(number);
    report.base = base;
    report.head = head;
    report.stopReason = StopReason::FullCoverage;
    report.differences = differences;
    return report;
}

} // namespace

class AttributionTest final : public QObject
{
    Q_OBJECT

private slots:
    void bisectionFindsTheStep_data()
    {
        QTest::addColumn<int>("steps");
        QTest::addColumn<int>("introducedAt");
        for (const int steps : {1, 2, 3, 12, 100})
            for (const int at : {1, steps / 2 + 1, steps})
                QTest::addRow("%d steps, step %d", steps, at) << steps << qBound(1, at, steps);
    }

    void bisectionFindsTheStep()
    {
        QFETCH(int, steps);
        QFETCH(int, introducedAt);
        QList<ProbeBehaviour> line;
        for (int revision = 0; revision <= steps; ++revision)
            line << (revision < introducedAt ? ProbeBehaviour::LikeOld : ProbeBehaviour::LikeNew);
        const auto [found, probes] = bisect(line);
        QCOMPARE(found, introducedAt);
        // O(log n): ceil(log2(steps)) probes at most.
        QVERIFY2(probes <= std::ceil(std::log2(std::max(steps, 1))),
                 qPrintable(QString::number(probes)));
    }

    void bisectionStopsWhenItCannotTell()
    {
        using B = ProbeBehaviour;
        // old, old, neither (a third behaviour), new, new: changed more than once.
        Bisection flips(4);
        QCOMPARE(flips.next(), std::optional<int>(2));
        flips.record(2, B::Neither);
        QVERIFY(flips.done());
        QCOMPARE(flips.introducedBy(), std::nullopt);
        QCOMPARE(flips.stoppedAt(), std::optional<int>(2));
        QCOMPARE(flips.stoppedWith(), B::Neither);

        Bisection broken(8);
        broken.record(*broken.next(), B::LikeNew);
        const int second = *broken.next();
        broken.record(second, B::CannotRun);
        QVERIFY(broken.done());
        QCOMPARE(broken.stoppedWith(), B::CannotRun);
        QCOMPARE(broken.stoppedAt(), std::optional<int>(second));
    }

    void attributionRoundTrips()
    {
        ReportDifference d = difference(QStringLiteral("d1"), QStringLiteral("f1"), Verdict::None);
        d.attribution =
            ReportAttribution{AttributionStatus::Attributed,
                              ReportIntroducer{104, QStringLiteral("parity"), QStringLiteral("abc"),
                                               QStringLiteral("def"), false},
                              QString(),
                              {ReportProbe{QStringLiteral("def"), ProbeBehaviour::LikeOld},
                               ReportProbe{QStringLiteral("abc"), ProbeBehaviour::LikeNew}},
                              1.5};
        d.atHead = HeadPresence::NotPresent;
        QStringList problems;
        const ReportDifference back = differenceFromJson(toJson(d), problems);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        QCOMPARE(back.attribution, d.attribution);
        QCOMPARE(back.atHead, HeadPresence::NotPresent);

        nlohmann::json bad = toJson(d);
        bad["attribution"]["status"] = "somewhere";
        differenceFromJson(bad, problems);
        QCOMPARE(problems.size(), 1);
        QVERIFY(problems.first().contains(QStringLiteral("somewhere")));
        // Reports written before attribution existed read as unattributed and unchecked.
        nlohmann::json old = toJson(d);
        old.erase("attribution");
        old.erase("at_head");
        problems.clear();
        const ReportDifference plain = differenceFromJson(old, problems);
        QVERIFY(problems.isEmpty());
        QVERIFY(!plain.attribution);
        QCOMPARE(plain.atHead, HeadPresence::Unchecked);
    }

    void mergeFoldsDuplicatesAndKeepsThePr()
    {
        const QList<Report> reports{
            prReport(12, QStringLiteral("b12"), QStringLiteral("m12"),
                     {difference(QStringLiteral("d1"), QStringLiteral("shared"), Verdict::Intended),
                      difference(QStringLiteral("d2"), QStringLiteral("only12"), Verdict::None)}),
            prReport(7, QStringLiteral("b7"), QStringLiteral("m7"),
                     {difference(QStringLiteral("d1"), QStringLiteral("shared"), Verdict::None,
                                 Verdict::Regression)}),
            prReport(20, QStringLiteral("b20"), QStringLiteral("m20"), {})};
        auto merged = mergeReports(reports);
        QVERIFY(merged.ok());
        QCOMPARE(merged->prs.size(), 3);
        QCOMPARE(merged->prs.first().change.number, std::optional<int>(7)); // by number
        QCOMPARE(merged->differences.size(), 2);
        // The shared difference stays under the first PR (#7) and names #12 as well.
        const ReleaseDifference &shared = merged->differences.first();
        QCOMPARE(shared.difference.fingerprint, QStringLiteral("shared"));
        QCOMPARE(shared.pr.number, std::optional<int>(7));
        QCOMPARE(shared.alsoIn.size(), 1);
        QCOMPARE(shared.alsoIn.first().number, std::optional<int>(12));

        auto document = ReleaseDocument::fromJson(merged->toJson());
        QVERIFY2(document.ok(), qPrintable(document.ok() ? QString() : document.error().message));
        QCOMPARE(document->toJson(), merged->toJson());

        // Most severe first: #7 is suggested a regression, #12 only untriaged, #20 has nothing.
        const QList<ReleasePrSummary> summary = summarizeRelease(*merged);
        QCOMPARE(summary.at(0).pr.change.number, std::optional<int>(7));
        QCOMPARE(summary.at(0).suggested, Verdict::Regression);
        QCOMPARE(summary.at(1).pr.change.number, std::optional<int>(12));
        QCOMPARE(summary.at(2).members.size(), 0);

        QList<Report> twice = reports;
        twice << reports.first();
        auto refused = mergeReports(twice);
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().message.contains(QStringLiteral("same change")));
    }

    void releaseRendersPerPrSummaryAndGroups()
    {
        const QList<Report> reports{
            prReport(3, QStringLiteral("b3"), QStringLiteral("m3"),
                     {difference(QStringLiteral("d1"), QStringLiteral("x"), Verdict::Regression)}),
            prReport(4, QStringLiteral("b4"), QStringLiteral("m4"),
                     {difference(QStringLiteral("d1"), QStringLiteral("y"), Verdict::None)})};
        auto release = mergeReports(reports);
        QVERIFY(release.ok());
        release->differences[1].difference.atHead = HeadPresence::NotPresent;
        const Report asReport = releaseAsReport(*release);
        const QList<IntroducerGroup> groups = groupByIntroducer(asReport.differences);
        QCOMPARE(groups.size(), 2);
        QCOMPARE(groups.at(0).introducer->number, std::optional<int>(3));
        QCOMPARE(asReport.differences.at(1).id, QStringLiteral("pr4.d1"));
        const QString markdown = MarkdownExporter(asReport, prSummaryRows(*release)).render();
        QVERIFY(markdown.contains(QStringLiteral("## PRs of the release")));
        QVERIFY(markdown.contains(QStringLiteral("| #3 PR 3 | 1 | - | regression |")));
        QVERIFY(markdown.contains(QStringLiteral("| #4 PR 4 | 1 (1 not at the head) |")));
        QVERIFY(markdown.indexOf(QStringLiteral("### #3 PR 3")) <
                markdown.indexOf(QStringLiteral("### #4 PR 4")));
        QVERIFY(markdown.contains(QStringLiteral("not present (the head behaves as before")));
    }

    void headPresenceComparesRecordedOutcomes()
    {
        ReportSide printed{QStringLiteral("1\n"), std::nullopt, std::nullopt, RunStatus::Ok,
                           std::nullopt};
        ReportSide other{QStringLiteral("2\n"), std::nullopt, std::nullopt, RunStatus::Ok,
                         std::nullopt};
        ReportSide raised{QString(), QStringLiteral("ValueError"), QStringLiteral("a"),
                          RunStatus::Raised, std::nullopt};
        ReportSide raisedAgain{QString(), QStringLiteral("ValueError"), QStringLiteral("b"),
                               RunStatus::Raised, std::nullopt};
        QVERIFY(sameBehaviour(printed, printed));
        QVERIFY(!sameBehaviour(printed, other));
        QVERIFY(sameBehaviour(raised, raisedAgain)); // messages are never compared
        QVERIFY(!sameBehaviour(raised, printed));
    }
};

QTEST_GUILESS_MAIN(AttributionTest)
#include "tst_attribution.moc"
