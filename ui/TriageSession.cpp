#include "TriageSession.h"

#include "change/ChangeSource.h"
#include "git/Repository.h"
#include "triage/OverallStatus.h"
#include "triage/RepositoryIdentity.h"

#include <QDir>
#include <QtConcurrent>

namespace difftriage::ui {

namespace {
// What the PR list needs of a saved report's differences: who they are and what is suggested.
QList<engine::ReportDifference> summaryOf(const engine::Report &report)
{
    QList<engine::ReportDifference> summary;
    for (const engine::ReportDifference &difference : report.differences) {
        engine::ReportDifference slim;
        slim.fingerprint = difference.fingerprint;
        slim.suggestedVerdict = difference.suggestedVerdict;
        summary << slim;
    }
    return summary;
}
} // namespace

TriageSession::TriageSession(QObject *parent) : QObject(parent)
{
    connect(&m_loader, &QFutureWatcherBase::finished, this, &TriageSession::finishOpen);
}

TriageSession::~TriageSession()
{
    m_loader.waitForFinished();
}

void TriageSession::open(const QString &path)
{
    m_loader.waitForFinished();
    m_loader.setFuture(QtConcurrent::run(&TriageSession::load, QDir(path).absolutePath()));
}

// Runs on a pool thread: git and the saved reports are read here, never on the GUI thread.
engine::Expected<TriageSession::Loaded> TriageSession::load(const QString &path)
{
    auto repository = engine::git::Repository::open(path);
    if (!repository)
        return repository.error();
    auto changes = engine::ChangeSource(*repository).list();
    if (!changes)
        return changes.error();
    Loaded loaded{path, engine::repositoryIdentity(path), std::move(*changes), {}};
    const engine::ReportArchive archive(engine::ReportArchive::defaultDirectory(loaded.identity));
    for (const engine::ChangeSpec &change : loaded.changes) {
        if (!archive.contains(change.base, change.head))
            continue;
        if (auto report = archive.load(change.base, change.head))
            loaded.analysed.insert(engine::TriageStore::prKey(change.base, change.head),
                                   summaryOf(*report));
    }
    return loaded;
}

void TriageSession::finishOpen()
{
    auto loaded = m_loader.result();
    if (!loaded) {
        emit openFailed(loaded.error().message);
        return;
    }
    auto store =
        std::make_unique<engine::TriageStore>(engine::TriageStore::defaultPath(loaded->identity));
    if (engine::Status status = store->load(); !status) {
        // Never start over silently: the file holds the reviewer's work.
        emit openFailed(status.error().message);
        return;
    }
    m_path = loaded->path;
    m_identity = loaded->identity;
    m_changes = std::move(loaded->changes);
    m_analysed = std::move(loaded->analysed);
    m_store = std::move(store);
    m_archive = std::make_unique<engine::ReportArchive>(
        engine::ReportArchive::defaultDirectory(m_identity));
    emit opened();
}

std::optional<engine::Report> TriageSession::savedReport(const engine::ChangeSpec &change) const
{
    if (!m_archive || !m_analysed.contains(engine::TriageStore::prKey(change.base, change.head)))
        return std::nullopt;
    auto report = m_archive->load(change.base, change.head);
    if (!report)
        return std::nullopt;
    // The saved document may predate a fetch that gave the change its number and title.
    if (report->title.isEmpty())
        report->title = change.title;
    if (report->body.isEmpty())
        report->body = change.body;
    if (!report->number)
        report->number = change.number;
    m_store->apply(*report);
    return std::move(*report);
}

engine::Status TriageSession::saveReport(const engine::Report &report)
{
    if (!m_archive)
        return engine::makeError(tr("No repository is open."));
    engine::Status saved = m_archive->save(report);
    if (saved)
        m_analysed.insert(engine::TriageStore::prKey(report.base, report.head), summaryOf(report));
    return saved;
}

void TriageSession::saveReportInBackground(const engine::Report &report,
                                           std::function<void(const engine::Status &)> done)
{
    if (!m_archive) {
        done(engine::makeError(tr("No repository is open.")));
        return;
    }
    auto *watcher = new QFutureWatcher<engine::Status>(this);
    const QString directory = m_archive->directory();
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, directory, pr = engine::TriageStore::prKey(report.base, report.head),
             summary = summaryOf(report), done = std::move(done)] {
                watcher->deleteLater();
                const engine::Status saved = watcher->result();
                // Only if the same repository is still open.
                if (saved && m_archive && m_archive->directory() == directory)
                    m_analysed.insert(pr, summary);
                done(saved);
            });
    // The archive by value: the session may switch repositories while this runs.
    watcher->setFuture(QtConcurrent::run(
        [archive = engine::ReportArchive(directory), report] { return archive.save(report); }));
}

