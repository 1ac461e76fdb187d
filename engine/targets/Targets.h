#pragma once

#include "core/Expected.h"
#include "core/Vocabulary.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace difftriage::engine {

// A function whose code (or a module-level name it reads) the change touched.
struct ChangedFunction
{
    QString qualname;
    FunctionKind kind = FunctionKind::Public;
    Presence versions = Presence::Both;
    QString oldFile, newFile;
    QList<int> oldLines, newLines; // changed executable lines (statement starts)
    QStringList reasons;           // body | module_level | ...
    QStringList moduleLevelNames;
    QStringList notes; // e.g. the other version's file is not analysable
};

// One way to reach a changed function from the public API.
struct AccessMethod
{
    AccessRoute type = AccessRoute::Function;
    Presence versions = Presence::Both;
    QString entryQualname;
    QString publicName;
    QString importLine;
    QString signature;
    QString docstring;
    QString triggerMethod, triggerHint;
    QString className, classExpr, constructorSignature, classDocstring, classImportLine;
    QStringList path;
};

struct AccessInfo
{
    QString target;
    FunctionKind kind = FunctionKind::Public;
    Presence versions = Presence::Both;
    QList<AccessMethod> methods;
    QStringList notes;
    // Whether a public way in was found in each version (false where the function is absent).
    bool reachableOld = false;
    bool reachableNew = false;
};

// A file of the change's trees that does not parse (or is too complex to): its functions are
// missing from that side, everything else is analysed.
struct NotAnalysableFile
{
    QString side; // old | new
    QString file;
    QString kind; // syntax_error | too_complex | unreadable
    QString message;
    int line = 0;         // 0 = unknown
    bool changed = false; // the change touches the file
};

// What analyze.py's `targets` mode found: the changed functions and how to reach each. The raw
// document is kept: the generators read fields the C++ side does not model.
struct Targets
{
    QString analyzerVersion;
    QList<ChangedFunction> functions;
    QList<AccessInfo> access;
    QList<NotAnalysableFile> notAnalysable;
    QStringList notes;
    nlohmann::json raw;

    const AccessInfo *accessFor(const QString &target) const;
    // Changed executable lines per side and file: {"old": {file: [lines]}, "new": {...}}.
    QMap<QString, QList<int>> changedLines(const QString &side) const;
};

Expected<Targets> parseTargets(const nlohmann::json &document);

} // namespace difftriage::engine
