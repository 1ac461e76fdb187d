#pragma once

#include "core/Expected.h"
#include "execute/TestOutcome.h"

#include <QList>
#include <QRegularExpression>
#include <QStringList>

namespace difftriage::engine {

// Rewrites what legitimately differs between runs and trees before outputs are compared: memory
// addresses and default reprs' ids, the two trees' root paths, temp-dir names, coverage and
// deprecation warning lines printed into the output, plus the project's own `normalize` regexes.
class Normalizer final
{
public:
    static constexpr auto TreePlaceholder = "<tree>";

    Normalizer();

    // A tree root as the user or the worker sees it (cache path, mirror, symlinked path).
    void addRootPath(const QString &path);
    void addRootPaths(const QStringList &paths);
    // `.difftriage.json` "normalize": every match becomes `replacement`.
    Status addPattern(const QString &pattern,
                      const QString &replacement = QStringLiteral("<normalized>"));
    Status addPatterns(const QStringList &patterns);

    QString normalize(const QString &text) const;
    WarningRecord normalize(const WarningRecord &warning) const;
    QStringList rootPaths() const { return m_roots; }

private:
    struct Rule
    {
        QRegularExpression pattern;
        QString replacement;
    };

    QStringList m_roots; // longest first, so a root inside another is not half-replaced
    QList<QRegularExpression> m_rootPatterns;
    QList<Rule> m_builtin;
    QList<Rule> m_extra;
};

} // namespace difftriage::engine
