#include "report/JunitExporter.h"

#include "report/ExportSources.h"
#include "report/ExportText.h"
#include "report/IntroducerGroups.h"

#include <QHash>
#include <QXmlStreamWriter>

namespace difftriage::engine {

namespace {

// XML 1.0 cannot carry most control characters, even escaped: they are shown as \xNN.
QString xmlSafe(const QString &text)
{
    QString safe;
    safe.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        const bool valid = u == 0x9 || u == 0xA || u == 0xD || (u >= 0x20 && u < 0xFFFE);
        if (valid)
            safe += c;
        else
            safe += QStringLiteral("\\x%1").arg(static_cast<uint>(u), 2, 16, QLatin1Char('0'));
    }
    return safe;
}

// One test case: the test, and the difference it shows when it shows one.
struct Case
{
    QString id;
    QString target;
    QString code;
    TestFate outcome = TestFate::Same;
    const ReportDifference *difference = nullptr;
    const ReportRelationReview *review = nullptr; // a relation that breaks on both versions
};

QList<Case> casesOf(const Report &report)
{
    QHash<QString, const ReportDifference *> byTest;
    for (const ReportDifference &difference : report.differences)
        byTest.insert(difference.testId, &difference);
    QHash<QString, const ReportRelationReview *> reviews;
    for (const ReportRelationReview &review : report.relationReviews)
        reviews.insert(review.testId, &review);
    QList<Case> cases;
    for (const ReportTest &test : report.tests) {
        const ReportDifference *difference = byTest.take(test.id);
        // Reports written before tests had an outcome: what was reported is all we know.
        const TestFate outcome =
            difference ? TestFate::Difference : test.outcome.value_or(TestFate::Same);
        cases << Case{test.id, test.target, test.code, outcome, difference, reviews.value(test.id)};
    }
    for (const ReportDifference &difference : report.differences) {
        if (byTest.contains(difference.testId))
            cases << Case{difference.testId, difference.target, difference.originalTestCode,
                          TestFate::Difference, &difference};
    }
    return cases;
}

QString failureMessage(const ReportDifference &difference)
{
    QString message =
        QStringLiteral("%1 %2: old %3; new %4")
            .arg(difference.id, spelling(difference.kind), describeOutcome(difference.oldSide),
                 describeOutcome(difference.newSide));
    if (difference.verdict != Verdict::None)
        message += QStringLiteral(" (verdict: %1)").arg(spelling(difference.verdict));
    else if (difference.suggestedVerdict != Verdict::None)
        message += QStringLiteral(" (suggested: %1)").arg(spelling(difference.suggestedVerdict));
    return message;
}

QString failureDetail(const ReportDifference &difference)
{
    QString text = describeKind(difference.kind);
    if (const QString attribution = describeAttribution(difference); !attribution.isEmpty())
        text +=
            QStringLiteral("\n") + attribution[0].toUpper() + attribution.mid(1) + QLatin1Char('.');
    if (difference.atHead != HeadPresence::Unchecked)
        text += QStringLiteral("\nAt the release's head: %1.")
                    .arg(describeHeadPresence(difference.atHead));
    if (difference.relation && !describeRelation(*difference.relation).isEmpty())
        text += QLatin1Char(' ') + describeRelation(*difference.relation);
    text += QStringLiteral("\n\nShrunk test:\n") + difference.testCode.trimmed() +
            QStringLiteral("\n\nOld: ") + describeOutcome(difference.oldSide, 2000) +
            QStringLiteral("\nNew: ") + describeOutcome(difference.newSide, 2000) +
            QLatin1Char('\n');
    if (difference.suggestedVerdict != Verdict::None) {
        text +=
            QStringLiteral("\nSuggested verdict: %1\n").arg(spelling(difference.suggestedVerdict));
        for (const QString &reason : difference.suggestionReasons)
            text += QStringLiteral("  - %1\n").arg(reason);
    }
    if (!difference.note.isEmpty())
        text += QStringLiteral("\nNote: %1\n").arg(difference.note);
    return text;
}

void writeCase(QXmlStreamWriter &xml, const Case &test)
{
    xml.writeStartElement(QStringLiteral("testcase"));
    xml.writeAttribute(QStringLiteral("classname"),
                       test.target.isEmpty() ? QStringLiteral("difftriage") : test.target);
    xml.writeAttribute(QStringLiteral("name"), test.id);
    if (test.difference) {
        xml.writeStartElement(QStringLiteral("failure"));
        xml.writeAttribute(QStringLiteral("type"), spelling(test.difference->kind));
        xml.writeAttribute(QStringLiteral("message"), xmlSafe(failureMessage(*test.difference)));
        xml.writeCharacters(xmlSafe(failureDetail(*test.difference)));
        xml.writeEndElement();
    } else if (test.outcome == TestFate::Duplicate) {
        xml.writeStartElement(QStringLiteral("failure"));
        xml.writeAttribute(QStringLiteral("type"), spelling(TestFate::Duplicate));
        xml.writeAttribute(QStringLiteral("message"),
                           QStringLiteral("shows a difference of a cause already reported "
                                          "(not rerun)"));
        xml.writeEndElement();
    } else if (test.review) {
        // Not this change's doing (both versions agree), but not a pass either: skipped, so CI
        // shows it without failing the build.
        xml.writeEmptyElement(QStringLiteral("skipped"));
        xml.writeAttribute(QStringLiteral("message"),
                           xmlSafe(QStringLiteral("relation %1 breaks on both versions: %2")
                                       .arg(test.review->label, relationReviewAdvice())));
    } else if (test.outcome == TestFate::Flaky) {
        xml.writeEmptyElement(QStringLiteral("skipped"));
        xml.writeAttribute(QStringLiteral("message"),
                           QStringLiteral("flaky: a rerun disagreed with the first run; "
                                          "discarded"));
    }
    xml.writeTextElement(QStringLiteral("system-out"), xmlSafe(test.code));
    xml.writeEndElement();
}

} // namespace

