#include "triage/TriageStore.h"

#include "core/Json.h"
#include "report/Report.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace difftriage::engine {

namespace {

using nlohmann::json;

json entryJson(const TriageEntry &entry)
{
    return {{"verdict", entry.verdict == Verdict::None
                            ? json(nullptr)
                            : json(spelling(entry.verdict).toStdString())},
            {"note", entry.note.toStdString()},
            {"updated", entry.updated.toUTC().toString(Qt::ISODateWithMs).toStdString()}};
}

json entryJson(const RelationEntry &entry)
{
    return {{"decision", entry.decision == RelationDecision::None
                             ? json(nullptr)
                             : json(spelling(entry.decision).toStdString())},
            {"note", entry.note.toStdString()},
            {"updated", entry.updated.toUTC().toString(Qt::ISODateWithMs).toStdString()}};
}

// The decision word of an entry, or nullopt for a spelling from a newer version: keep ours
// rather than guess.
template <typename Entry, typename Enum>
std::optional<Entry> entryFrom(const json &object, const char *key)
{
    if (!object.is_object())
        return std::nullopt;
    Entry entry;
    Enum decided = Enum::None;
    if (const auto word = optionalStringField(object, key)) {
        const auto parsed = fromSpelling<Enum>(*word);
        if (!parsed)
            return std::nullopt;
        decided = *parsed;
    }
    if constexpr (std::is_same_v<Entry, TriageEntry>)
        entry.verdict = decided;
    else
        entry.decision = decided;
    entry.note = stringField(object, "note");
    entry.updated = QDateTime::fromString(stringField(object, "updated"), Qt::ISODateWithMs);
    return entry;
}

// Merges one PR's entries of one kind: the later `updated` wins. Returns how many changed.
template <typename Entry, typename Enum>
int mergeEntries(const json &theirs, const char *key, QHash<QString, Entry> &ours)
{
    if (!theirs.is_object())
        return 0;
    int changed = 0;
    for (auto it = theirs.begin(); it != theirs.end(); ++it) {
        const auto entry = entryFrom<Entry, Enum>(it.value(), key);
        if (!entry || entry->isEmpty())
            continue;
        const QString fingerprint = QString::fromStdString(it.key());
        const auto existing = ours.constFind(fingerprint);
        if (existing != ours.cend() && existing->updated >= entry->updated)
            continue;
        ours[fingerprint] = *entry;
        ++changed;
    }
    return changed;
}

// Records an entry (an empty one removes it), dropping a PR left with nothing.
template <typename Entry>
void store(QHash<QString, QHash<QString, Entry>> &prs, const QString &pr,
           const QString &fingerprint, Entry entry)
{
    if (entry.isEmpty()) {
        prs[pr].remove(fingerprint);
        if (prs[pr].isEmpty())
            prs.remove(pr);
    } else {
        prs[pr][fingerprint] = std::move(entry);
    }
}

template <typename Entry> json entriesJson(const QHash<QString, Entry> &entries)
{
    json object = json::object();
    for (auto it = entries.cbegin(); it != entries.cend(); ++it)
        object[it.key().toStdString()] = entryJson(it.value());
    return object;
}

} // namespace

QString TriageStore::defaultPath(const QString &repositoryIdentity)
{
    // GenericDataLocation, not AppDataLocation: the CLI and the GUI share the store whatever
    // their application names.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/difftriage/triage/") + repositoryIdentity + QStringLiteral(".json");
}

QString TriageStore::prKey(const QString &base, const QString &head)
{
    return base + QStringLiteral("..") + head;
}

TriageStore::TriageStore(QString filePath) : m_filePath(std::move(filePath)) {}

Status TriageStore::load()
{
    m_prs.clear();
    m_relations.clear();
    QFile file(m_filePath);
    if (!file.exists())
        return Ok{};
    if (!file.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("cannot read %1: %2").arg(m_filePath, file.errorString()));
    const json document = parseJson(file.readAll()).value_or(json());
    if (!document.is_object() || stringField(document, "schema") != QLatin1String(Schema))
        return makeError(
            QStringLiteral("%1 is not a %2 document").arg(m_filePath, QLatin1String(Schema)));
    merge(document);
    return Ok{};
}

TriageEntry TriageStore::entry(const QString &pr, const QString &fingerprint) const
{
    return m_prs.value(pr).value(fingerprint);
}

