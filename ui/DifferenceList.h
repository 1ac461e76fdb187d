#pragma once

#include <QWidget>

class QLabel;
class QTreeView;

namespace difftriage::ui {

class DifferenceModel;

// The differences of the open change grouped by cluster, with keyboard navigation to the next and
// previous undecided one (N / P).
class DifferenceList final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DifferenceList)

public:
    explicit DifferenceList(DifferenceModel *model, QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }
    // The selected difference's index into the report, -1 when none (or a cluster) is selected.
    int currentDifference() const;
    void selectDifference(int difference);
    void showSummary();

public slots:
    void nextUndecided();
    void previousUndecided();

signals:
    void currentDifferenceChanged(int difference);

private:
    void step(bool forward);

    DifferenceModel *m_model;
    QTreeView *m_view;
    QLabel *m_summary;
};

} // namespace difftriage::ui
