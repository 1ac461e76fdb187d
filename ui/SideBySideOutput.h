#pragma once

#include "report/Report.h"

#include <QWidget>

class QLabel;
class QTextBrowser;

namespace difftriage::ui {

// The old and the new result of the selected difference side by side: exception type and message
// first and large (that is usually the whole story), then the outputs with what differs marked.
// The outputs wrap, scroll together line for line, and open on their first difference; when they
// differ only in whitespace, spaces, tabs and line ends are drawn as marks.
class SideBySideOutput final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SideBySideOutput)

public:
    explicit SideBySideOutput(QWidget *parent = nullptr);

    void setDifference(const engine::ReportDifference &difference);
    // No outcomes to show, and why (the original test's were not recorded, say).
    void showUnavailable(const QString &why);
    void clear();

    QString oldHeadline() const;
    QString newHeadline() const;
    QTextBrowser *outputView(bool newSide) const { return newSide ? m_newOutput : m_oldOutput; }
    QString note() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();
    void showFirstChange(QTextBrowser *output, const QList<int> &changedLines);
    // Scrolls `to` so that the line paired with `from`'s first visible line is at its top.
    void follow(QTextBrowser *from, QTextBrowser *to, bool fromNew);

    std::optional<engine::ReportDifference> m_difference;
    QLabel *m_oldHeadline;
    QLabel *m_newHeadline;
    QTextBrowser *m_oldOutput;
    QTextBrowser *m_newOutput;
    QLabel *m_note;
    QList<QPair<int, int>> m_pairs; // old line ↔ new line (OutputDiff)
    bool m_following = false;
};

} // namespace difftriage::ui
