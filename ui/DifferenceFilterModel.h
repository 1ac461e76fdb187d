#pragma once

#include <QSortFilterProxyModel>

namespace difftriage::ui {

// The find box over the differences: a row shows when every word typed appears in its id, target,
// kind, verdict, suggestion, note or test code (DifferenceModel::SearchTextRole), case aside; a
// cluster shows with any member that matches.
class DifferenceFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DifferenceFilterModel)

public:
    explicit DifferenceFilterModel(QObject *parent = nullptr);

    void setText(const QString &text);
    QString text() const { return m_words.join(QLatin1Char(' ')); }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QStringList m_words;
};

} // namespace difftriage::ui
