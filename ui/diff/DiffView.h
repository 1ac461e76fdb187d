#pragma once

#include "DiffCodeView.h"
#include "DiffDocument.h"
#include "report/Report.h"

#include <QHash>
#include <QSet>
#include <QWidget>
#include <optional>
#include <utility>

class QCheckBox;
class QLabel;
class QSplitter;
class QToolButton;

namespace difftriage::ui {

// The aligned diff of one changed file with its coverage as the overlay: two DiffCodeViews side by
// side that scroll together, fillers standing where one side has no line, or one unified column;
// hunks with their context, the rest folded until clicked; whitespace ignored on request. Each
// changed line is coloured by how many tests reached it on its version, the lines the selected
// difference's test ran carry a dot, and a legend names every colour and mark.
class DiffView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiffView)

public:
    using Side = DiffDocument::Side;

    explicit DiffView(QWidget *parent = nullptr);

    // One file's two versions (empty for a side where it does not exist) and the report's changed
    // lines of that file.
    void setFile(const QString &oldText, const QString &newText,
                 const QList<engine::ReportChangedLine> &coverage);
    // Nothing to show, and why.
    void showMessage(const QString &message);
    DiffDocument::Options options() const { return m_document.options(); }
    void setOptions(const DiffDocument::Options &options);
    // The file lines the selected difference's test ran.
    void setReached(const QSet<int> &oldLines, const QSet<int> &newLines);
    // Brings a file line into view (opening its fold); `select` also puts the cursor on it.
    void showFileLine(Side side, int line, bool select = false);
    const DiffDocument &document() const { return m_document; }
    // The column that shows a side (the unified one shows both).
    DiffCodeView *editor(Side side) const;
    QString legendText() const;

public slots:
    void nextChange();
    void previousChange();

signals:
    // The reviewer clicked a file line, or moved the cursor to it.
    void fileLineActivated(difftriage::ui::DiffDocument::Side side, int line);
    // ... or to a filler: a row where only the other side has a line.
    void fillerActivated(difftriage::ui::DiffDocument::Side side);

private:
    void rebuild();
    void paint(DiffCodeView *view, Side side);
    void syncScrolling();
    void alignColumns(DiffCodeView *from, DiffCodeView *to);
    void stepChange(bool forward);
    void saveOptions() const;
    void updateLegend();

    DiffDocument m_document;
    QString m_oldText;
    QString m_newText;
    QHash<int, engine::ReportChangedLine> m_oldCoverage; // by file line
    QHash<int, engine::ReportChangedLine> m_newCoverage;
    QSet<int> m_reachedOld;
    QSet<int> m_reachedNew;
    // The file line the reviewer chose last: it stays chosen when the layout changes.
    std::optional<std::pair<Side, int>> m_chosenLine;
    QToolButton *m_sideBySide;
    QToolButton *m_unified;
    QCheckBox *m_ignoreWhitespace;
    QCheckBox *m_wholeFile;
    QLabel *m_message;
    QSplitter *m_columns;
    DiffCodeView *m_left;
    DiffCodeView *m_right;
    QLabel *m_legend;
    bool m_syncing = false;
};

} // namespace difftriage::ui
