#include "report/ReportAttribution.h"

#include "core/Json.h"

namespace difftriage::engine {

using nlohmann::json;

QString ReportIntroducer::describe() const
{
    if (number)
        return QStringLiteral("#%1 %2").arg(QString::number(*number), title);
    if (direct)
        return QStringLiteral("direct commit %1 %2").arg(commit.left(10), title);
    return QStringLiteral("%1 %2").arg(commit.left(10), title);
}

QString ReportIntroducer::sortKey() const
{
    return number ? QStringLiteral("0%1").arg(*number, 10, 10, QLatin1Char('0'))
                  : QStringLiteral("1") + commit;
}

json toJson(const ReportIntroducer &introducer)
{
    return {{"number", introducer.number ? json(*introducer.number) : json(nullptr)},
            {"title", toJson(introducer.title)},
            {"commit", toJson(introducer.commit)},
            {"base", toJson(introducer.base)},
            {"direct", introducer.direct}};
}

ReportIntroducer introducerFromJson(const json &object)
{
    ReportIntroducer introducer;
    if (field(object, "number").is_number_integer())
        introducer.number = intField(object, "number");
    introducer.title = stringField(object, "title");
    introducer.commit = stringField(object, "commit");
    introducer.base = stringField(object, "base");
    introducer.direct = boolField(object, "direct");
    return introducer;
}

json toJson(const std::optional<ReportAttribution> &attribution)
{
    if (!attribution)
        return nullptr;
    json probes = json::array();
    for (const ReportProbe &probe : attribution->probes)
        probes.push_back(
            {{"commit", toJson(probe.commit)}, {"behaviour", toJson(spelling(probe.behaviour))}});
    return {{"status", toJson(spelling(attribution->status))},
            {"introduced_by",
             attribution->introducedBy ? toJson(*attribution->introducedBy) : json(nullptr)},
            {"reason", toJson(attribution->reason)},
            {"probes", probes},
            {"seconds", attribution->seconds}};
}

Expected<std::optional<ReportAttribution>> attributionFromJson(const json &value)
{
    if (!value.is_object())
        return std::optional<ReportAttribution>();
    ReportAttribution attribution;
    const auto status = fromSpelling<AttributionStatus>(stringField(value, "status"));
    if (!status)
        return makeError(
            QStringLiteral("unknown attribution status '%1' (%2)")
                .arg(stringField(value, "status"), spellingChoices<AttributionStatus>()));
    attribution.status = *status;
    if (const json &by = field(value, "introduced_by"); by.is_object())
        attribution.introducedBy = introducerFromJson(by);
    attribution.reason = stringField(value, "reason");
    attribution.seconds = doubleField(value, "seconds");
    for (const json &probe : arrayField(value, "probes")) {
        const auto behaviour = fromSpelling<ProbeBehaviour>(stringField(probe, "behaviour"));
        if (!behaviour)
            return makeError(
                QStringLiteral("unknown probe behaviour '%1' (%2)")
                    .arg(stringField(probe, "behaviour"), spellingChoices<ProbeBehaviour>()));
        attribution.probes << ReportProbe{stringField(probe, "commit"), *behaviour};
    }
    return std::optional<ReportAttribution>(std::move(attribution));
}

} // namespace difftriage::engine
