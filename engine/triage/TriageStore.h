#pragma once

#include "core/Expected.h"
#include "core/Vocabulary.h"

#include <QDateTime>
#include <QHash>
#include <QString>
#include <nlohmann/json.hpp>

namespace difftriage::engine {

struct Report;

// One reviewer decision. `updated` decides merges: the later decision wins.
struct TriageEntry
{
    Verdict verdict = Verdict::None;
    QString note;
    QDateTime updated;

    bool isEmpty() const { return verdict == Verdict::None && note.isEmpty(); }
};

// The reviewer's decision on a relation that breaks on both versions, merged the same way.
struct RelationEntry
{
    RelationDecision decision = RelationDecision::None;
    QString note;
    QDateTime updated;

    bool isEmpty() const { return decision == RelationDecision::None && note.isEmpty(); }
};

// The verdicts and notes of one repository, keyed by PR (`base..head`) and by the difference's
// fingerprint, so a re-run of the same PR finds its earlier decisions; the decisions on relations
// to review likewise, by the review's fingerprint (fingerprintOf in report/ReportRelation.h). The
// whole document is rewritten atomically (temporary file, fsync, rename: QSaveFile) on every
// change, so a crash at any moment leaves either the previous or the new document, and `set`
// returning means the decision is on disk. Not thread-safe: one owner (the GUI thread, or the CLI).
class TriageStore final
{
public:
    static constexpr auto Schema = "difftriage-triage/1";

    // The store of a repository identity in the user's data directory
    // (<GenericDataLocation>/difftriage/triage/<identity>.json).
    static QString defaultPath(const QString &repositoryIdentity);
    static QString prKey(const QString &base, const QString &head);

    explicit TriageStore(QString filePath);

    QString filePath() const { return m_filePath; }
    // Reads the file; a missing file is an empty store, an unreadable one an error (never
    // overwritten silently: the reviewer's work is in it).
    Status load();

    TriageEntry entry(const QString &pr, const QString &fingerprint) const;
    QHash<QString, TriageEntry> entries(const QString &pr) const;
    QStringList prs() const;
    // Records a decision and writes the store before returning. An empty entry removes it.
    Status set(const QString &pr, const QString &fingerprint, Verdict verdict, const QString &note);

    RelationEntry relationEntry(const QString &pr, const QString &fingerprint) const;
    // The same for a relation to review.
    Status setRelation(const QString &pr, const QString &fingerprint, RelationDecision decision,
                       const QString &note);

    // Copies the stored verdicts, decisions and notes into the report's differences and relation
    // reviews (its PR's key).
    void apply(Report &report) const;

    nlohmann::json toJson() const;
    // Every PR, for teams: the same document as the store file.
    Status exportTo(const QString &path) const;
    // Merges another store's document: for each decision the later `updated` wins. Returns how
    // many decisions changed here; the store is written once at the end.
    Expected<int> importFrom(const QString &path);
    int merge(const nlohmann::json &document);

private:
    Status save() const;
    static Status writeDocument(const QString &path, const nlohmann::json &document);

    QString m_filePath;
    QHash<QString, QHash<QString, TriageEntry>> m_prs;
    QHash<QString, QHash<QString, RelationEntry>> m_relations; // by PR, then review fingerprint
};

} // namespace difftriage::engine
