#pragma once

#include <QLabel>

namespace difftriage::ui {

// A one-line plain-text label that, when narrower than its text, draws it with an ellipsis in
// the middle (both ends stay readable: "Test t12… cli._main") and shows the whole text as its
// tooltip. text() stays the whole text.
class ElidingLabel final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ElidingLabel)

public:
    explicit ElidingLabel(QWidget *parent = nullptr);

    // The text as drawn at the current width.
    QString shownText() const;
    bool isElided() const { return shownText() != text(); }

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
};

} // namespace difftriage::ui