QByteArray JunitExporter::render() const
{
    const QList<Case> cases = casesOf(m_report);
    int failures = 0, skipped = 0;
    for (const Case &test : cases) {
        const bool failed = test.difference || test.outcome == TestFate::Duplicate;
        failures += failed ? 1 : 0;
        skipped += !failed && (test.review || test.outcome == TestFate::Flaky) ? 1 : 0;
    }
    const QString name =
        m_report.number
            ? QStringLiteral("PR #%1: %2").arg(QString::number(*m_report.number), m_report.title)
            : m_report.title;
    const auto counts = [&](QXmlStreamWriter &xml) {
        xml.writeAttribute(QStringLiteral("tests"), QString::number(cases.size()));
        xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
        xml.writeAttribute(QStringLiteral("errors"), QStringLiteral("0"));
        xml.writeAttribute(QStringLiteral("skipped"), QString::number(skipped));
        xml.writeAttribute(QStringLiteral("time"), QString::number(m_report.seconds, 'f', 3));
    };
    QByteArray bytes;
    QXmlStreamWriter xml(&bytes);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    xml.writeStartElement(QStringLiteral("testsuites"));
    xml.writeAttribute(QStringLiteral("name"), QStringLiteral("DiffTriage"));
    counts(xml);
    xml.writeStartElement(QStringLiteral("testsuite"));
    xml.writeAttribute(QStringLiteral("name"),
                       xmlSafe(name.isEmpty() ? QStringLiteral("DiffTriage") : name));
    counts(xml);
    xml.writeStartElement(QStringLiteral("properties"));
    const QList<std::pair<QString, QString>> properties{
        {QStringLiteral("base"), m_report.base},
        {QStringLiteral("head"), m_report.head},
        {QStringLiteral("union_coverage"), QString::number(m_report.unionCoverage, 'f', 4)},
        {QStringLiteral("stop_reason"), spelling(m_report.stopReason)},
        {QStringLiteral("flaky_discarded"), QString::number(m_report.flakyDiscarded)},
        {QStringLiteral("sandbox"), spelling(m_report.sandbox)}};
    for (const auto &[key, value] : properties) {
        xml.writeEmptyElement(QStringLiteral("property"));
        xml.writeAttribute(QStringLiteral("name"), key);
        xml.writeAttribute(QStringLiteral("value"), value);
    }
    xml.writeEndElement();
    for (const Case &test : cases)
        writeCase(xml, test);
    xml.writeEndElement();
    xml.writeEndElement();
    xml.writeEndDocument();
    return bytes;
}

} // namespace difftriage::engine
