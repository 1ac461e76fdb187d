#include "ProgressPanel.h"

#include "ProgressStages.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace difftriage::ui {

ProgressPanel::ProgressPanel(QWidget *parent)
    : QWidget(parent), m_stage(new QLabel(this)), m_bar(new QProgressBar(this)),
      m_counts(new QLabel(this)), m_pending(new QLabel(this)), m_cancel(new QToolButton(this))
{
    m_bar->setRange(0, 1000);
    m_bar->setMaximumWidth(220);
    m_bar->setTextVisible(false);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the running analysis and drop the queued ones"));
    connect(m_cancel, &QToolButton::clicked, this, &ProgressPanel::cancelRequested);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stage);
    layout->addWidget(m_bar);
    layout->addWidget(m_counts);
    layout->addWidget(m_pending);
    layout->addWidget(m_cancel);
    stop();
}

void ProgressPanel::start(const engine::ChangeSpec &change)
{
    m_title = change.number ? QStringLiteral("#%1").arg(*change.number) : change.head.left(8);
    m_stage->setText(tr("%1: starting…").arg(m_title));
    m_bar->setValue(0);
    m_counts->clear();
    m_cancelling = false;
    m_cancel->setEnabled(true);
    setVisible(true);
}

void ProgressPanel::update(const engine::AnalysisProgress &progress)
{
    if (m_cancelling)
        return; // what it still does is of no use: it is being stopped
    m_stage->setText(QStringLiteral("%1: %2").arg(m_title, ProgressStages::label(progress.stage)));
    m_bar->setValue(static_cast<int>(std::clamp(progress.fraction, 0.0, 1.0) * 1000));
    m_counts->setText(tr("%1 tests run · %2 differences · %3 % covered")
                          .arg(progress.testsRun)
                          .arg(progress.differences)
                          .arg(progress.unionCoverage * 100.0, 0, 'f', 0));
}

void ProgressPanel::setPending(int count)
{
    m_pending->setText(count > 0 ? tr("(%n queued)", nullptr, count) : QString());
}

void ProgressPanel::setCancelling()
{
    m_cancelling = true;
    m_stage->setText(tr("%1: cancelling…").arg(m_title));
    m_cancel->setEnabled(false);
}

void ProgressPanel::stop()
{
    setVisible(false);
    m_title.clear();
}

QString ProgressPanel::stageText() const
{
    return m_stage->text();
}

} // namespace difftriage::ui
