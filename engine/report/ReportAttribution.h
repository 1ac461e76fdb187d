#pragma once

#include "core/Expected.h"
#include "core/Vocabulary.h"

#include <QList>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace difftriage::engine {

// A step of a range's first-parent line: the PR whose merge or squash commit it is, or a commit
// made directly on the line. A difference of a range analysis names the one that introduced it; a
// difference of a release document names the PR whose analysis found it.
struct ReportIntroducer
{
    std::optional<int> number; // none for a direct commit (or a merge without a PR number)
    QString title;
    QString commit; // the merge, squash or direct commit
    QString base;   // its first parent
    bool direct = false;

    bool operator==(const ReportIntroducer &) const = default;
    // "#12 Title", or "direct commit 1a2b3c4d5e Title".
    QString describe() const;
    // Orders introducers for display: PRs by number, then direct commits by commit.
    QString sortKey() const;
};

struct ReportProbe
{
    QString commit;
    ProbeBehaviour behaviour = ProbeBehaviour::Neither;

    bool operator==(const ReportProbe &) const = default;
};

// Which step of the range introduced a difference, found by bisecting its shrunk test over the
// first-parent line (docs/RELEASE.md), or why that could not be told.
struct ReportAttribution
{
    AttributionStatus status = AttributionStatus::Attributed;
    std::optional<ReportIntroducer> introducedBy; // set when attributed
    QString reason;                               // why it could not tell; empty when attributed
    QList<ReportProbe> probes; // every revision the test ran on, in the order it ran
    double seconds = 0;

    bool operator==(const ReportAttribution &) const = default;
};

nlohmann::json toJson(const ReportIntroducer &introducer);
ReportIntroducer introducerFromJson(const nlohmann::json &object);
nlohmann::json toJson(const std::optional<ReportAttribution> &attribution);
// Null: none. A status or a probe's behaviour outside the vocabulary: an error.
Expected<std::optional<ReportAttribution>> attributionFromJson(const nlohmann::json &value);

} // namespace difftriage::engine
