#include "report/ReportRelation.h"

#include "core/Json.h"

#include <QCryptographicHash>

namespace difftriage::engine {

namespace {

using nlohmann::json;

template <typename Enum> std::optional<Enum> term(const json &object, const char *key)
{
    return fromSpelling<Enum>(stringField(object, key));
}

} // namespace

json toJson(const std::optional<ReportRelation> &relation)
{
    if (!relation)
        return nullptr;
    return {{"label", toJson(relation->label)},
            {"old", toJson(spelling(relation->oldVerdict))},
            {"new", toJson(spelling(relation->newVerdict))},
            {"signal", toJson(spelling(relation->signal))}};
}

Expected<std::optional<ReportRelation>> relationFromJson(const json &value)
{
    if (!value.is_object() || stringField(value, "label").isEmpty())
        return std::optional<ReportRelation>();
    const auto oldVerdict = term<RelationVerdict>(value, "old");
    const auto newVerdict = term<RelationVerdict>(value, "new");
    const auto signal = term<RelationSignal>(value, "signal");
    if (!oldVerdict || !newVerdict || !signal)
        return makeError(QStringLiteral("relation %1 has verdicts or a signal outside the "
                                        "vocabulary ('%2', '%3', '%4')")
                             .arg(stringField(value, "label"), stringField(value, "old"),
                                  stringField(value, "new"), stringField(value, "signal")));
    return std::optional<ReportRelation>(
        ReportRelation{stringField(value, "label"), *oldVerdict, *newVerdict, *signal});
}

QString fingerprintOf(const ReportRelationReview &review)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &part : {review.label, review.target, review.testCode, review.output})
        hash.addData(part.toUtf8() + '\0');
    return QString::fromLatin1(hash.result().toHex().left(16));
}

json toJson(const ReportRelationReview &review)
{
    return {{"relation", toJson(review.label)},
            {"target", toJson(review.target)},
            {"test_id", toJson(review.testId)},
            {"test_code", toJson(review.testCode)},
            {"output", toJson(review.output)},
            {"fingerprint", toJson(fingerprintOf(review))},
            {"decision", review.decision == RelationDecision::None
                             ? json(nullptr)
                             : toJson(spelling(review.decision))},
            {"note", toJson(review.note)}};
}

Expected<ReportRelationReview> relationReviewFromJson(const json &object)
{
    ReportRelationReview review{stringField(object, "relation"), stringField(object, "target"),
                                stringField(object, "test_id"), stringField(object, "test_code"),
                                stringField(object, "output")};
    // Reports written before decisions were recorded have none.
    if (const auto decision = optionalStringField(object, "decision")) {
        const auto parsed = fromSpelling<RelationDecision>(*decision);
        if (!parsed)
            return makeError(
                QStringLiteral("relation review %1: unknown decision '%2' (%3)")
                    .arg(review.label, *decision, spellingChoices<RelationDecision>()));
        review.decision = *parsed;
    }
    review.note = stringField(object, "note");
    return review;
}

} // namespace difftriage::engine
