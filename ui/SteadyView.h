#pragma once

#include <QAbstractItemView>
#include <QScrollBar>

namespace difftriage::ui {

// An item view that scrolls only vertically to bring a row into view: selecting a row by code
// or by a click in a wide column never moves the list sideways under the reviewer's eyes.
template <typename View> class SteadyView final : public View
{
public:
    using View::View;

    void scrollTo(const QModelIndex &index,
                  QAbstractItemView::ScrollHint hint = QAbstractItemView::EnsureVisible) override
    {
        QScrollBar *bar = this->horizontalScrollBar();
        const int x = bar->value();
        View::scrollTo(index, hint);
        bar->setValue(x);
    }
};

} // namespace difftriage::ui
