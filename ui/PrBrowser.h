#pragma once

#include "PrListModel.h"

#include <QWidget>

class QComboBox;
class QLineEdit;
class QTableView;

namespace difftriage::ui {

class PrFilterModel;

// The list of changes to review with its filters (number, title, author, date, state and triage
// status). Activating a row opens it; "Analyse" queues the selected rows.
class PrBrowser final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PrBrowser)

public:
    explicit PrBrowser(PrListModel *model, QWidget *parent = nullptr);

    QList<engine::ChangeSpec> selectedChanges() const;
    void selectChange(const QString &base, const QString &head);
    QTableView *view() const { return m_view; }
    PrFilterModel *filter() const { return m_filter; }
    void focusFilter();

signals:
    void changeSelected(const difftriage::engine::ChangeSpec &change);
    void analyseRequested(const QList<difftriage::engine::ChangeSpec> &changes);
    void compareRevisionsRequested();

private:
    PrListModel *m_model;
    PrFilterModel *m_filter;
    QLineEdit *m_text;
    QComboBox *m_status;
    QTableView *m_view;
};

} // namespace difftriage::ui
