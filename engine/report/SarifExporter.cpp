#include "report/SarifExporter.h"

#include "core/Vocabulary.h"
#include "report/ExportSources.h"
#include "report/ExportText.h"

#include <QCryptographicHash>
#include <QMap>
#include <algorithm>
#include <iterator>

namespace difftriage::engine {

namespace {

using nlohmann::json;

// One rule per kind, in the order of their rule indices (published: never reorder).
constexpr DifferenceKind RuleKinds[] = {
    DifferenceKind::DifferentOutput, DifferenceKind::DifferentException,
    DifferenceKind::OnlyOldRaises,   DifferenceKind::OnlyNewRaises,
    DifferenceKind::OnlyOldAborts,   DifferenceKind::OnlyNewAborts,
    DifferenceKind::ApiChange,       DifferenceKind::DifferentWarnings};

int ruleIndex(DifferenceKind kind)
{
    const auto *found = std::find(std::begin(RuleKinds), std::end(RuleKinds), kind);
    return static_cast<int>(found - std::begin(RuleKinds));
}

std::string str(const QString &text)
{
    return text.toStdString();
}

json verdictJson(Verdict verdict)
{
    return verdict == Verdict::None ? json() : json(str(spelling(verdict)));
}

// "only_new_raises" → "OnlyNewRaises": SARIF's rule name is an identifier.
QString ruleName(DifferenceKind kind)
{
    QString name;
    for (const QString &word : spelling(kind).split(QLatin1Char('_')))
        name += word.left(1).toUpper() + word.mid(1);
    return name;
}

struct Region
{
    QString file;
    int start = 0;
    int end = 0;
};

constexpr qsizetype MaxRegions = 10;

// The executable changed lines of one side that the test reached, merged into runs of lines.
QList<Region> reachedRegions(const Report &report, const QString &testId, const QString &side)
{
    QMap<QString, QList<int>> lines;
    for (const ReportChangedLine &line : report.changedLines) {
        if (line.side == side && line.executable && line.hitBy.contains(testId))
            lines[line.file] << line.line;
    }
    QList<Region> regions;
    for (auto it = lines.begin(); it != lines.end(); ++it) {
        std::sort(it->begin(), it->end());
        for (int line : *it) {
            if (!regions.isEmpty() && regions.last().file == it.key() &&
                regions.last().end + 1 >= line)
                regions.last().end = std::max(regions.last().end, line);
            else
                regions << Region{it.key(), line, line};
        }
    }
    return regions.mid(0, MaxRegions);
}

// Where a difference whose test reached no changed line is shown: the first changed line of
// the new side, else of the old side.
QList<Region> fallbackRegion(const Report &report)
{
    for (const QString &side : {QStringLiteral("new"), QStringLiteral("old")}) {
        for (const ReportChangedLine &line : report.changedLines) {
            if (line.side == side)
                return {Region{line.file, line.line, line.line}};
        }
    }
    return {};
}

// The rule of relations that break on both versions: no difference, a finding to review.
constexpr auto RelationReviewRule = "relation_breaks_on_both";

json physicalLocation(const Region &region)
{
    return {{"artifactLocation", {{"uri", str(region.file)}}},
            {"region", {{"startLine", region.start}, {"endLine", region.end}}}};
}

} // namespace

SarifExporter::SarifExporter(const Report &report, QString toolVersion)
    : m_report(report), m_toolVersion(std::move(toolVersion))
{}

QString SarifExporter::level(DifferenceKind kind)
{
    switch (kind) {
    case DifferenceKind::OnlyNewRaises:
    case DifferenceKind::OnlyNewAborts:
    case DifferenceKind::DifferentException:
    case DifferenceKind::ApiChange:
        return QStringLiteral("error");
    case DifferenceKind::DifferentWarnings:
        return QStringLiteral("note");
    case DifferenceKind::DifferentOutput:
    case DifferenceKind::OnlyOldRaises:
    case DifferenceKind::OnlyOldAborts:
        break;
    }
    return QStringLiteral("warning");
}

json SarifExporter::document() const
{
    json results = json::array();
    for (const ReportDifference &difference : m_report.differences)
        results.push_back(result(difference));
    for (const ReportRelationReview &review : m_report.relationReviews)
        results.push_back(result(review));
    json driver = {{"name", "DiffTriage"},
                   {"version", str(m_toolVersion)},
                   {"semanticVersion", str(m_toolVersion)},
                   {"rules", rules()}};
    json properties = {{"base", str(m_report.base)},
                       {"head", str(m_report.head)},
                       {"title", str(m_report.title)},
                       {"union_coverage", m_report.unionCoverage},
                       {"stop_reason", str(spelling(m_report.stopReason))},
                       {"tests_executed", m_report.testsExecuted},
                       {"flaky_discarded", m_report.flakyDiscarded},
                       {"sandbox", str(spelling(m_report.sandbox))}};
    if (m_report.number)
        properties["pr"] = *m_report.number;
    json run = {{"tool", {{"driver", driver}}},
                {"columnKind", "unicodeCodePoints"},
                {"results", results},
                {"properties", properties}};
    return {{"$schema", SchemaUri}, {"version", "2.1.0"}, {"runs", json::array({run})}};
}

QByteArray SarifExporter::render() const
{
    return QByteArray::fromStdString(
               document().dump(2, ' ', false, json::error_handler_t::replace)) +
           '\n';
}

json SarifExporter::rules() const
{
    json list = json::array();
    QStringList verdicts;
    for (const Verdict verdict : AllVerdicts)
        verdicts << spelling(verdict);
    const QString help =
        QStringLiteral("Decide whether the difference is intended: mark it %1 or "
                       "%2.")
            .arg(verdicts.mid(0, verdicts.size() - 1).join(QStringLiteral(", ")), verdicts.last());
    for (const DifferenceKind kind : RuleKinds) {
        const QString description = describeKind(kind);
        list.push_back(
            {{"id", str(spelling(kind))},
             {"name", str(ruleName(kind))},
             {"shortDescription", {{"text", str(description)}}},
             {"fullDescription",
              {{"text", str(description +
                            QStringLiteral(" Found by running the same generated test on the "
                                           "old and the new version of the changed code."))}}},
             {"help", {{"text", str(help)}}},
             {"defaultConfiguration", {{"level", str(level(kind))}}},
             {"properties", {{"tags", {"behavioural-difference", str(spelling(kind))}}}}});
    }
    const std::string advice = str(relationReviewAdvice());
    list.push_back(
        {{"id", RelationReviewRule},
         {"name", "RelationBreaksOnBoth"},
         {"shortDescription",
          {{"text", "A metamorphic relation of a changed function breaks on both versions."}}},
         {"fullDescription", {{"text", advice}}},
         {"help", {{"text", advice}}},
         {"defaultConfiguration", {{"level", "note"}}},
         {"properties", {{"tags", {"metamorphic-relation"}}}}});
    return list;
}

json SarifExporter::result(const ReportRelationReview &review) const
{
    json locations = json::array();
    for (const Region &region : reachedRegions(m_report, review.testId, QStringLiteral("new")))
        locations.push_back({{"physicalLocation", physicalLocation(region)}});
    if (locations.empty())
        locations.push_back(json::object());
    locations[0]["logicalLocations"] =
        json::array({{{"fullyQualifiedName", str(review.target)}, {"kind", "function"}}});
    return {{"ruleId", RelationReviewRule},
            {"ruleIndex", std::size(RuleKinds)},
            {"level", "note"},
            {"message",
             {{"text", str(QStringLiteral("Relation %1 of %2 breaks on both versions. %3")
                               .arg(review.label, review.target, relationReviewAdvice()))}}},
            {"locations", locations},
            {"partialFingerprints",
             {{"difftriageRelation/v1",
               QCryptographicHash::hash((review.label + QLatin1Char('|') + review.target +
                                         QLatin1Char('|') + review.testCode)
                                            .toUtf8(),
                                        QCryptographicHash::Sha256)
                   .toHex()
                   .left(32)
                   .toStdString()}}},
            {"properties",
             {{"relation", str(review.label)},
              {"target", str(review.target)},
              {"test_id", str(review.testId)},
              {"test_code", str(review.testCode)},
              {"output", str(review.output)},
              {"decision", review.decision == RelationDecision::None
                               ? json(nullptr)
                               : json(str(spelling(review.decision)))},
              {"note", str(review.note)}}}};
}

json SarifExporter::result(const ReportDifference &difference) const
{
    QString text =
        QStringLiteral("Behavioural difference in %1 (%2). Old: %3. New: %4.")
            .arg(difference.target, spelling(difference.kind), describeOutcome(difference.oldSide),
                 describeOutcome(difference.newSide));
    if (difference.relation && !describeRelation(*difference.relation).isEmpty())
        text += QLatin1Char(' ') + describeRelation(*difference.relation);
    if (difference.verdict != Verdict::None)
        text += QStringLiteral(" Verdict: %1.").arg(spelling(difference.verdict));
    else if (difference.suggestedVerdict != Verdict::None)
        text +=
            QStringLiteral(" Suggested verdict: %1.").arg(spelling(difference.suggestedVerdict));
    json properties = {{"difference_id", str(difference.id)},
                       {"target", str(difference.target)},
                       {"cluster", str(difference.cluster)},
                       {"test_id", str(difference.testId)},
                       {"test_code", str(difference.testCode)},
                       {"verdict", verdictJson(difference.verdict)},
                       {"suggested_verdict", verdictJson(difference.suggestedVerdict)},
                       {"suggestion_reasons", json::array()}};
    for (const QString &reason : difference.suggestionReasons)
        properties["suggestion_reasons"].push_back(str(reason));
    if (difference.relation)
        properties["relation"] = toJson(difference.relation);
    json object = {
        {"ruleId", str(spelling(difference.kind))},
        {"ruleIndex", ruleIndex(difference.kind)},
        {"level", str(level(difference.kind))},
        {"message", {{"text", str(text)}}},
        {"locations", locations(difference)},
        {"partialFingerprints", {{"difftriageFingerprint/v1", str(difference.fingerprint)}}},
        {"properties", properties}};
    if (const json related = relatedLocations(difference); !related.empty())
        object["relatedLocations"] = related;
    // A reviewer's decision other than regression accepts the difference: code scanning shows it
    // as suppressed instead of open.
    if (difference.verdict != Verdict::None && difference.verdict != Verdict::Regression)
        object["suppressions"] = json::array(
            {{{"kind", "external"},
              {"status", "accepted"},
              {"justification",
               str(difference.note.isEmpty()
                       ? QStringLiteral("triaged as %1").arg(spelling(difference.verdict))
                       : difference.note)}}});
    return object;
}

json SarifExporter::locations(const ReportDifference &difference) const
{
    QList<Region> regions = reachedRegions(m_report, difference.testId, QStringLiteral("new"));
    if (regions.isEmpty())
        regions = reachedRegions(m_report, difference.testId, QStringLiteral("old"));
    if (regions.isEmpty())
        regions = fallbackRegion(m_report);
    json list = json::array();
    for (const Region &region : regions)
        list.push_back({{"physicalLocation", physicalLocation(region)}});
    if (list.empty())
        list.push_back(json::object());
    list[0]["logicalLocations"] =
        json::array({{{"fullyQualifiedName", str(difference.target)}, {"kind", "function"}}});
    return list;
}

json SarifExporter::relatedLocations(const ReportDifference &difference) const
{
    // Only when the result itself sits on the new side; otherwise the old lines are the result.
    if (reachedRegions(m_report, difference.testId, QStringLiteral("new")).isEmpty())
        return json::array();
    json list = json::array();
    int id = 0;
    for (const Region &region :
         reachedRegions(m_report, difference.testId, QStringLiteral("old"))) {
        list.push_back({{"id", id++},
                        {"physicalLocation", physicalLocation(region)},
                        {"message",
                         {{"text", str(QStringLiteral("reached on the old side (base %1)")
                                           .arg(m_report.base.left(12)))}}}});
    }
    return list;
}

} // namespace difftriage::engine
