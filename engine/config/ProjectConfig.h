#pragma once

#include "core/Expected.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace difftriage::engine {

namespace git {
class Repository;
}

// `.difftriage.json` at the repository root, read from the base revision only so that a PR cannot
// weaken its own analysis. Every key is optional.
struct ProjectConfig
{
    static constexpr auto FileName = ".difftriage.json";

    QString python;
    QStringList importRoots;
    QString prepare;
    QStringList exclude = defaultExcludes();
    QStringList normalize;
    nlohmann::json relations = nlohmann::json::object();
    std::optional<double> timeLimitSeconds;
    QStringList warnings; // unknown keys and the like: worth telling, not worth failing
    bool fromFile = false;

    static QStringList defaultExcludes();
};

// `origin` names where the text came from, for error messages.
Expected<ProjectConfig> parseProjectConfig(const QByteArray &text, const QString &origin);
Expected<ProjectConfig> loadProjectConfig(const git::Repository &repository,
                                          const QString &baseCommit);

} // namespace difftriage::engine
