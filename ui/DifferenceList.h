#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QTreeView;

namespace difftriage::ui {

class DifferenceFilterModel;
class DifferenceModel;

// The differences of the open change as a review queue: grouped by cluster, each named by its
// target and kind, "n of m decided" above, a find box, and keyboard navigation to the next and
// previous undecided one.
class DifferenceList final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DifferenceList)

public:
    explicit DifferenceList(DifferenceModel *model, QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }
    DifferenceFilterModel *filter() const { return m_filter; }
    // The selected difference's index into the report, -1 when none (or a cluster) is selected.
    int currentDifference() const;
    // Selects a difference, clearing the find box when it hides it.
    void selectDifference(int difference);
    void showSummary();
    QString summary() const;

public slots:
    // Selects the next (previous) undecided difference among those shown; false when none is
    // left. Wraps around.
    bool nextUndecided();
    bool previousUndecided();
    void focusFind();

signals:
    void currentDifferenceChanged(int difference);

private:
    bool step(bool forward);
    void select(const QModelIndex &proxyIndex);
    // The difference column as wide as its members' titles (at most half the list).
    void fitTitleColumn();

    DifferenceModel *m_model;
    DifferenceFilterModel *m_filter;
    QLineEdit *m_find;
    QTreeView *m_view;
    QLabel *m_summary;
};

} // namespace difftriage::ui
