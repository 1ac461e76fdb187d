#include "SideBySideOutput.h"

#include "OutputDiff.h"
#include "ReadableNames.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>

namespace difftriage::ui {

namespace {

bool darkPalette(const QWidget *widget)
{
    return widget->palette().color(QPalette::Window).lightness() < 128;
}

// A command-line test catches the program's exit so that its output is compared, and prints the
// status as its last line (gen/command_line): that is the program's end, not a plain return.
std::optional<QString> exitStatus(const QString &testCode, const QString &output)
{
    if (!commandLine(testCode))
        return std::nullopt;
    static const QRegularExpression last(QStringLiteral("(?:^|\n)exit status: ([^\n]*)\n?$"));
    const QRegularExpressionMatch match = last.match(output);
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(1);
}

QString headline(const engine::ReportSide &side, const QString &testCode)
{
    if (side.errorType) {
        // A refusal is the sandbox at work, not the code's own error.
        const QString refused =
            side.osError == QLatin1String("sandbox")
                ? QStringLiteral(" <i>%1</i>").arg(SideBySideOutput::tr("(refused by the sandbox)"))
                : QString();
        return QStringLiteral("<span style=\"font-size:large; font-weight:bold\">%1</span>%2"
                              "<br>%3")
            .arg(side.errorType->toHtmlEscaped(), refused,
                 side.errorMessage.value_or(QString()).toHtmlEscaped());
    }
    if (side.status == engine::RunStatus::Timeout)
        return QStringLiteral("<span style=\"font-size:large; font-weight:bold\">%1</span>")
            .arg(SideBySideOutput::tr("Timed out"));
    if (side.status == engine::RunStatus::Killed || side.status == engine::RunStatus::Crashed ||
        side.status == engine::RunStatus::Exited)
        return QStringLiteral("<span style=\"font-size:large; font-weight:bold\">%1</span>")
            .arg(SideBySideOutput::tr("Aborted (%1)").arg(engine::label(side.status)));
    if (const auto status = exitStatus(testCode, side.output)) {
        if (*status == QStringLiteral("0"))
            return SideBySideOutput::tr("Exited with status 0");
        return QStringLiteral("<span style=\"font-size:large; font-weight:bold\">%1</span>")
            .arg(SideBySideOutput::tr("Exited with status %1").arg(status->toHtmlEscaped()));
    }
    return SideBySideOutput::tr("Returned normally");
}

} // namespace

SideBySideOutput::SideBySideOutput(QWidget *parent)
    : QWidget(parent), m_oldHeadline(new QLabel(this)), m_newHeadline(new QLabel(this)),
      m_oldOutput(new QTextBrowser(this)), m_newOutput(new QTextBrowser(this)),
      m_note(new QLabel(this))
{
    auto *layout = new QGridLayout(this);
    auto *oldTitle = new QLabel(tr("<b>Old</b> (base)"), this);
    auto *newTitle = new QLabel(tr("<b>New</b> (head)"), this);
    layout->addWidget(oldTitle, 0, 0);
    layout->addWidget(newTitle, 0, 1);
    layout->addWidget(m_oldHeadline, 1, 0);
    layout->addWidget(m_newHeadline, 1, 1);
    layout->addWidget(m_note, 2, 0, 1, 2);
    layout->addWidget(m_oldOutput, 3, 0);
    layout->addWidget(m_newOutput, 3, 1);
    layout->setRowStretch(3, 1);
    m_note->setWordWrap(true);
    m_note->hide();
    for (QLabel *label : {m_oldHeadline, m_newHeadline}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setTextFormat(Qt::RichText);
    }
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    // Wrapped, so a long line's end (often where it differs) is never off to the side.
    for (QTextBrowser *output : {m_oldOutput, m_newOutput}) {
        output->setFont(fixed);
        output->setLineWrapMode(QTextEdit::WidgetWidth);
        output->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    }
    connect(m_oldOutput->verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this] { follow(m_oldOutput, m_newOutput, false); });
    connect(m_newOutput->verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this] { follow(m_newOutput, m_oldOutput, true); });
    m_oldOutput->setAccessibleName(tr("Old output"));
    m_newOutput->setAccessibleName(tr("New output"));
    clear();
}

void SideBySideOutput::setDifference(const engine::ReportDifference &difference)
{
    m_difference = difference;
    render();
}

void SideBySideOutput::showUnavailable(const QString &why)
{
    clear();
    m_oldHeadline->setText(why.toHtmlEscaped());
}

