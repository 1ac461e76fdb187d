#include "ScreenshotTour.h"

#include "MainWindow.h"
#include "PrBrowser.h"
#include "TriageSession.h"
#include "diff/DiffCoveragePanel.h"

#include <QDir>
#include <QDockWidget>
#include <QTimer>

namespace difftriage::ui {

ScreenshotTour::ScreenshotTour(MainWindow *window, QString directory, QList<int> prNumbers,
                               QObject *parent)
    : QObject(parent), m_window(window), m_directory(std::move(directory)),
      m_numbers(std::move(prNumbers))
{
    connect(m_window, &MainWindow::repositoryOpened, this, &ScreenshotTour::nextChange);
    connect(m_window->session(), &TriageSession::openFailed, this, [this] { emit done(false); });
    // The diff reads its files after the report shows: capture once they are in.
    // (not the diff a change shows before its analysis).
    connect(m_window->diffPanel(), &DiffCoveragePanel::sourcesLoaded, this, [this] {
        if (!m_window->diffPanel()->isPreview())
            QTimer::singleShot(300, this, &ScreenshotTour::capture);
    });
}

void ScreenshotTour::start(const QString &repository)
{
    QDir().mkpath(m_directory);
    m_window->openRepository(repository);
}

void ScreenshotTour::nextChange()
{
    if (m_numbers.isEmpty()) {
        emit done(true);
        return;
    }
    const int number = m_numbers.takeFirst();
    for (const engine::ChangeSpec &change : m_window->session()->changes()) {
        if (change.number != number)
            continue;
        m_window->browser()->selectChange(change.base, change.head);
        if (!m_window->currentReport())
            m_window->analyse({change});
        return;
    }
    nextChange();
}

void ScreenshotTour::capture()
{
    // A change with relations to review shows them, in place of the coverage tab.
    auto *relations = m_window->findChild<QDockWidget *>(QStringLiteral("relationsDock"));
    const bool reviews =
        m_window->currentReport() && !m_window->currentReport()->relationReviews.isEmpty();
    if (relations && reviews && !m_relationsRaised) {
        m_relationsRaised = true;
        relations->raise();
        QTimer::singleShot(300, this, &ScreenshotTour::capture); // once it is laid out
        return;
    }
    ++m_shot;
    save(m_window, QStringLiteral("main"));
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>())
        if (dock != relations || reviews) // an empty tab says nothing
            save(dock->widget(), dock->objectName().remove(QStringLiteral("Dock")));
    save(m_window->centralWidget(), QStringLiteral("test-and-outputs"));
    nextChange();
}

void ScreenshotTour::save(QWidget *widget, const QString &name)
{
    const QString file = QStringLiteral("%1/%2-%3.png").arg(m_directory).arg(m_shot).arg(name);
    widget->grab().save(file);
}

} // namespace difftriage::ui
