#pragma once

#include "report/Report.h"

#include <QAbstractTableModel>
#include <QHash>

namespace difftriage::ui {

// The tests that reached one changed line, named by the call they make, with what became of each:
// the difference it found (opening the row selects that difference), or the same behaviour on both
// versions. Tests that found a difference come first. Lives on the GUI thread.
class LineTestsModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LineTestsModel)

public:
    enum Column
    {
        TestColumn,
        ResultColumn,
        ColumnCount
    };
    enum Role
    {
        TestIdRole = Qt::UserRole,
        DifferenceIndexRole, // index into the report's differences, -1 when the test found none
        CodeRole,
    };

    explicit LineTestsModel(QObject *parent = nullptr);

    void setReport(const engine::Report &report);
    void setTests(const QStringList &testIds);
    void clear() { setTests({}); }
    // How many of the listed tests found a difference.
    int differenceCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString testId;
        QString code;
        int difference = -1;
        std::optional<engine::TestFate> fate;
    };

    engine::Report m_report;
    QHash<QString, int> m_testIndex;       // test id → index into m_report.tests
    QHash<QString, int> m_differenceIndex; // test id → index into m_report.differences
    QList<Row> m_rows;
};

} // namespace difftriage::ui
