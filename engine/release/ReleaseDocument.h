#pragma once

#include "core/Expected.h"
#include "core/Vocabulary.h"
#include "report/Report.h"

#include <QList>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace difftriage::engine {

// One analysed step of a release: a PR (or a direct commit) and what its analysis said.
struct ReleasePr
{
    ReportIntroducer change; // number, title, commit (its merge or head), base
    QString body;
    StopReason stopReason = StopReason::NothingToAnalyse;
    double unionCoverage = 1.0;
    int testsExecuted = 0;
    double seconds = 0;
    SandboxLevel sandbox = SandboxLevel::Full;
    quint64 seed = 1; // the analysis's seed: its tests' draws depend on it
    QStringList notes;

    bool operator==(const ReleasePr &) const = default;
};

// One difference of the release: a PR's difference with the PR that found it and the other PRs
// whose analyses found the very same difference (same fingerprint); `difference.atHead` says
// whether the release's head still behaves the PR's new way.
struct ReleaseDifference
{
    ReportDifference difference;
    ReportIntroducer pr;
    QList<ReportIntroducer> alsoIn;
    std::optional<ReportSide> headOutcome; // the test's outcome at the head, when checked
};

// The `difftriage-release/1` document (docs/release.schema.json): per-PR reports merged into one,
// as `difftriage-cli merge` writes it and the release view opens it.
struct ReleaseDocument
{
    static constexpr auto Schema = "difftriage-release/1";

    QString repo;
    QString base; // the range, when known (empty otherwise)
    QString head; // the revision `merge --head` ran the differences on; empty when unchecked
    QList<ReleasePr> prs;
    QList<ReleaseDifference> differences;

    // Indices into `differences` of one PR's (by its commit), in order.
    QList<int> differencesOf(const ReportIntroducer &pr) const;

    nlohmann::json toJson() const;
    static Expected<ReleaseDocument> fromJson(const nlohmann::json &document);
};

// Reads a release document; missing, not JSON, another schema or a field of the wrong type is one
// error line naming the file.
Expected<ReleaseDocument> loadReleaseFile(const QString &path);
// Whether the file is a release document rather than a report (by its schema); false when it
// cannot be read as JSON at all.
bool isReleaseFile(const QString &path);
// Writes it atomically.
Status saveReleaseFile(const ReleaseDocument &release, const QString &path);

} // namespace difftriage::engine
