#include "pipeline/ImportCheck.h"

#include "core/Json.h"
#include "execute/Executor.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <utility>

namespace difftriage::engine {

namespace {

QString fileOfModule(const Targets &targets, const char *side, const QString &module)
{
    for (const nlohmann::json &function : arrayField(targets.raw, "changed_functions"))
        if (stringField(field(function, "modules"), side) == module)
            return stringField(field(function, "files"), side);
    return QString();
}

QStringList changedModules(const Targets &targets, const char *side)
{
    QStringList modules;
    for (const nlohmann::json &function : arrayField(targets.raw, "changed_functions")) {
        const QString module = stringField(field(function, "modules"), side);
        if (!module.isEmpty() && !modules.contains(module))
            modules << module;
    }
    modules.sort();
    return modules;
}

// `missingOwn` collects project modules the changed modules import but the tree lacks.
Status checkSide(Executor &executor, const Targets &targets, Side side,
                 const PythonInterpreter &python, QStringList &missingOwn,
                 QList<UnimportableModule> &unimportable)
{
    const char *sideKey = side == Side::Old ? "old" : "new";
    const QStringList modules = changedModules(targets, sideKey);
    if (modules.isEmpty())
        return Ok{};
    auto answer = executor.checkImports(side, modules);
    if (!answer)
        return answer.error();
    static const QRegularExpression missing(QStringLiteral(R"(No module named '([^']+)')"));
    const QString interpreter = python.executable + QLatin1Char(' ') + python.version;
    for (const nlohmann::json &module : arrayField(*answer, "modules")) {
        const QString name = stringField(module, "module");
        const QString errorType = stringField(module, "error_type");
        const QString message = stringField(module, "error_message");
        if (errorType.isEmpty()) {
            if (!boolField(module, "in_tree"))
                return makeError(
                    QStringLiteral("%1 resolves to %2, outside the %3 tree: an "
                                   "installed or editable copy shadows the project "
                                   "(interpreter %4)")
                        .arg(name, stringField(module, "file"), toString(side), interpreter));
            continue;
        }
        const auto match = missing.match(message);
        if (errorType.endsWith(QLatin1String("ModuleNotFoundError")) && match.hasMatch()) {
            const QString dependency = match.captured(1);
            const QString top = dependency.section(QLatin1Char('.'), 0, 0);
            if (top != name.section(QLatin1Char('.'), 0, 0)) {
                unimportable << UnimportableModule{
                    name, fileOfModule(targets, sideKey, name),
                    QStringLiteral("%1 (%2 tree) needs '%3', which %4 cannot import: "
                                   "install the project's dependencies into that "
                                   "interpreter or choose another with --python")
                        .arg(name, toString(side), dependency, interpreter)};
                continue;
            }
            missingOwn << QStringLiteral("%1 imports '%2'").arg(name, dependency);
        }
    }
    return Ok{};
}

} // namespace

Expected<QList<UnimportableModule>> checkChangedModulesImport(Executor &executor,
                                                              const Targets &targets,
                                                              const PythonInterpreter &oldPython,
                                                              const PythonInterpreter &newPython)
{
    QStringList missingOld, missingNew;
    QList<UnimportableModule> unimportable;
    if (auto status = checkSide(executor, targets, Side::Old, oldPython, missingOld, unimportable);
        !status)
        return status.error();
    if (auto status = checkSide(executor, targets, Side::New, newPython, missingNew, unimportable);
        !status)
        return status.error();
    // Missing on one side only is the change's doing, a difference to report. Missing on both,
    // the module is one a build step generates (a `_version.py`): nothing could be analysed.
    for (const QString &missing : std::as_const(missingOld))
        if (missingNew.contains(missing))
            return makeError(QStringLiteral("%1, which neither tree has: a file generated at "
                                            "build time? Give the command that generates it "
                                            "with --prepare CMD or `prepare` in "
                                            ".difftriage.json")
                                 .arg(missing));
    return unimportable;
}

int dropUnimportableTargets(Targets &targets, const QList<UnimportableModule> &unimportable)
{
    const QStringList files = unimportableFiles(unimportable);
    QSet<QString> dropped;
    targets.functions.removeIf([&](const ChangedFunction &function) {
        const bool out = files.contains(function.oldFile) || files.contains(function.newFile);
        if (out)
            dropped.insert(function.qualname);
        return out;
    });
    if (dropped.isEmpty())
        return 0;
    targets.access.removeIf(
        [&](const AccessInfo &access) { return dropped.contains(access.target); });
    const auto named = [&](const char *key) {
        return [&dropped, key](const nlohmann::json &item) {
            return dropped.contains(stringField(item, key));
        };
    };
    for (const auto &[array, key] :
         {std::pair{"changed_functions", "qualname"}, std::pair{"access", "target"}}) {
        nlohmann::json &items = targets.raw[array];
        if (items.is_array())
            items.erase(std::remove_if(items.begin(), items.end(), named(key)), items.end());
    }
    return int(dropped.size());
}

QStringList unimportableFiles(const QList<UnimportableModule> &unimportable)
{
    QStringList files;
    for (const UnimportableModule &module : unimportable)
        if (!module.file.isEmpty() && !files.contains(module.file))
            files << module.file;
    return files;
}

} // namespace difftriage::engine
