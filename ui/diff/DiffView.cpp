#include "DiffView.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

namespace difftriage::ui {

using engine::DiffRow;

namespace {

constexpr int Context = 3;

DiffDocument::Options savedOptions()
{
    const QSettings settings;
    DiffDocument::Options options;
    options.unified = settings.value(QStringLiteral("diffView/unified"), false).toBool();
    options.ignoreWhitespace =
        settings.value(QStringLiteral("diffView/ignoreWhitespace"), false).toBool();
    options.context = settings.value(QStringLiteral("diffView/wholeFile"), false).toBool()
                          ? engine::DiffLayout::WholeFile
                          : Context;
    return options;
}

QToolButton *toggle(const QString &text, const QString &tip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(tip);
    button->setCheckable(true);
    button->setAutoRaise(true);
    return button;
}

} // namespace

DiffView::DiffView(QWidget *parent)
    : QWidget(parent),
      m_sideBySide(toggle(tr("Side by Side"), tr("Old and new in two aligned columns"), this)),
      m_unified(toggle(tr("Unified"), tr("Old and new lines in one column"), this)),
      m_ignoreWhitespace(new QCheckBox(tr("Ignore &whitespace"), this)),
      m_wholeFile(new QCheckBox(tr("W&hole file"), this)), m_message(new QLabel(this)),
      m_columns(new QSplitter(Qt::Horizontal, this)), m_left(new DiffCodeView(m_columns)),
      m_right(new DiffCodeView(m_columns)), m_legend(new QLabel(this))
{
    auto *modes = new QButtonGroup(this);
    modes->addButton(m_sideBySide);
    modes->addButton(m_unified);
    auto *previous = new QToolButton(this);
    previous->setArrowType(Qt::UpArrow);
    previous->setAutoRaise(true);
    previous->setToolTip(tr("Previous change (Alt+Up)"));
    auto *next = new QToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setAutoRaise(true);
    next->setToolTip(tr("Next change (Alt+Down)"));
    m_wholeFile->setToolTip(tr("Show every line instead of the changes and three lines around"));
    m_ignoreWhitespace->setToolTip(tr("Lines that differ only in spaces, tabs or line ends count "
                                      "as the same"));
    m_left->setAccessibleName(tr("Old version"));
    m_right->setAccessibleName(tr("New version"));
    m_message->setWordWrap(true);
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    for (QWidget *widget : std::initializer_list<QWidget *>{
             m_sideBySide, m_unified, m_ignoreWhitespace, m_wholeFile, previous, next})
        bar->addWidget(widget);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_message);
    layout->addWidget(m_columns, 1);
    layout->addWidget(m_legend);

    m_document = DiffDocument({}, {}, savedOptions());
    const DiffDocument::Options options = m_document.options();
    m_sideBySide->setChecked(!options.unified);
    m_unified->setChecked(options.unified);
    m_ignoreWhitespace->setChecked(options.ignoreWhitespace);
    m_wholeFile->setChecked(options.context == engine::DiffLayout::WholeFile);
    const auto changed = [this] {
        setOptions({m_unified->isChecked(), m_ignoreWhitespace->isChecked(),
                    m_wholeFile->isChecked() ? engine::DiffLayout::WholeFile : Context});
        saveOptions();
    };
    connect(m_unified, &QToolButton::toggled, this, changed);
    connect(m_ignoreWhitespace, &QCheckBox::toggled, this, changed);
    connect(m_wholeFile, &QCheckBox::toggled, this, changed);
    connect(previous, &QToolButton::clicked, this, &DiffView::previousChange);
    connect(next, &QToolButton::clicked, this, &DiffView::nextChange);
    for (auto [view, side] : {std::pair{m_left, Side::Old}, std::pair{m_right, Side::New}}) {
        connect(view, &DiffCodeView::viewLineActivated, this, [this, side = side](int line) {
            const auto [where, fileLine] = m_document.fileLineAt(side, line);
            m_chosenLine.reset();
            if (fileLine > 0) {
                m_chosenLine = {where, fileLine};
                emit fileLineActivated(where, fileLine);
            } else if (line >= 0 && line < m_document.lines().size() &&
                       !m_document.lines()[line].fold)
                emit fillerActivated(where);
        });
        connect(view, &DiffCodeView::foldActivated, this, [this](int line) {
            if (m_document.revealFold(line))
                rebuild();
        });
    }
    syncScrolling();
    updateLegend();
    showMessage(tr("No file selected."));
}

