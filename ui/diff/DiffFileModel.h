#pragma once

#include "report/Report.h"

#include <QAbstractTableModel>
#include <QSet>

namespace difftriage::ui {

// The files of the change with changed lines, each with its own union coverage (Definition 3 over
// the file's changed executable lines on both versions) and how many lines changed on each side.
// The files the selected difference's test ran are bold. Lives on the GUI thread.
class DiffFileModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiffFileModel)

public:
    enum Column
    {
        FileColumn,
        CoverageColumn,
        LinesColumn,
        ColumnCount
    };
    enum Role
    {
        PathRole = Qt::UserRole,
        CoverageRole,  // double in [0, 1]; -1 when the file has no changed executable line
        UncoveredRole, // changed executable lines no test reached
        ReachedRole,   // the selected difference's test ran one of its changed lines
    };

    explicit DiffFileModel(QObject *parent = nullptr);

    // `analysed` false: a change not analysed yet, whose coverage is not known.
    void setReport(const engine::Report &report, bool analysed = true);
    void setReachedFiles(const QSet<QString> &files);
    QString path(int row) const { return m_files.at(row).path; }
    int rowOf(const QString &path) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct File
    {
        QString path;
        int executable = 0;
        int covered = 0;
        int removed = 0; // changed lines on the old side
        int added = 0;   // on the new side
    };
    QVariant coverageData(const File &file, int role) const;

    QList<File> m_files;
    QSet<QString> m_reached;
    bool m_analysed = true;
};

} // namespace difftriage::ui