engine::Status TriageSession::decide(const engine::Report &report, const QStringList &fingerprints,
                                     engine::Verdict verdict, const QString &note)
{
    if (!m_store)
        return engine::makeError(tr("No repository is open."));
    const QString pr = engine::TriageStore::prKey(report.base, report.head);
    for (const QString &fingerprint : fingerprints) {
        if (engine::Status status = m_store->set(pr, fingerprint, verdict, note); !status)
            return status;
    }
    emit verdictsChanged(report.base, report.head);
    return engine::Ok{};
}

engine::TriageEntry TriageSession::entry(const engine::Report &report,
                                         const QString &fingerprint) const
{
    return m_store
               ? m_store->entry(engine::TriageStore::prKey(report.base, report.head), fingerprint)
               : engine::TriageEntry{};
}

engine::Status TriageSession::decideRelation(const engine::Report &report,
                                             const engine::ReportRelationReview &review,
                                             engine::RelationDecision decision, const QString &note)
{
    if (!m_store)
        return engine::makeError(tr("No repository is open."));
    return m_store->setRelation(engine::TriageStore::prKey(report.base, report.head),
                                engine::fingerprintOf(review), decision, note);
}

std::pair<int, int> TriageSession::decidedOf(const QString &base, const QString &head) const
{
    const QString pr = engine::TriageStore::prKey(base, head);
    const auto analysed = m_analysed.constFind(pr);
    if (analysed == m_analysed.cend() || !m_store)
        return {0, 0};
    const auto decided = m_store->entries(pr);
    const auto count = std::count_if(analysed->cbegin(), analysed->cend(), [&](const auto &d) {
        return decided.value(d.fingerprint).verdict != engine::Verdict::None;
    });
    return {int(count), int(analysed->size())};
}

PrListModel::TriageStatus TriageSession::statusOf(const QString &base, const QString &head) const
{
    const QString pr = engine::TriageStore::prKey(base, head);
    const auto analysed = m_analysed.constFind(pr);
    if (analysed == m_analysed.cend())
        return PrListModel::TriageStatus::NotAnalysed;
    if (analysed->isEmpty())
        return PrListModel::TriageStatus::NoDifferences;
    const auto decided = m_store->entries(pr);
    for (const engine::ReportDifference &difference : *analysed) {
        if (decided.value(difference.fingerprint).verdict == engine::Verdict::None)
            return PrListModel::TriageStatus::Differences;
    }
    return PrListModel::TriageStatus::AllTriaged;
}

PrListModel::Overall TriageSession::overallOf(const QString &base, const QString &head) const
{
    const QString pr = engine::TriageStore::prKey(base, head);
    const auto analysed = m_analysed.constFind(pr);
    if (analysed == m_analysed.cend() || !m_store)
        return {};
    const auto decided = m_store->entries(pr);
    QList<engine::ReportDifference> standing = *analysed;
    bool suggested = false;
    for (engine::ReportDifference &difference : standing) {
        const engine::Verdict verdict = decided.value(difference.fingerprint).verdict;
        if (verdict != engine::Verdict::None)
            difference.suggestedVerdict = verdict;
        else
            suggested = true;
    }
    return {engine::overallStatus(standing, engine::VerdictOrigin::Suggestion), suggested};
}

} // namespace difftriage::ui