void DiffView::setFile(const QString &oldText, const QString &newText,
                       const QList<engine::ReportChangedLine> &coverage)
{
    m_oldText = oldText;
    m_newText = newText;
    m_oldCoverage.clear();
    m_newCoverage.clear();
    for (const engine::ReportChangedLine &line : coverage)
        (line.side == QLatin1String("old") ? m_oldCoverage : m_newCoverage).insert(line.line, line);
    m_reachedOld.clear();
    m_reachedNew.clear();
    m_chosenLine.reset();
    m_message->hide();
    m_columns->show();
    m_document = DiffDocument(m_oldText, m_newText, m_document.options());
    rebuild();
    if (const QList<int> hunks = m_document.hunkStarts(); !hunks.isEmpty())
        m_left->setFirstVisibleViewLine(std::max(0, hunks.first() - Context));
}

void DiffView::showMessage(const QString &message)
{
    m_oldText.clear();
    m_newText.clear();
    m_oldCoverage.clear();
    m_newCoverage.clear();
    m_chosenLine.reset();
    m_document = DiffDocument({}, {}, m_document.options());
    rebuild();
    m_message->setText(message);
    m_message->show();
    m_columns->hide();
}

void DiffView::setOptions(const DiffDocument::Options &options)
{
    if (options == m_document.options())
        return;
    const QSignalBlocker unified(m_unified), sideBySide(m_sideBySide),
        whitespace(m_ignoreWhitespace), whole(m_wholeFile);
    m_unified->setChecked(options.unified);
    m_sideBySide->setChecked(!options.unified);
    m_ignoreWhitespace->setChecked(options.ignoreWhitespace);
    m_wholeFile->setChecked(options.context == engine::DiffLayout::WholeFile);
    m_document = DiffDocument(m_oldText, m_newText, options);
    rebuild();
    if (m_chosenLine) // the line the panel describes keeps the cursor in the new layout
        showFileLine(m_chosenLine->first, m_chosenLine->second, true);
}

void DiffView::saveOptions() const
{
    QSettings settings;
    const DiffDocument::Options options = m_document.options();
    settings.setValue(QStringLiteral("diffView/unified"), options.unified);
    settings.setValue(QStringLiteral("diffView/ignoreWhitespace"), options.ignoreWhitespace);
    settings.setValue(QStringLiteral("diffView/wholeFile"),
                      options.context == engine::DiffLayout::WholeFile);
}

void DiffView::setReached(const QSet<int> &oldLines, const QSet<int> &newLines)
{
    m_reachedOld = oldLines;
    m_reachedNew = newLines;
    rebuild();
}

DiffCodeView *DiffView::editor(Side side) const
{
    return side == Side::New && !m_document.options().unified ? m_right : m_left;
}

void DiffView::rebuild()
{
    const int top = m_left->firstVisibleViewLine();
    m_right->setVisible(!m_document.options().unified);
    paint(m_left, Side::Old);
    if (!m_document.options().unified)
        paint(m_right, Side::New);
    m_left->setFirstVisibleViewLine(top);
    m_right->setFirstVisibleViewLine(top);
}

void DiffView::paint(DiffCodeView *view, Side side)
{
    view->setLines(m_document.editorLines(side), m_document.editorNumbers(side));
    const QList<DiffDocument::Line> &lines = m_document.lines();
    for (int at = 0; at < lines.size(); ++at) {
        const DiffDocument::Line &line = lines[at];
        if (line.fold) {
            view->markLine(at, DiffCodeView::FoldMarker);
            view->markSpan(at, 0, int(view->text(at).size()), DiffCodeView::FoldLinkIndicator);
            continue;
        }
        const auto [where, fileLine] = m_document.fileLineAt(side, at);
        if (fileLine == 0) {
            view->markLine(at, DiffCodeView::FillerMarker);
            continue;
        }
        if (line.kind == DiffRow::Kind::Removed)
            view->markLine(at, DiffCodeView::RemovedMarker);
        else if (line.kind == DiffRow::Kind::Added)
            view->markLine(at, DiffCodeView::AddedMarker);
        else if (line.kind == DiffRow::Kind::Changed)
            view->markLine(at, DiffCodeView::ChangedMarker);
        const auto &coverage = where == Side::Old ? m_oldCoverage : m_newCoverage;
        if (const auto found = coverage.constFind(fileLine); found != coverage.cend())
            view->markLine(at, DiffCodeView::markerForHits(found->hitBy.size(), found->executable));
        if ((where == Side::Old ? m_reachedOld : m_reachedNew).contains(fileLine))
            view->markLine(at, DiffCodeView::ReachedMarker);
        if (line.kind != DiffRow::Kind::Same) {
            const auto spans = m_document.changedSpans(at);
            const engine::ChangedSpan &span = where == Side::Old ? spans.first : spans.second;
            view->markSpan(at, span.start, span.length, DiffCodeView::ChangedSpanIndicator);
        }
    }
}

