#pragma once

#include "PrListModel.h"

#include <QSortFilterProxyModel>
#include <optional>

namespace difftriage::ui {

// The PR browser's filter: free text over number, title, author, date and state, plus the triage
// status (not analysed / running / differences / all triaged ...).
class PrFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PrFilterModel)

public:
    explicit PrFilterModel(QObject *parent = nullptr);

    void setText(const QString &text);
    void setStatus(std::optional<PrListModel::TriageStatus> status);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_text;
    std::optional<PrListModel::TriageStatus> m_status;
};

} // namespace difftriage::ui
