#pragma once

#include "core/Expected.h"
#include "targets/Targets.h"

#include <QMap>
#include <QString>

namespace difftriage::engine {

// Renders access information as DiffTestGen's prompt blocks ("To access the changed function …",
// "Method #k: by calling function …", the both / old-only / new-only headings) from the template
// file share/difftriage/templates/access_info.txt. The LLM generator and the GUI show this text.
class AccessInfoRenderer final
{
public:
    static Expected<AccessInfoRenderer> load();
    static Expected<AccessInfoRenderer> fromTemplate(const QString &templateText);

    // `feedback` switches to the "For each uncovered affected public function" preamble.
    QString render(const Targets &targets, const QStringList &onlyTargets = {},
                   bool feedback = false) const;

private:
    QString section(const QString &name, const QMap<QString, QString> &values) const;
    QString renderMethod(const AccessMethod &method, int index) const;

    QMap<QString, QString> m_sections;
};

} // namespace difftriage::engine
