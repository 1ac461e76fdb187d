#include "PrListModel.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QtTest>

using namespace difftriage;

class PrListModelTest final : public QObject
{
    Q_OBJECT

private slots:
    void showsChanges()
    {
        ui::PrListModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        engine::ChangeSpec merged;
        merged.number = 12;
        merged.title = QStringLiteral("Round totals half-up");
        merged.author = QStringLiteral("Ada");
        merged.state = engine::ChangeState::Merged;
        engine::ChangeSpec branch;
        branch.title = QStringLiteral("wip");
        branch.state = engine::ChangeState::Branch;
        model.setChanges({merged, branch});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.data(model.index(0, ui::PrListModel::NumberColumn)).toString(),
                 QStringLiteral("#12"));
        QCOMPARE(model.data(model.index(0, ui::PrListModel::TitleColumn)).toString(), merged.title);
        QCOMPARE(model.data(model.index(1, ui::PrListModel::StateColumn)).toString(),
                 QStringLiteral("branch"));
        QCOMPARE(model.data(model.index(1, ui::PrListModel::NumberColumn)).toString(), QString());
        model.setChanges({});
        QCOMPARE(model.rowCount(), 0);
    }

    // The overall verdict: the reviewer's as it is, the suggestions' with a question mark, and
    // sorted by severity so regressions come first.
    void showsTheOverallVerdict()
    {
        ui::PrListModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        engine::ChangeSpec first, second, third;
        first.base = second.base = third.base = QStringLiteral("b");
        first.head = QStringLiteral("h1");
        second.head = QStringLiteral("h2");
        third.head = QStringLiteral("h3");
        model.setChanges({first, second, third});
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setOverall(QStringLiteral("b"), QStringLiteral("h1"),
                         {engine::Verdict::Regression, true});
        model.setOverall(QStringLiteral("b"), QStringLiteral("h2"),
                         {engine::Verdict::Intended, false});
        QCOMPARE(changed.size(), 2);
        const auto cell = [&](int row, int role = Qt::DisplayRole) {
            return model.data(model.index(row, ui::PrListModel::VerdictColumn), role);
        };
        QCOMPARE(cell(0).toString(), QStringLiteral("Regression?"));
        QVERIFY(cell(0, Qt::FontRole).value<QFont>().italic());
        QCOMPARE(cell(1).toString(), QStringLiteral("Intended"));
        QVERIFY(!cell(1, Qt::FontRole).value<QFont>().italic());
        QVERIFY(!cell(2).isValid()); // never analysed: nothing to say
        QVERIFY(cell(0, ui::PrListModel::SortRole).toInt() >
                cell(1, ui::PrListModel::SortRole).toInt());
        QVERIFY(cell(1, ui::PrListModel::SortRole).toInt() >
                cell(2, ui::PrListModel::SortRole).toInt());
    }
};

QTEST_MAIN(PrListModelTest)
#include "tst_prlistmodel.moc"