void DiffView::syncScrolling()
{
    // Side by side the two columns have the same lines: the same first line and the same
    // horizontal offset keep them aligned. The scroll bars report the reviewer's scrolling at
    // once; Scintilla's update, sent when it paints, also catches the scrolls its caret makes.
    const auto follow = [this](DiffCodeView *from, DiffCodeView *to) {
        const auto align = [this, from, to] { alignColumns(from, to); };
        connect(from->verticalScrollBar(), &QScrollBar::valueChanged, this, align);
        connect(from->horizontalScrollBar(), &QScrollBar::valueChanged, this, align);
        connect(from, &QsciScintillaBase::SCN_UPDATEUI, this, [align](int updated) {
            if (updated &
                (QsciScintillaBase::SC_UPDATE_V_SCROLL | QsciScintillaBase::SC_UPDATE_H_SCROLL))
                align();
        });
    };
    follow(m_left, m_right);
    follow(m_right, m_left);
}

void DiffView::alignColumns(DiffCodeView *from, DiffCodeView *to)
{
    if (m_syncing || m_document.options().unified)
        return;
    m_syncing = true;
    if (to->firstVisibleLine() != from->firstVisibleLine())
        to->setFirstVisibleLine(from->firstVisibleLine());
    const long offset = from->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET);
    if (to->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET) != offset)
        to->SendScintilla(QsciScintillaBase::SCI_SETXOFFSET, offset);
    m_syncing = false;
}

void DiffView::showFileLine(Side side, int line, bool select)
{
    if (m_document.revealFileLine(side, line))
        rebuild();
    const int view = m_document.viewLineOf(side, line);
    if (view < 0)
        return;
    DiffCodeView *column = editor(side);
    const int visible = std::max(1, int(column->SendScintilla(QsciScintilla::SCI_LINESONSCREEN)));
    column->setFirstVisibleViewLine(std::max(0, view - visible / 3));
    if (select) {
        column->setCursorPosition(view, 0);
        m_chosenLine = {side, line};
    }
    alignColumns(column, column == m_left ? m_right : m_left);
}

void DiffView::nextChange()
{
    stepChange(true);
}

void DiffView::previousChange()
{
    stepChange(false);
}

void DiffView::stepChange(bool forward)
{
    DiffCodeView *column = m_right->hasFocus() ? m_right : m_left;
    int line = 0, index = 0;
    column->getCursorPosition(&line, &index);
    const QList<int> hunks = m_document.hunkStarts();
    int target = -1;
    for (int start : hunks) {
        if (forward && start > line) {
            target = start;
            break;
        }
        if (!forward && start < line)
            target = start;
    }
    if (target < 0)
        return;
    const int visible = std::max(1, int(column->SendScintilla(QsciScintilla::SCI_LINESONSCREEN)));
    column->setFirstVisibleViewLine(std::max(0, target - visible / 3));
    column->setCursorPosition(target, 0);
    alignColumns(column, column == m_left ? m_right : m_left);
    column->setFocus();
}

void DiffView::updateLegend()
{
    const QPalette colours = palette();
    QStringList entries;
    const auto chip = [](const QColor &colour, const QString &text, bool bar) {
        return QStringLiteral("<span style=\"background-color:%1\">%2</span>&nbsp;%3")
            .arg(colour.name(),
                 bar ? QStringLiteral("&nbsp;") : QStringLiteral("&nbsp;&nbsp;&nbsp;"),
                 text.toHtmlEscaped());
    };
    for (int marker = 0; marker < DiffCodeView::MarkerCount; ++marker) {
        const auto which = DiffCodeView::Marker(marker);
        const bool symbol = which >= DiffCodeView::RemovedMarker;
        if (which == DiffCodeView::ReachedMarker)
            entries << QStringLiteral("<span style=\"color:%1\">●</span>&nbsp;%2")
                           .arg(DiffCodeView::colour(which, colours).name(),
                                DiffCodeView::description(which).toHtmlEscaped());
        else
            entries << chip(DiffCodeView::colour(which, colours), DiffCodeView::description(which),
                            symbol);
    }
    entries
        << QStringLiteral("<span style=\"border:1px solid %1; background-color:%1\">ab</span>"
                          "&nbsp;%2")
               .arg(DiffCodeView::colour(DiffCodeView::ChangedSpanIndicator, colours).name(),
                    DiffCodeView::description(DiffCodeView::ChangedSpanIndicator).toHtmlEscaped());
    m_legend->setText(entries.join(QStringLiteral(" &nbsp; ")));
}

QString DiffView::legendText() const
{
    return m_legend->text();
}

} // namespace difftriage::ui
