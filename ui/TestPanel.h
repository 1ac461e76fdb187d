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
    bool isEditing() const;
    // Shows the test as editable (or back to the difference's own code when `editing` is off).
    void setEditing(bool editing);

signals:
    // The reviewer asks for the test in the view, edited or not, to run on both versions.
    void runRequested(const QString &code, const QString &target);

private:
    void render();

    std::optional<engine::ReportDifference> m_difference;
    QLabel *m_title;
    QToolButton *m_original;
    QToolButton *m_edit;
    QToolButton *m_run;
    CodeView *m_code;
};

} // namespace difftriage::ui
