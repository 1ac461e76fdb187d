#pragma once

#include "core/Vocabulary.h"
#include "report/ReportRelation.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace difftriage::engine {

// The verdict line a relation check prints first: "relation <label>: holds|breaks".
struct RelationObservation
{
    QString label;
    bool holds = false;

    bool operator==(const RelationObservation &) const = default;
};

std::optional<RelationObservation> observeRelation(const QString &output);
// Not observed when the check raised or stopped before its verdict.
RelationVerdict relationVerdict(const QString &output);
// The relation label a generated test checks ("normalisation/crlf"), empty for other tests.
QString relationLabelOf(const nlohmann::json &genome);
// What sets a relation check's difference apart from the target's other differences: its label
// when both versions gave a verdict and it changed; empty otherwise (the check then shows an
// ordinary difference of its output, or of an exception raised before the verdict).
QString relationCause(const QString &label, const QString &oldOutput, const QString &newOutput);
// Both versions' verdicts and what they signal; nullopt when the test is no relation check.
std::optional<ReportRelation> compareRelation(const QString &label, const QString &oldOutput,
                                              const QString &newOutput);

} // namespace difftriage::engine
