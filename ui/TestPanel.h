#pragma once

#include "report/Report.h"

#include <QHash>
#include <QWidget>

class QLabel;
class QToolButton;

namespace difftriage::ui {

class CodeView;
class ElidingLabel;

// The test behind the selected difference: the shrunk one by default (what the reviewer reads),
// the original generated one a click away. An edit is kept as a draft per difference while the
// reviewer looks at others, until it is reverted (Edit switched off).
class TestPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TestPanel)

public:
    explicit TestPanel(QWidget *parent = nullptr);

    void setDifference(const engine::ReportDifference &difference);
    void clear();
    bool showsOriginal() const;
    // Whether the view shows the original test (it was asked for and differs from the shrunk one).
    bool showsOriginalTest() const;
    QString code() const;
    bool isEditing() const;
    // Shows the test as editable (or back to the difference's own code, dropping the draft, when
    // `editing` is off).
    void setEditing(bool editing);
    // Differences whose test has an edit not shown right now or shown and unrun.
    int draftCount() const;
    // Tests edited and not reverted, the one in view included: what closing would lose.
    int editedTests() const;
    // "From project test tests/test_x.py::test_y" when the project's own suite gave the test.
    QString originText() const;

signals:
    // The reviewer asks for the test in the view, edited or not, to run on both versions.
    void runRequested(const QString &code, const QString &target);
    // The view switched between the shrunk and the original test: the outcomes beside it follow.
    void shownTestChanged(bool original);

private:
    void render();
    QString draftKey() const;
    QString shownCode() const;
    void stashDraft();
    void restoreDraft();

    std::optional<engine::ReportDifference> m_difference;
    QHash<QString, QString> m_drafts; // by draftKey()
    ElidingLabel *m_title;
    QLabel *m_origin;
    QToolButton *m_original;
    QToolButton *m_edit;
    QToolButton *m_run;
    CodeView *m_code;
};

} // namespace difftriage::ui
