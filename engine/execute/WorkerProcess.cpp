#include "execute/WorkerProcess.h"

#include "core/Json.h"

#include <QProcess>

namespace difftriage::engine {

namespace {

constexpr int HelloTimeoutMs = 30000;
constexpr int MaxStartFailures = 3;
constexpr qsizetype StderrTailBytes = 8192;
constexpr int ProtocolVersion = 1;

QByteArray encode(const nlohmann::json &request)
{
    return toJsonBytes(request) + '\n';
}

} // namespace

WorkerProcess::WorkerProcess(QString name, LaunchFactory factory, QObject *parent)
    : QObject(parent), m_name(std::move(name)), m_factory(std::move(factory))
{
    m_watchdog.setSingleShot(true);
    connect(&m_watchdog, &QTimer::timeout, this, [this] {
        const QString detail =
            m_state == State::Starting
                ? QStringLiteral("%1 did not start within %2 s")
                      .arg(m_name)
                      .arg(HelloTimeoutMs / 1000)
                : QStringLiteral("%1 did not answer in time and was killed").arg(m_name);
        abort(QStringLiteral("worker_hung"), detail, false, false);
    });
}

WorkerProcess::~WorkerProcess()
{
    stop();
}

bool WorkerProcess::canAccept() const
{
    return m_state == State::Ready && m_pending.size() < PipelineDepth;
}

void WorkerProcess::start()
{
    m_stopping = false;
    if (m_state == State::Stopped)
        launch();
}

void WorkerProcess::launch()
{
    auto launch = m_factory();
    if (!launch) {
        m_state = State::Broken;
        m_brokenReason = QStringLiteral("%1 cannot start: %2").arg(m_name, launch.error().message);
        failAll(QStringLiteral("worker_broken"), m_brokenReason);
        emit broken(m_brokenReason);
        return;
    }
    m_process = std::make_unique<QProcess>();
    QProcess *process = m_process.get();
    process->setProgram(launch->program);
    process->setArguments(launch->arguments);
    process->setProcessEnvironment(launch->environment);
    process->setWorkingDirectory(launch->workingDirectory);
    process->setChildProcessModifier(ProcessConfinement::modifier(launch->confinement));
    connect(process, &QProcess::readyReadStandardOutput, this, &WorkerProcess::onOutput);
    connect(process, &QProcess::readyReadStandardError, this, [this, process] {
        m_stderrTail += process->readAllStandardError();
        if (m_stderrTail.size() > StderrTailBytes)
            m_stderrTail = m_stderrTail.right(StderrTailBytes);
    });
    connect(process, &QProcess::finished, this, &WorkerProcess::onFinished);
    connect(process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            onFinished();
    });
    m_state = State::Starting;
    m_buffer.clear();
    m_stderrTail.clear();
    process->start();
    if (m_process.get() != process)
        return; // failed to start inside start(): onFinished already took over
    m_helloId = m_nextId++;
    process->write(encode({{"op", "hello"}, {"id", m_helloId}}));
    m_watchdog.start(HelloTimeoutMs);
}

void WorkerProcess::write(Pending &pending)
{
    pending.id = m_nextId++;
    nlohmann::json request = pending.request;
    request["id"] = pending.id;
    m_process->write(encode(request));
}

void WorkerProcess::armWatchdog()
{
    // Only the request the runner is working on is timed; the others wait their turn.
    if (m_pending.empty())
        m_watchdog.stop();
    else
        m_watchdog.start(int(qBound(1.0, m_pending.front().watchdogSeconds, 86400.0) * 1000));
}

void WorkerProcess::send(nlohmann::json request, double watchdogSeconds, ReplyHandler handler)
{
    if (!canAccept() || !m_process) {
        handler(Reply{{},
                      QStringLiteral("worker_broken"),
                      QStringLiteral("%1 is not ready").arg(m_name),
                      true});
        return;
    }
    m_pending.push_back(Pending{0, std::move(request), watchdogSeconds, std::move(handler)});
    write(m_pending.back());
    if (m_pending.size() == 1)
        armWatchdog();
}

void WorkerProcess::abort(const QString &reason, const QString &detail, bool fatal, bool everything)
{
    if (!m_process || m_process->state() == QProcess::NotRunning) {
        if (everything)
            failAll(reason, detail);
        return;
    }
    m_abortReason = reason;
    m_abortDetail = detail;
    m_abortFatal = fatal;
    m_abortEverything = everything;
    m_process->kill(); // onFinished answers and restarts
}

void WorkerProcess::failAll(const QString &reason, const QString &detail)
{
    std::deque<Pending> pending = std::exchange(m_pending, {});
    for (Pending &request : pending)
        request.handler(Reply{{}, reason, detail, true});
}

