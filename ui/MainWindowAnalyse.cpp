// Queuing analyses, after the reviewer's consent when code would leave the machine.
#include "AnalysisQueue.h"
#include "MainWindow.h"
#include "TriageSession.h"

#include <QDir>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

namespace difftriage::ui {

void MainWindow::analyse(const QList<engine::ChangeSpec> &changes)
{
    if (!m_session->isOpen() || changes.isEmpty())
        return;
    const auto llm = LlmConsent::settle(m_queue->choices(), m_session->identity(), m_consentPrompt);
    if (!llm) {
        showMessage(tr("Analysis cancelled: no code was sent."));
        return;
    }
    for (const engine::ChangeSpec &change : changes)
        m_queue->enqueue(m_session->repositoryPath(), change, *llm);
}

void MainWindow::setConsentPrompt(LlmConsent::Prompt prompt)
{
    m_consentPrompt = std::move(prompt);
}

LlmConsent::Answer MainWindow::askConsent(const QString &host)
{
    QMessageBox box(QMessageBox::Question, tr("Send Code to %1?").arg(host),
                    tr("The language model at %1 is on another machine. Analysing this "
                       "repository with it sends the changed code, the tests and the PR's text "
                       "there.")
                        .arg(host),
                    QMessageBox::NoButton, this);
    box.setInformativeText(
        tr("Allow it for %1? The choice is remembered for this repository; Settings can "
           "forget it.")
            .arg(QDir(m_session->repositoryPath()).dirName()));
    QPushButton *allow = box.addButton(tr("&Allow for This Repository"), QMessageBox::AcceptRole);
    QPushButton *offline = box.addButton(tr("Analyse &Offline"), QMessageBox::RejectRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(offline);
    box.exec();
    if (box.clickedButton() == allow)
        return LlmConsent::Answer::Allow;
    if (box.clickedButton() == offline)
        return LlmConsent::Answer::Offline;
    return LlmConsent::Answer::Cancel;
}

} // namespace difftriage::ui
