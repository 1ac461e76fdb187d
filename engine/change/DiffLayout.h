#pragma once

#include "change/DiffAlignment.h"

#include <QList>

namespace difftriage::engine {

// A run of unchanged rows shown as one line ("⋯ 42 unchanged lines") until the reviewer opens it.
struct DiffFold
{
    int firstRow = 0;
    int rowCount = 0;

    bool operator==(const DiffFold &) const = default;
};

// One line of the view: a row of the alignment, or a fold standing for several.
struct DiffDisplayLine
{
    int row = -1; // index into the rows; -1 for a fold
    DiffFold fold;

    bool isFold() const { return row < 0; }
    bool operator==(const DiffDisplayLine &) const = default;
};

// Hunks with their context: every changed row and `context` rows either side are shown, so are
// the rows the reviewer revealed; each other run of rows becomes a fold. A run of one row is
// shown as itself: a fold line would take as much room.
class DiffLayout final
{
public:
    static constexpr int WholeFile = -1; // a context that shows every row

    static QList<DiffDisplayLine> lay(const QList<DiffRow> &rows, int context,
                                      const QList<DiffFold> &revealed = {});
};

} // namespace difftriage::engine