void WorkerProcess::stop()
{
    m_stopping = true;
    m_watchdog.stop();
    if (m_process && m_process->state() != QProcess::NotRunning) {
        if (isIdle()) {
            m_process->write(encode({{"op", "shutdown"}, {"id", m_nextId++}}));
            m_process->closeWriteChannel();
            if (!m_process->waitForFinished(1500) && m_process)
                m_process->kill();
        } else {
            m_process->kill();
        }
        if (m_process)
            m_process->waitForFinished(2000);
    }
    failAll(QStringLiteral("stopped"), QStringLiteral("the executor stopped"));
    if (m_process) {
        m_process->disconnect(this);
        m_process.reset();
    }
    if (m_state != State::Broken)
        m_state = State::Stopped;
}

void WorkerProcess::onOutput()
{
    if (!m_process)
        return;
    m_buffer += m_process->readAllStandardOutput();
    qsizetype newline;
    while ((newline = m_buffer.indexOf('\n')) >= 0) {
        const QByteArray line = m_buffer.left(newline);
        m_buffer.remove(0, newline + 1);
        handleLine(line);
    }
}

void WorkerProcess::handleLine(const QByteArray &line)
{
    // A line that is no JSON object answers nothing: a stray print, a damaged line.
    nlohmann::json response = parseJson(line).value_or(nullptr);
    if (!response.is_object())
        response = nlohmann::json::object();
    const qint64 id = int64Field(response, "id");
    if (m_state == State::Starting && id == m_helloId && !response.empty()) {
        m_watchdog.stop();
        const int protocol = intField(response, "protocol");
        if (protocol != ProtocolVersion) {
            m_state = State::Broken;
            m_brokenReason = QStringLiteral("%1 speaks runner protocol %2, expected %3")
                                 .arg(m_name)
                                 .arg(protocol)
                                 .arg(ProtocolVersion);
            failAll(QStringLiteral("worker_broken"), m_brokenReason);
            m_process->kill();
            emit broken(m_brokenReason);
            return;
        }
        m_hello = response;
        m_state = State::Ready;
        m_startFailures = 0;
        m_startedOnce = true;
        // Requests that were queued behind a test that killed the previous process.
        for (Pending &pending : m_pending)
            write(pending);
        armWatchdog();
        emit idle();
        return;
    }
    if (m_state != State::Ready || m_pending.empty() || id != m_pending.front().id)
        return; // not the answer we wait for: a late answer after an abort
    Pending answered = std::move(m_pending.front());
    m_pending.pop_front();
    armWatchdog();
    answered.handler(Reply{std::move(response), QString(), QString(), false});
    emit idle();
}

void WorkerProcess::onFinished()
{
    if (!m_process)
        return;
    onOutput(); // answers written just before the end still count
    const QString description = deathDescription();
    QProcess *dead = m_process.release();
    dead->disconnect(this);
    dead->deleteLater(); // not from inside its own signal
    m_watchdog.stop();
    const State previous = m_state;
    if (m_state != State::Broken)
        m_state = State::Stopped;
    const bool aborted = !m_abortReason.isEmpty();
    const QString reason = aborted ? m_abortReason : QStringLiteral("worker_died");
    const QString detail = aborted ? m_abortDetail : description;
    const bool fatal = m_abortFatal;
    const bool everything = m_abortEverything;
    m_abortReason.clear();
    m_abortDetail.clear();
    m_abortFatal = m_abortEverything = false;
    // The runner works on one request at a time: the first pending one is what ended it.
    if (previous == State::Ready && !m_pending.empty()) {
        Pending running = std::move(m_pending.front());
        m_pending.pop_front();
        running.handler(Reply{{}, reason, detail, fatal});
    }
    if (everything)
        failAll(reason, detail);
    if (m_stopping || m_state == State::Broken) {
        failAll(QStringLiteral("stopped"), QStringLiteral("the executor stopped"));
        return;
    }
    int delayMs = 0;
    if (previous == State::Starting) {
        if (++m_startFailures >= MaxStartFailures) {
            m_state = State::Broken;
            m_brokenReason = QStringLiteral("%1 cannot start: %2").arg(m_name, description);
            failAll(QStringLiteral("worker_broken"), m_brokenReason);
            emit broken(m_brokenReason);
            return;
        }
        delayMs = 200 * m_startFailures;
    }
    QTimer::singleShot(delayMs, this, [this] {
        if (m_state == State::Stopped && !m_stopping)
            launch();
    });
}

QString WorkerProcess::deathDescription() const
{
    QString status;
    if (m_process->error() == QProcess::FailedToStart)
        status = m_process->errorString();
    else if (m_process->exitStatus() == QProcess::CrashExit)
        status = QStringLiteral("killed by a signal");
    else
        status = QStringLiteral("exit code %1").arg(m_process->exitCode());
    const QString tail = QString::fromUtf8(m_stderrTail).trimmed().right(600);
    return tail.isEmpty() ? status : QStringLiteral("%1; stderr: %2").arg(status, tail);
}

} // namespace difftriage::engine
