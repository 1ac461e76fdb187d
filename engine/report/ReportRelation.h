#pragma once

#include "core/Expected.h"
#include "core/Vocabulary.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace difftriage::engine {

// What a metamorphic relation check (a generated test that compares f(x) with f(T(x))) said on
// each version. A relation that held on the old version and breaks on the new one is a strong
// regression signal; the other way round, a coincidental fix.
struct ReportRelation
{
    QString label; // idempotence | normalisation/crlf | path_agreement | ...
    RelationVerdict oldVerdict = RelationVerdict::NotObserved;
    RelationVerdict newVerdict = RelationVerdict::NotObserved;
    RelationSignal signal = RelationSignal::None;

    bool operator==(const ReportRelation &) const = default;
};

// A relation that breaks on both versions: no difference, but the relation, the implementation or
// the specification is wrong, and the reviewer should decide which.
struct ReportRelationReview
{
    QString label;
    QString target;
    QString testId;
    QString testCode;
    QString output; // what the check printed (the same on both versions)
    // The reviewer's decision and note (from the triage store). Initialised here so that
    // aggregate initialisers that stop at `output` still compile warning-free.
    RelationDecision decision = RelationDecision::None;
    QString note = {};

    bool operator==(const ReportRelationReview &) const = default;
};

// What a relation review's decision is stored under: a hash of the relation, the target, the
// shrunk check and its output, so a re-run that finds the same finds the decision too.
QString fingerprintOf(const ReportRelationReview &review);

nlohmann::json toJson(const std::optional<ReportRelation> &relation);
// Null or no label: no relation. Verdicts or a signal outside the vocabulary: an error.
Expected<std::optional<ReportRelation>> relationFromJson(const nlohmann::json &value);
nlohmann::json toJson(const ReportRelationReview &review);
// A decision outside the vocabulary: an error.
Expected<ReportRelationReview> relationReviewFromJson(const nlohmann::json &object);

} // namespace difftriage::engine
