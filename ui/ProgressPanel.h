#pragma once

#include "change/ChangeSpec.h"
#include "pipeline/AnalysisOptions.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace difftriage::ui {

// The status bar's view of the analysis queue: stage, live counts (tests run, differences, union
// coverage), the number of changes waiting, and Cancel.
class ProgressPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProgressPanel)

public:
    explicit ProgressPanel(QWidget *parent = nullptr);

    void start(const engine::ChangeSpec &change);
    void update(const engine::AnalysisProgress &progress);
    void setPending(int count);
    // Cancel was asked for: the analysis still runs until the engine's next check, and says so.
    void setCancelling();
    void stop();
    QString stageText() const;

signals:
    void cancelRequested();

private:
    QLabel *m_stage;
    QProgressBar *m_bar;
    QLabel *m_counts;
    QLabel *m_pending;
    QToolButton *m_cancel;
    QString m_title;
    bool m_cancelling = false;
};

} // namespace difftriage::ui
