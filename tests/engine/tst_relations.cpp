// Metamorphic relation checks in the report: reading their verdict lines, the signal of a relation
// that held and breaks (or the reverse), the review list of relations broken on both versions, the
// JSON round trip, the Markdown and HTML exports, and the intent heuristic's use of them.
#include "VocabularyTestSupport.h"
#include "judge/RelationJudging.h"
#include "pipeline/RelationReport.h"
#include "report/HtmlExporter.h"
#include "report/MarkdownExporter.h"
#include "triage/intent/IntentHeuristic.h"

#include <QtTest>

using namespace difftriage::engine;

namespace {

QString check(const QString &label, const char *verdict)
{
    return QStringLiteral("relation %1: %2\nf(x): 'a'\n").arg(label, QLatin1String(verdict));
}

ReportTest relationTest(const QString &id, const QString &label, const QString &code)
{
    return {id,
            code,
            0,
            QStringLiteral("pkg.text.clean"),
            TestFate::Same,
            label,
            RelationVerdict::Breaks};
}

Report reportWithRelations()
{
    Report report;
    report.title = QStringLiteral("Speed up clean");
    ReportDifference difference;
    difference.id = QStringLiteral("d1");
    difference.testId = QStringLiteral("t1");
    difference.target = QStringLiteral("pkg.text.clean");
    difference.kind = DifferenceKind::DifferentOutput;
    difference.oldSide.output = check(QStringLiteral("idempotence"), "holds");
    difference.newSide.output = check(QStringLiteral("idempotence"), "breaks");
    report.differences << difference;
    report.tests << ReportTest{
        QStringLiteral("t1"),  QStringLiteral("code"), 0,
        difference.target,     TestFate::Difference,   QStringLiteral("idempotence"),
        RelationVerdict::Holds};
    report.tests << relationTest(QStringLiteral("t2"), QStringLiteral("normalisation/bom"),
                                 QStringLiteral("a much longer check"));
    report.tests << relationTest(QStringLiteral("t3"), QStringLiteral("normalisation/bom"),
                                 QStringLiteral("short"));
    report.tests << relationTest(QStringLiteral("t4"), QStringLiteral("normalisation/crlf"),
                                 QStringLiteral("holds on both"));
    const QHash<QString, QString> same{
        {QStringLiteral("t2"), check(QStringLiteral("normalisation/bom"), "breaks")},
        {QStringLiteral("t3"), check(QStringLiteral("normalisation/bom"), "breaks")},
        {QStringLiteral("t4"), check(QStringLiteral("normalisation/crlf"), "holds")}};
    collectRelations(report, same);
    return report;
}

} // namespace

