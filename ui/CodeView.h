#pragma once

#include <Qsci/qsciscintilla.h>

namespace difftriage::ui {

// A read-only Python code view; the coverage heatmap builds on its margins and markers.
class CodeView final : public QsciScintilla
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CodeView)

public:
    enum Margin
    {
        LineNumberMargin,
        MarkerMargin,
    };
    enum Marker
    {
        ChangedLineMarker,
    };

    explicit CodeView(QWidget *parent = nullptr);
    void setCode(const QString &code);
};

} // namespace difftriage::ui
