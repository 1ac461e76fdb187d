#include "LineTestsModel.h"

#include "ReadableNames.h"

#include <QFont>
#include <algorithm>

namespace difftriage::ui {

LineTestsModel::LineTestsModel(QObject *parent) : QAbstractTableModel(parent) {}

void LineTestsModel::setReport(const engine::Report &report)
{
    beginResetModel();
    m_report = report;
    m_testIndex.clear();
    m_differenceIndex.clear();
    m_rows.clear();
    for (int i = 0; i < m_report.tests.size(); ++i)
        m_testIndex.insert(m_report.tests[i].id, i);
    for (int i = 0; i < m_report.differences.size(); ++i)
        m_differenceIndex.insert(m_report.differences[i].testId, i);
    endResetModel();
}

void LineTestsModel::setTests(const QStringList &testIds)
{
    beginResetModel();
    m_rows.clear();
    for (const QString &id : testIds) {
        Row row{id, {}, m_differenceIndex.value(id, -1), std::nullopt};
        if (const auto test = m_testIndex.constFind(id); test != m_testIndex.cend()) {
            row.code = m_report.tests[*test].code;
            row.fate = m_report.tests[*test].outcome;
        } else if (row.difference >= 0) {
            row.code = m_report.differences[row.difference].originalTestCode;
        }
        m_rows << row;
    }
    std::stable_sort(m_rows.begin(), m_rows.end(), [](const Row &a, const Row &b) {
        return (a.difference >= 0) > (b.difference >= 0);
    });
    endResetModel();
}

int LineTestsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int LineTestsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LineTestsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case TestIdRole:
        return row.testId;
    case DifferenceIndexRole:
        return row.difference;
    case CodeRole:
        return row.code;
    case Qt::ToolTipRole:
        return row.difference >= 0
                   ? tr("Test %1 (open it to select its difference):\n%2").arg(row.testId, row.code)
                   : tr("Test %1:\n%2").arg(row.testId, row.code);
    case Qt::FontRole:
        if (row.difference >= 0) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    if (index.column() == TestColumn)
        return row.code.isEmpty() ? row.testId : callSummary(row.code);
    if (index.column() != ResultColumn)
        return {};
    if (row.difference >= 0) {
        const engine::ReportDifference &difference = m_report.differences[row.difference];
        return tr("%1 · %2").arg(difference.id, engine::label(difference.kind));
    }
    return row.fate ? engine::label(*row.fate) : QString();
}

QVariant LineTestsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TestColumn:
        return tr("Test");
    case ResultColumn:
        return tr("Result");
    default:
        return {};
    }
}

int LineTestsModel::differenceCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(),
                             [](const Row &row) { return row.difference >= 0; }));
}

} // namespace difftriage::ui
