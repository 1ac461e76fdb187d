#include "AnalysisQueue.h"

#include "AnalysisRunner.h"

#include <utility>

namespace difftriage::ui {

namespace {
bool sameChange(const engine::ChangeSpec &a, const engine::ChangeSpec &b)
{
    return a.base == b.base && a.head == b.head;
}
} // namespace

AnalysisQueue::AnalysisQueue(QObject *parent)
    : QObject(parent), m_thread(new QThread), m_runner(new AnalysisRunner)
{
    qRegisterMetaType<engine::AnalysisProgress>();
    qRegisterMetaType<engine::Report>();
    qRegisterMetaType<engine::ChangeSpec>();
    m_thread->setObjectName(QStringLiteral("difftriage-analysis"));
    m_runner->moveToThread(m_thread.get());
    connect(m_thread.get(), &QThread::finished, m_runner, &QObject::deleteLater);
    connect(m_runner, &AnalysisRunner::progressed, this, &AnalysisQueue::onProgress);
    connect(m_runner, &AnalysisRunner::finished, this, &AnalysisQueue::onFinished);
    connect(m_runner, &AnalysisRunner::failed, this, &AnalysisQueue::onFailed);
    connect(m_runner, &AnalysisRunner::cancelled, this, &AnalysisQueue::onCancelled);
    m_thread->start();
}

AnalysisQueue::~AnalysisQueue()
{
    m_pending.clear();
    // The runner honours the flag within a second; the thread's deleter then quits and joins.
    m_runner->cancel();
}

void AnalysisQueue::enqueue(const QString &repository, const engine::ChangeSpec &change,
                            LlmConsent::Use llm)
{
    if (contains(change))
        return;
    Job job{m_nextId++, {repository, change, m_choices}};
    engine::UserChoices &choices = job.request.choices;
    choices.llm.allowRemote = llm == LlmConsent::Use::AllowedRemote;
    if (llm == LlmConsent::Use::Offline) {
        choices.generator = engine::GeneratorKind::Offline;
        choices.suggest = engine::SuggestionSource::Heuristic;
    }
    m_pending << job;
    emit queueChanged();
    if (!m_current)
        startNext();
}

void AnalysisQueue::cancelAll()
{
    const QList<Job> dropped = std::exchange(m_pending, {});
    emit queueChanged();
    for (const Job &job : dropped)
        emit cancelled(job.request.change);
    cancelCurrent();
}

void AnalysisQueue::cancelCurrent()
{
    if (!m_current || m_current->cancelRequested)
        return;
    m_current->cancelRequested = true;
    m_runner->cancel(m_current->id);
    emit queueChanged(); // "cancelling" until the runner answers
}

std::optional<engine::ChangeSpec> AnalysisQueue::current() const
{
    return m_current ? std::optional(m_current->request.change) : std::nullopt;
}

QList<engine::ChangeSpec> AnalysisQueue::pending() const
{
    QList<engine::ChangeSpec> changes;
    for (const Job &job : m_pending)
        changes << job.request.change;
    return changes;
}

bool AnalysisQueue::contains(const engine::ChangeSpec &change) const
{
    if (m_current && sameChange(m_current->request.change, change))
        return true;
    return std::any_of(m_pending.cbegin(), m_pending.cend(),
                       [&](const Job &job) { return sameChange(job.request.change, change); });
}

std::optional<engine::AnalysisRequest>
AnalysisQueue::request(const engine::ChangeSpec &change) const
{
    if (m_current && sameChange(m_current->request.change, change))
        return m_current->request;
    for (const Job &job : m_pending)
        if (sameChange(job.request.change, change))
            return job.request;
    return std::nullopt;
}

void AnalysisQueue::startNext()
{
    if (m_pending.isEmpty()) {
        emit idle();
        return;
    }
    m_current = m_pending.takeFirst();
    emit queueChanged();
    emit started(m_current->request.change);
    // Queued: the runner's slot runs on its thread, never here.
    QMetaObject::invokeMethod(
        m_runner,
        [runner = m_runner, id = m_current->id, request = m_current->request] {
            runner->run(id, request);
        },
        Qt::QueuedConnection);
}

void AnalysisQueue::onProgress(quint64 job, const engine::AnalysisProgress &progress)
{
    if (m_current && m_current->id == job)
        emit progressed(m_current->request.change, progress);
}

void AnalysisQueue::onFinished(quint64 job, const engine::Report &report)
{
    if (!m_current || m_current->id != job)
        return;
    const engine::ChangeSpec change = m_current->request.change;
    m_current.reset();
    emit finished(change, report);
    startNext();
}

void AnalysisQueue::onCancelled(quint64 job)
{
    if (!m_current || m_current->id != job)
        return;
    const engine::ChangeSpec change = m_current->request.change;
    m_current.reset();
    emit cancelled(change);
    startNext();
}

void AnalysisQueue::onFailed(quint64 job, const QString &message)
{
    if (!m_current || m_current->id != job)
        return;
    const engine::ChangeSpec change = m_current->request.change;
    m_current.reset();
    emit failed(change, message);
    startNext();
}

} // namespace difftriage::ui
