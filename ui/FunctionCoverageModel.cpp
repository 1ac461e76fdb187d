#include "FunctionCoverageModel.h"

#include <QFont>
#include <algorithm>

namespace difftriage::ui {

FunctionCoverageModel::FunctionCoverageModel(QObject *parent) : QAbstractTableModel(parent) {}

void FunctionCoverageModel::setFunctions(QList<engine::ReportChangedFunction> functions)
{
    // The least covered first: that is where the reviewer has to look.
    std::stable_sort(functions.begin(), functions.end(), [](const auto &a, const auto &b) {
        return a.unionCoverage < b.unionCoverage;
    });
    beginResetModel();
    m_functions = std::move(functions);
    endResetModel();
}

int FunctionCoverageModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_functions.size());
}

int FunctionCoverageModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FunctionCoverageModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const engine::ReportChangedFunction &function = m_functions.at(index.row());
    if (role == CoverageRole)
        return function.unionCoverage;
    if (role == Qt::FontRole && index.column() == CoverageColumn && function.unionCoverage < 1.0) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::TextAlignmentRole && index.column() == CoverageColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return function.name;
    case KindColumn:
        return engine::label(function.kind);
    case VersionsColumn:
        return engine::label(function.versions);
    case CoverageColumn:
        if (role == SortRole)
            return function.unionCoverage;
        return QStringLiteral("%1 %").arg(function.unionCoverage * 100.0, 0, 'f', 0);
    default:
        return {};
    }
}

QVariant FunctionCoverageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Function");
    case KindColumn:
        return tr("Kind");
    case VersionsColumn:
        return tr("Versions");
    case CoverageColumn:
        return tr("Union coverage");
    default:
        return {};
    }
}

} // namespace difftriage::ui
