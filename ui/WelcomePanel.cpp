#include "WelcomePanel.h"

#include "demo/DemoBuilder.h"

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace difftriage::ui {

WelcomePanel::WelcomePanel(QWidget *area, QWidget *window)
    : QFrame(window), m_area(area), m_status(new QLabel(this)),
      m_demo(new QPushButton(tr("Build and Open the Demo Repository"), this))
{
    setObjectName(QStringLiteral("welcome"));
    setAutoFillBackground(true);
    auto *title = new QLabel(tr("<h2>No repository is open</h2>"), this);
    auto *what = new QLabel(
        tr("Open a git repository of a Python project, then select a pull request or branch in "
           "<b>Changes</b> and press <b>Analyse</b> (Ctrl+R). DiffTriage runs tests on the old "
           "and the new version and lists every behavioural difference for you to mark "
           "<i>intended</i> or <i>regression</i>.<br><br>New here? The demo is a small invoice "
           "library with ten pull requests, some of them with bugs to find."),
        this);
    what->setWordWrap(true);
    what->setMinimumWidth(480); // a paragraph, not a column
    what->setMaximumWidth(560);
    auto *open = new QPushButton(tr("Open Repository…"), this);
    open->setDefault(true);
    connect(open, &QPushButton::clicked, this, &WelcomePanel::openRequested);
    connect(m_demo, &QPushButton::clicked, this, &WelcomePanel::buildDemo);
    m_status->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    for (QWidget *widget :
         {static_cast<QWidget *>(title), static_cast<QWidget *>(what), static_cast<QWidget *>(open),
          static_cast<QWidget *>(m_demo), static_cast<QWidget *>(m_status)})
        layout->addWidget(widget, 0, Qt::AlignHCenter);
    layout->addStretch(2);
    m_area->installEventFilter(this);
    setGeometry(m_area->geometry());
    raise();
}

QString WelcomePanel::demoPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("demo"));
}

void WelcomePanel::buildDemo()
{
    const QString path = demoPath();
    if (QFileInfo::exists(path + QStringLiteral("/.git"))) {
        emit openPathRequested(path);
        return;
    }
    m_demo->setEnabled(false);
    m_status->setText(tr("Building the demo repository in %1…").arg(path));
    auto *watcher = new QFutureWatcher<engine::Expected<QList<engine::DemoPr>>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        m_demo->setEnabled(true);
        const auto built = watcher->result();
        if (!built) {
            m_status->setText(
                tr("The demo repository could not be built: %1").arg(built.error().message));
            return;
        }
        m_status->clear();
        emit openPathRequested(path);
    });
    watcher->setFuture(QtConcurrent::run([path] { return engine::DemoBuilder::build(path); }));
}

bool WelcomePanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_area && (event->type() == QEvent::Resize || event->type() == QEvent::Move)) {
        setGeometry(m_area->geometry());
        raise();
    }
    return QFrame::eventFilter(watched, event);
}

} // namespace difftriage::ui
