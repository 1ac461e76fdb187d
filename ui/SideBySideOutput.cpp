#include "SideBySideOutput.h"

#include "OutputDiff.h"

#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QTextBrowser>

namespace difftriage::ui {

namespace {

bool darkPalette(const QWidget *widget)
{
    return widget->palette().color(QPalette::Window).lightness() < 128;
}

QString headline(const engine::ReportSide &side)
{
    if (side.errorType)
        return QStringLiteral("<span style=\"font-size:large; font-weight:bold\">%1</span>"
                              "<br>%2")
            .arg(side.errorType->toHtmlEscaped(),
                 side.errorMessage.value_or(QString()).toHtmlEscaped());
    if (side.status == engine::RunStatus::Timeout)
        return QStringLiteral("<span style=\"font-size:large; font-weight:bold\">%1</span>")
            .arg(SideBySideOutput::tr("Timed out"));
    if (side.status == engine::RunStatus::Killed || side.status == engine::RunStatus::Crashed ||
        side.status == engine::RunStatus::Exited)
        return QStringLiteral("<span style=\"font-size:large; font-weight:bold\">%1</span>")
            .arg(SideBySideOutput::tr("Aborted (%1)").arg(engine::label(side.status)));
    return SideBySideOutput::tr("Returned normally");
}

} // namespace

SideBySideOutput::SideBySideOutput(QWidget *parent)
    : QWidget(parent), m_oldHeadline(new QLabel(this)), m_newHeadline(new QLabel(this)),
      m_oldOutput(new QTextBrowser(this)), m_newOutput(new QTextBrowser(this))
{
    auto *layout = new QGridLayout(this);
    auto *oldTitle = new QLabel(tr("<b>Old</b> (base)"), this);
    auto *newTitle = new QLabel(tr("<b>New</b> (head)"), this);
    layout->addWidget(oldTitle, 0, 0);
    layout->addWidget(newTitle, 0, 1);
    layout->addWidget(m_oldHeadline, 1, 0);
    layout->addWidget(m_newHeadline, 1, 1);
    layout->addWidget(m_oldOutput, 2, 0);
    layout->addWidget(m_newOutput, 2, 1);
    layout->setRowStretch(2, 1);
    for (QLabel *label : {m_oldHeadline, m_newHeadline}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setTextFormat(Qt::RichText);
    }
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (QTextBrowser *output : {m_oldOutput, m_newOutput}) {
        output->setFont(fixed);
        output->setLineWrapMode(QTextEdit::NoWrap);
    }
    m_oldOutput->setAccessibleName(tr("Old output"));
    m_newOutput->setAccessibleName(tr("New output"));
    clear();
}

void SideBySideOutput::setDifference(const engine::ReportDifference &difference)
{
    m_difference = difference;
    render();
}

void SideBySideOutput::clear()
{
    m_difference.reset();
    m_oldHeadline->setText(tr("Select a difference."));
    m_newHeadline->clear();
    m_oldOutput->clear();
    m_newOutput->clear();
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

void SideBySideOutput::render()
{
    const engine::ReportDifference &difference = *m_difference;
    m_oldHeadline->setText(headline(difference.oldSide));
    m_newHeadline->setText(headline(difference.newSide));
    const bool dark = darkPalette(this);
    const OutputDiff::Result diff =
        OutputDiff::compare(difference.oldSide.output, difference.newSide.output);
    m_oldOutput->setHtml(OutputDiff::toHtml(diff.oldLines, dark ? QStringLiteral("#7a2e2e")
                                                                : QStringLiteral("#f4bcbc")));
    m_newOutput->setHtml(OutputDiff::toHtml(diff.newLines, dark ? QStringLiteral("#2e6a36")
                                                                : QStringLiteral("#bde5bd")));
}

} // namespace difftriage::ui
