#include "PrListModel.h"

#include <QAbstractItemModelTester>
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
};

QTEST_MAIN(PrListModelTest)
#include "tst_prlistmodel.moc"
