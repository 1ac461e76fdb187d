#include "DiffFileModel.h"

#include <QFont>

namespace difftriage::ui {

DiffFileModel::DiffFileModel(QObject *parent) : QAbstractTableModel(parent) {}

void DiffFileModel::setReport(const engine::Report &report, bool analysed)
{
    beginResetModel();
    m_analysed = analysed;
    m_files.clear();
    m_reached.clear();
    QHash<QString, int> rows;
    for (const engine::ReportChangedLine &line : report.changedLines) {
        auto row = rows.constFind(line.file);
        if (row == rows.cend()) {
            row = rows.insert(line.file, int(m_files.size()));
            m_files << File{line.file};
        }
        File &file = m_files[*row];
        (line.side == QLatin1String("old") ? file.removed : file.added) += 1;
        if (line.executable) {
            ++file.executable;
            file.covered += line.hitBy.isEmpty() ? 0 : 1;
        }
    }
    endResetModel();
}

void DiffFileModel::setReachedFiles(const QSet<QString> &files)
{
    m_reached = files;
    if (!m_files.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1),
                         {Qt::FontRole, ReachedRole});
}

int DiffFileModel::rowOf(const QString &path) const
{
    for (int row = 0; row < m_files.size(); ++row) {
        if (m_files[row].path == path)
            return row;
    }
    return -1;
}

int DiffFileModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_files.size());
}

int DiffFileModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiffFileModel::coverageData(const File &file, int role) const
{
    if (!m_analysed)
        return role == Qt::ToolTipRole ? QVariant(tr("Analyse the change to see which changed "
                                                     "lines its tests reach"))
                                       : QVariant(tr("not analysed"));
    if (file.executable == 0)
        return role == Qt::ToolTipRole ? QVariant(tr("No changed line of this file is a statement"))
                                       : QVariant(tr("no statement"));
    const double fraction = double(file.covered) / file.executable;
    if (role == Qt::ToolTipRole)
        return tr("%1 of %2 changed statements reached by a test, old and new versions together")
            .arg(file.covered)
            .arg(file.executable);
    return QStringLiteral("%1 %").arg(fraction * 100.0, 0, 'f', 0);
}

QVariant DiffFileModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const File &file = m_files.at(index.row());
    switch (role) {
    case PathRole:
        return file.path;
    case CoverageRole:
        return file.executable == 0 || !m_analysed ? -1.0 : double(file.covered) / file.executable;
    case UncoveredRole:
        return file.executable - file.covered;
    case ReachedRole:
        return m_reached.contains(file.path);
    case Qt::FontRole:
        if (m_reached.contains(file.path)) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == FileColumn ? QVariant()
                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case FileColumn:
        return role == Qt::ToolTipRole && m_reached.contains(file.path)
                   ? tr("%1: the selected difference's test ran changed lines here").arg(file.path)
                   : file.path;
    case CoverageColumn:
        return coverageData(file, role);
    case LinesColumn:
        return role == Qt::ToolTipRole
                   ? tr("Changed lines: %1 on the old version, %2 on the new one, a statement that "
                        "spans several lines counted once (git's diff counts each line)")
                         .arg(file.removed)
                         .arg(file.added)
                   : QStringLiteral("−%1 +%2").arg(file.removed).arg(file.added);
    default:
        return {};
    }
}

QVariant DiffFileModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FileColumn:
        return tr("File");
    case CoverageColumn:
        return tr("Coverage");
    case LinesColumn:
        return tr("Lines");
    default:
        return {};
    }
}

} // namespace difftriage::ui
