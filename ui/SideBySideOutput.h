#pragma once

#include "report/Report.h"

#include <QWidget>

class QLabel;
class QTextBrowser;

namespace difftriage::ui {

// The old and the new result of the selected difference side by side: exception type and message
// first and large (that is usually the whole story), then the outputs with what differs marked.
class SideBySideOutput final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SideBySideOutput)

public:
    explicit SideBySideOutput(QWidget *parent = nullptr);

    void setDifference(const engine::ReportDifference &difference);
    void clear();

    QString oldHeadline() const;
    QString newHeadline() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();

    std::optional<engine::ReportDifference> m_difference;
    QLabel *m_oldHeadline;
    QLabel *m_newHeadline;
    QTextBrowser *m_oldOutput;
    QTextBrowser *m_newOutput;
};

} // namespace difftriage::ui
