// The window before and around the reviewer's first steps: a size that fits the screen, what to
// do while no repository is open, and actions enabled only when they can do something.
#include "ActionAvailability.h"
#include "AnalysisQueue.h"
#include "DifferenceList.h"
#include "MainWindow.h"
#include "PrBrowser.h"
#include "TriageSession.h"
#include "WelcomePanel.h"

#include <QItemSelectionModel>
#include <QScreen>
#include <QTableView>

namespace difftriage::ui {

void MainWindow::fitToScreen()
{
    const QScreen *shown = screen();
    if (!shown)
        return;
    const QRect available = shown->availableGeometry();
    // Room for the window frame the geometry leaves out.
    const QSize room = available.size() - QSize(16, 48);
    const QSize wanted = size().isValid() ? size() : QSize(1400, 900);
    const QSize fitting = wanted.boundedTo(room);
    if (fitting != size())
        resize(fitting);
    if (!available.contains(frameGeometry().topLeft()))
        move(available.topLeft());
}

void MainWindow::createWelcome()
{
    m_welcome = new WelcomePanel(centralWidget(), this);
    connect(m_welcome, &WelcomePanel::openRequested, this, &MainWindow::chooseRepository);
    connect(m_welcome, &WelcomePanel::openPathRequested, this, &MainWindow::openRepository);
    connect(m_session, &TriageSession::opened, m_welcome, &QWidget::hide);

    // Action states follow whatever may change them, after the window has handled it.
    const auto update = [this] { updateActionStates(); };
    connect(m_session, &TriageSession::opened, this, update, Qt::QueuedConnection);
    connect(m_browser->view()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            update, Qt::QueuedConnection);
    connect(m_browser, &PrBrowser::changeSelected, this, update, Qt::QueuedConnection);
    connect(m_differenceList, &DifferenceList::currentDifferenceChanged, this, update,
            Qt::QueuedConnection);
    connect(m_queue, &AnalysisQueue::queueChanged, this, update, Qt::QueuedConnection);
    connect(m_queue, &AnalysisQueue::idle, this, update, Qt::QueuedConnection);
    connect(this, &MainWindow::reportShown, this, update, Qt::QueuedConnection);
    updateActionStates();
}

void MainWindow::updateActionStates()
{
    ActionState state;
    state.repository = m_session->isOpen();
    state.selectedChanges = state.repository && !m_browser->selectedChanges().isEmpty();
    state.change = state.repository && m_change.has_value();
    state.report = state.change && m_report.has_value();
    state.difference = state.report && m_differenceList->currentDifference() >= 0;
    state.analysis = m_queue->isBusy() || !m_queue->pending().isEmpty();
    applyActionState(this, state);
}

} // namespace difftriage::ui