void SideBySideOutput::clear()
{
    m_difference.reset();
    m_oldHeadline->setText(tr("Select a difference."));
    m_newHeadline->clear();
    for (QTextBrowser *output : {m_oldOutput, m_newOutput}) {
        output->clear();
        output->setPlaceholderText(QString());
    }
    m_note->hide();
    m_pairs.clear();
}

QString SideBySideOutput::oldHeadline() const
{
    return m_oldHeadline->text();
}

QString SideBySideOutput::newHeadline() const
{
    return m_newHeadline->text();
}

void SideBySideOutput::changeEvent(QEvent *event)
{
    // The highlight colours depend on the palette: follow a switch between light and dark.
    if (event->type() == QEvent::PaletteChange && m_difference)
        render();
    QWidget::changeEvent(event);
}

QString SideBySideOutput::note() const
{
    return m_note->isVisible() ? m_note->text() : QString();
}

void SideBySideOutput::render()
{
    const engine::ReportDifference &difference = *m_difference;
    m_oldHeadline->setText(headline(difference.oldSide, difference.testCode));
    m_newHeadline->setText(headline(difference.newSide, difference.testCode));
    const bool dark = darkPalette(this);
    const QString &before = difference.oldSide.output, &after = difference.newSide.output;
    const OutputDiff::Result diff = OutputDiff::compare(before, after);
    m_pairs = diff.pairs;
    const bool whitespace = OutputDiff::differOnlyInWhitespace(before, after);
    const auto marks =
        whitespace ? OutputDiff::Whitespace::Everywhere : OutputDiff::Whitespace::InChanges;
    const QString muted = palette().color(QPalette::PlaceholderText).name();
    m_note->setText(tr("The outputs differ only in whitespace: · is a space, → a tab, ¶ a line "
                       "end."));
    m_note->setVisible(whitespace);
    m_oldOutput->setHtml(OutputDiff::toHtml(
        diff.oldLines, dark ? QStringLiteral("#7a2e2e") : QStringLiteral("#f4bcbc"), marks, muted));
    m_newOutput->setHtml(OutputDiff::toHtml(
        diff.newLines, dark ? QStringLiteral("#2e6a36") : QStringLiteral("#bde5bd"), marks, muted));
    // An empty pane says so: a blank box reads like a view that failed to load.
    for (QTextBrowser *output : {m_oldOutput, m_newOutput})
        output->setPlaceholderText(tr("(no output)"));
    QList<int> oldChanged, newChanged;
    for (int i = 0; i < diff.oldLines.size(); ++i) {
        if (!diff.oldLines[i].changed.isEmpty() || diff.oldLines[i].unmatched)
            oldChanged << i;
    }
    for (int j = 0; j < diff.newLines.size(); ++j) {
        if (!diff.newLines[j].changed.isEmpty() || diff.newLines[j].unmatched)
            newChanged << j;
    }
    showFirstChange(m_oldOutput, oldChanged);
    showFirstChange(m_newOutput, newChanged);
}

void SideBySideOutput::showFirstChange(QTextBrowser *output, const QList<int> &changedLines)
{
    // The first differing line at the top (a few lines of context above), not line 1: outputs
    // can be long, and the difference is what the reviewer came for.
    const QScopedValueRollback guard(m_following, true);
    if (changedLines.isEmpty()) {
        output->verticalScrollBar()->setValue(0);
        return;
    }
    const QTextBlock block =
        output->document()->findBlockByNumber(std::max(0, changedLines.first() - 2));
    const qreal top = output->document()->documentLayout()->blockBoundingRect(block).top();
    output->verticalScrollBar()->setValue(int(top));
}

void SideBySideOutput::follow(QTextBrowser *from, QTextBrowser *to, bool fromNew)
{
    if (m_following)
        return;
    const QScopedValueRollback guard(m_following, true);
    // Half a line down: the very top edge belongs to the line above as often as not.
    const int line =
        from->cursorForPosition(QPoint(0, from->fontMetrics().lineSpacing() / 2)).blockNumber();
    // The paired line on the other side: the last pair at or before the first visible line.
    int other = 0;
    for (const auto &[oldLine, newLine] : std::as_const(m_pairs)) {
        if ((fromNew ? newLine : oldLine) > line)
            break;
        other = (fromNew ? oldLine : newLine) + (line - (fromNew ? newLine : oldLine));
    }
    const QTextBlock block = to->document()->findBlockByNumber(other);
    if (!block.isValid())
        return;
    to->verticalScrollBar()->setValue(
        int(to->document()->documentLayout()->blockBoundingRect(block).top()));
}

} // namespace difftriage::ui