class RelationsTest final : public QObject
{
    Q_OBJECT

private slots:
    void readsVerdictLines_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QString>("label");
        QTest::newRow("holds") << check(QStringLiteral("idempotence"), "holds")
                               << QStringLiteral("holds") << QStringLiteral("idempotence");
        QTest::newRow("breaks, with a variant")
            << check(QStringLiteral("normalisation/crlf"), "breaks") << QStringLiteral("breaks")
            << QStringLiteral("normalisation/crlf");
        QTest::newRow("not the first line")
            << QStringLiteral("noise\nrelation permutation: holds") << QStringLiteral("holds")
            << QStringLiteral("permutation");
        QTest::newRow("an ordinary test")
            << QStringLiteral("Decimal('1.00')\n") << QStringLiteral("not_observed") << QString();
        QTest::newRow("a verdict inside a value is no verdict")
            << QStringLiteral("'relation idempotence: holds'\n") << QStringLiteral("not_observed")
            << QString();
    }
    void readsVerdictLines()
    {
        QFETCH(QString, output);
        QFETCH(QString, verdict);
        QFETCH(QString, label);
        QCOMPARE(spelling(relationVerdict(output)), verdict);
        const auto observed = observeRelation(output);
        QCOMPARE(observed ? observed->label : QString(), label);
    }

    void signalOfEachPair_data()
    {
        QTest::addColumn<QString>("oldOutput");
        QTest::addColumn<QString>("newOutput");
        QTest::addColumn<QString>("signal");
        const QString holds = check(QStringLiteral("additivity"), "holds");
        const QString breaks = check(QStringLiteral("additivity"), "breaks");
        QTest::newRow("held, breaks") << holds << breaks << QStringLiteral("regression");
        QTest::newRow("broke, holds") << breaks << holds << QStringLiteral("coincidental_fix");
        QTest::newRow("holds on both") << holds << holds << QStringLiteral("none");
        QTest::newRow("the new version raised first")
            << holds << QString() << QStringLiteral("none");
    }
    void signalOfEachPair()
    {
        QFETCH(QString, oldOutput);
        QFETCH(QString, newOutput);
        QFETCH(QString, signal);
        const auto relation = compareRelation(QStringLiteral("additivity"), oldOutput, newOutput);
        QVERIFY(relation);
        QCOMPARE(spelling(relation->signal), signal);
        QVERIFY(!compareRelation(QString(), oldOutput, newOutput));
        // Only a changed verdict is a cause of its own, apart from the target's other differences.
        const QString cause = relationCause(QStringLiteral("additivity"), oldOutput, newOutput);
        QCOMPARE(cause.isEmpty(), signal == QLatin1String("none"));
    }

    void labelFromTheGenome()
    {
        QCOMPARE(relationLabelOf(nlohmann::json::parse(
                     R"({"relation": {"kind": "normalisation", "variant": "bom", "param": "t"}})")),
                 QStringLiteral("normalisation/bom"));
        QCOMPARE(relationLabelOf(nlohmann::json::parse(R"({"relation": {"kind": "permutation"}})")),
                 QStringLiteral("permutation"));
        QCOMPARE(relationLabelOf(nlohmann::json::parse(R"({"args": []})")), QString());
    }

    void reportCollectsSignalsAndReviews()
    {
        const Report report = reportWithRelations();
        const auto &relation = report.differences.first().relation;
        QVERIFY(relation);
        QCOMPARE(*relation, (ReportRelation{QStringLiteral("idempotence"), RelationVerdict::Holds,
                                            RelationVerdict::Breaks, RelationSignal::Regression}));
        // One review per target and relation, with its shortest check; a relation that holds is
        // no review.
        QCOMPARE(report.relationReviews.size(), 1);
        QCOMPARE(report.relationReviews.first().testId, QStringLiteral("t3"));
        QCOMPARE(report.relationReviews.first().label, QStringLiteral("normalisation/bom"));
    }

    void jsonRoundTrip()
    {
        const Report report = reportWithRelations();
        const auto back = Report::fromJson(report.toJson());
        QVERIFY(back);
        QCOMPARE(back->differences.first().relation, report.differences.first().relation);
        QCOMPARE(back->relationReviews, report.relationReviews);
        QCOMPARE(back->tests.first().relation, QStringLiteral("idempotence"));
        QCOMPARE(back->tests.first().relationVerdict, RelationVerdict::Holds);
        QVERIFY(report.toJson()["differences"][0].contains("relation"));
        Report plain;
        plain.differences << ReportDifference{};
        QVERIFY(plain.toJson()["differences"][0]["relation"].is_null());
        QVERIFY(!Report::fromJson(plain.toJson())->differences.first().relation);
    }

    void exportsShowSignalsAndReviews()
    {
        const Report report = reportWithRelations();
        const QString markdown = MarkdownExporter(report).render();
        QVERIFY(markdown.contains(QStringLiteral("Relation idempotence holds on the old version "
                                                 "and breaks on the new one")));
        QVERIFY(markdown.contains(QStringLiteral("## Relations to review")));
        QVERIFY(markdown.contains(
            QStringLiteral("`pkg.text.clean` · normalisation/bom breaks on both versions")));
        QVERIFY(markdown.contains(QStringLiteral("the relation is wrong")));
        const QString html = HtmlExporter(report).render();
        QVERIFY(html.contains(QStringLiteral("<p class=\"relation\">Relation idempotence holds")));
        QVERIFY(html.contains(QStringLiteral("<h2>Relations to review</h2>")));
        Report none;
        QVERIFY(!MarkdownExporter(none).render().contains(QStringLiteral("Relations to review")));
    }

    void intentWeighsRelations_data()
    {
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("oldVerdict");
        QTest::addColumn<QString>("newVerdict");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QString>("confidence");
        QTest::addColumn<QString>("reason");
        QTest::newRow("silent PR, relation lost")
            << QStringLiteral("Update text module") << QString() << "holds"
            << "breaks"
            << "regression"
            << "high"
            << "holds on the old version and breaks";
        QTest::newRow("announced change of the target, relation lost")
            << QStringLiteral("clean: keep the spacing of words")
            << QStringLiteral("`clean` now keeps runs of spaces.") << "holds"
            << "breaks"
            << "regression"
            << "medium"
            << "relation idempotence holds";
        QTest::newRow("no change claimed, relation gained")
            << QStringLiteral("Refactor clean") << QStringLiteral("No functional change.")
            << "breaks"
            << "holds"
            << "coincidental_fix"
            << "medium"
            << "breaks on the old version and holds";
        QTest::newRow("announced fix of the target, relation gained")
            << QStringLiteral("Fix clean") << QStringLiteral("Fixes a bug in `clean`.") << "breaks"
            << "holds"
            << "intended"
            << "medium"
            << "holds on the new one";
        QTest::newRow("the same verdict on both: the ordinary rule")
            << QStringLiteral("Refactor clean") << QStringLiteral("No functional change.")
            << "holds"
            << "holds"
            << "regression"
            << "high"
            << "no functional change";
    }
    void intentWeighsRelations()
    {
        QFETCH(QString, title);
        QFETCH(QString, body);
        QFETCH(QString, oldVerdict);
        QFETCH(QString, newVerdict);
        QFETCH(QString, verdict);
        QFETCH(QString, confidence);
        QFETCH(QString, reason);
        ReportDifference difference;
        difference.target = QStringLiteral("pkg.text.clean");
        difference.kind = DifferenceKind::DifferentOutput;
        difference.oldSide.output = check(QStringLiteral("idempotence"), qPrintable(oldVerdict));
        difference.newSide.output = check(QStringLiteral("idempotence"), qPrintable(newVerdict));
        difference.relation = compareRelation(QStringLiteral("idempotence"),
                                              difference.oldSide.output, difference.newSide.output);
        const IntentSuggestion suggestion =
            IntentHeuristic(IntentText(title, body)).suggest(difference);
        const QString reasons = suggestion.reasons.join(QStringLiteral(" | "));
        QVERIFY2(spelling(suggestion.verdict) == verdict, qPrintable(reasons));
        QCOMPARE(spelling(suggestion.confidence), confidence);
        QVERIFY2(reasons.contains(reason, Qt::CaseInsensitive), qPrintable(reasons));
    }
};

QTEST_GUILESS_MAIN(RelationsTest)
#include "tst_relations.moc"
