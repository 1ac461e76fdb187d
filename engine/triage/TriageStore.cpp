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

std::optional<TriageEntry> entryFrom(const json &object)
{
    if (!object.is_object())
        return std::nullopt;
    TriageEntry entry;
    if (const auto verdict = optionalStringField(object, "verdict")) {
        const auto parsed = fromSpelling<Verdict>(*verdict);
        if (!parsed)
            return std::nullopt; // a spelling from a newer version: keep ours rather than guess
        entry.verdict = *parsed;
    }
    entry.note = stringField(object, "note");
    entry.updated = QDateTime::fromString(stringField(object, "updated"), Qt::ISODateWithMs);
    return entry;
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

Status TriageStore::set(const QString &pr, const QString &fingerprint, Verdict verdict,
                        const QString &note)
{
    const auto previous = m_prs;
    TriageEntry entry{verdict, note, QDateTime::currentDateTimeUtc()};
    if (entry.isEmpty()) {
        m_prs[pr].remove(fingerprint);
        if (m_prs[pr].isEmpty())
            m_prs.remove(pr);
    } else {
        m_prs[pr][fingerprint] = std::move(entry);
    }
    Status saved = save();
    if (!saved)
        m_prs = previous; // what the caller sees stays what is on disk
    return saved;
}

void TriageStore::apply(Report &report) const
{
    const auto decided = m_prs.value(prKey(report.base, report.head));
    for (ReportDifference &difference : report.differences) {
        const TriageEntry entry = decided.value(difference.fingerprint);
        difference.verdict = entry.verdict;
        difference.note = entry.note;
    }
}

json TriageStore::toJson() const
{
    json prs = json::object();
    for (auto pr = m_prs.cbegin(); pr != m_prs.cend(); ++pr) {
        json differences = json::object();
        for (auto it = pr->cbegin(); it != pr->cend(); ++it)
            differences[it.key().toStdString()] = entryJson(it.value());
        prs[pr.key().toStdString()] = {{"differences", differences}};
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
    const int changed = merge(document);
    if (changed == 0)
        return 0;
    if (Status saved = save(); !saved) {
        m_prs = previous;
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
        const json &differences = field(*pr, "differences");
        if (!differences.is_object())
            continue;
        auto &ours = m_prs[QString::fromStdString(pr.key())];
        for (auto it = differences.begin(); it != differences.end(); ++it) {
            const auto theirs = entryFrom(it.value());
            if (!theirs || theirs->isEmpty())
                continue;
            const QString fingerprint = QString::fromStdString(it.key());
            const auto existing = ours.constFind(fingerprint);
            if (existing != ours.cend() && existing->updated >= theirs->updated)
                continue;
            ours[fingerprint] = *theirs;
            ++changed;
        }
        if (ours.isEmpty())
            m_prs.remove(QString::fromStdString(pr.key()));
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
