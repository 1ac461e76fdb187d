#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace difftriage::engine {

// Slices of the project's source for prompts: functions with changed lines marked (round 0),
// CoverUp excerpts with the lines that do not execute tagged by number (feedback rounds), and
// get_info's answers. Reads the checked-out trees; nothing here runs the code.
class SourceExcerpt final
{
public:
    explicit SourceExcerpt(QString root) : m_root(std::move(root)) {}

    QStringList fileLines(const QString &file) const;

    // Lines first..last, changed ones prefixed with `marker` ('-' or '+'), the others with ' '.
    QString marked(const QString &file, int first, int last, const QList<int> &changed,
                   QChar marker) const;

    // CoverUp's form: the module's imports (made absolute), the enclosing class header with its
    // other members elided, and the function with the `tagged` lines prefixed "NN: ".
    QString coverUpExcerpt(const QString &file, const QString &module, int first, int last,
                           const QList<int> &tagged) const;

    // get_info: the source of `name` (dotted: module, module.function, module.Class.method or a
    // bare name), classes sliced to their header, attributes, constructor and method signatures.
    QString symbol(const QString &name) const;

private:
    QStringList absoluteImports(const QStringList &lines, const QString &module) const;
    QString enclosingClassHeader(const QStringList &lines, int first) const;
    QString block(const QStringList &lines, int start, bool sliceClass) const;

    QString m_root;
};

} // namespace difftriage::engine