QHash<QString, TriageEntry> TriageStore::entries(const QString &pr) const
{
    return m_prs.value(pr);
}

QStringList TriageStore::prs() const
{
    QStringList keys = m_prs.keys();
    for (const QString &pr : m_relations.keys()) {
        if (!m_prs.contains(pr))
            keys << pr;
    }
    return keys;
}

Status TriageStore::set(const QString &pr, const QString &fingerprint, Verdict verdict,
                        const QString &note)
{
    const auto previous = m_prs;
    store(m_prs, pr, fingerprint, TriageEntry{verdict, note, QDateTime::currentDateTimeUtc()});
    Status saved = save();
    if (!saved)
        m_prs = previous; // what the caller sees stays what is on disk
    return saved;
}

RelationEntry TriageStore::relationEntry(const QString &pr, const QString &fingerprint) const
{
    return m_relations.value(pr).value(fingerprint);
}

Status TriageStore::setRelation(const QString &pr, const QString &fingerprint,
                                RelationDecision decision, const QString &note)
{
    const auto previous = m_relations;
    store(m_relations, pr, fingerprint,
          RelationEntry{decision, note, QDateTime::currentDateTimeUtc()});
    Status saved = save();
    if (!saved)
        m_relations = previous;
    return saved;
}

void TriageStore::apply(Report &report) const
{
    const QString pr = prKey(report.base, report.head);
    const auto decided = m_prs.value(pr);
    for (ReportDifference &difference : report.differences) {
        const TriageEntry entry = decided.value(difference.fingerprint);
        difference.verdict = entry.verdict;
        difference.note = entry.note;
    }
    const auto relations = m_relations.value(pr);
    for (ReportRelationReview &review : report.relationReviews) {
        const RelationEntry entry = relations.value(fingerprintOf(review));
        review.decision = entry.decision;
        review.note = entry.note;
    }
}

json TriageStore::toJson() const
{
    json prs = json::object();
    for (const QString &pr : this->prs()) {
        json entries = {{"differences", entriesJson(m_prs.value(pr))}};
        if (m_relations.contains(pr))
            entries["relations"] = entriesJson(m_relations.value(pr));
        prs[pr.toStdString()] = std::move(entries);
    }
    return {{"schema", Schema}, {"prs", prs}};
}

Status TriageStore::exportTo(const QString &path) const
{
    return writeDocument(path, toJson());
}

Expected<int> TriageStore::importFrom(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    const json document = parseJson(file.readAll()).value_or(json());
    if (!document.is_object() || stringField(document, "schema") != QLatin1String(Schema))
        return makeError(
            QStringLiteral("%1 is not a %2 document").arg(path, QLatin1String(Schema)));
    const auto previous = m_prs;
    const auto previousRelations = m_relations;
    const int changed = merge(document);
    if (changed == 0)
        return 0;
    if (Status saved = save(); !saved) {
        m_prs = previous;
        m_relations = previousRelations;
        return saved.error();
    }
    return changed;
}

int TriageStore::merge(const json &document)
{
    int changed = 0;
    const json &prs = field(document, "prs");
    if (!prs.is_object())
        return 0;
    for (auto pr = prs.begin(); pr != prs.end(); ++pr) {
        const QString key = QString::fromStdString(pr.key());
        auto &differences = m_prs[key];
        changed +=
            mergeEntries<TriageEntry, Verdict>(field(*pr, "differences"), "verdict", differences);
        if (differences.isEmpty())
            m_prs.remove(key);
        auto &relations = m_relations[key];
        changed += mergeEntries<RelationEntry, RelationDecision>(field(*pr, "relations"),
                                                                 "decision", relations);
        if (relations.isEmpty())
            m_relations.remove(key);
    }
    return changed;
}

Status TriageStore::save() const
{
    return writeDocument(m_filePath, toJson());
}

Status TriageStore::writeDocument(const QString &path, const json &document)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    // QSaveFile writes a temporary file beside the target, fsyncs it and renames it over the
    // target on commit: readers and crashes see the old document or the new one, never half.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    file.write(QByteArray::fromStdString(document.dump(1)));
    file.write("\n");
    if (!file.commit())
        return makeError(QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    return Ok{};
}

} // namespace difftriage::engine
