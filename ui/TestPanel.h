#pragma once

#include "report/Report.h"

#include <QWidget>

class QLabel;
class QToolButton;

namespace difftriage::ui {

class CodeView;

// The test behind the selected difference: the shrunk one by default (what the reviewer reads),
// the original generated one a click away.
class TestPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TestPanel)

public:
    explicit TestPanel(QWidget *parent = nullptr);

    void setDifference(const engine::ReportDifference &difference);
    void clear();
    bool showsOriginal() const;
    QString code() const;

private:
    void render();

    std::optional<engine::ReportDifference> m_difference;
    QLabel *m_title;
    QToolButton *m_original;
    CodeView *m_code;
};

} // namespace difftriage::ui
