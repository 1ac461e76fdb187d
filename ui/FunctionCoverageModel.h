#pragma once

#include "report/Report.h"

#include <QAbstractTableModel>

namespace difftriage::ui {

// The changed functions of a report with their union coverage (Definition 3), worst first.
class FunctionCoverageModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FunctionCoverageModel)

public:
    enum Column
    {
        NameColumn,
        KindColumn,
        VersionsColumn,
        CoverageColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole,
        CoverageRole,
    };

    explicit FunctionCoverageModel(QObject *parent = nullptr);

    void setFunctions(QList<engine::ReportChangedFunction> functions);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<engine::ReportChangedFunction> m_functions;
};

} // namespace difftriage::ui
