#include "pipeline/ImportCheck.h"

#include "execute/Executor.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace difftriage::engine {

namespace {

QStringList changedModules(const Targets &targets, const char *side)
{
    QStringList modules;
    for (const auto &function : targets.raw.value("changed_functions", nlohmann::json::array())) {
        const auto names = function.value("modules", nlohmann::json::object());
        if (names.contains(side) && names[side].is_string()) {
            const QString module = QString::fromStdString(names[side].get<std::string>());
            if (!modules.contains(module))
                modules << module;
        }
    }
    modules.sort();
    return modules;
}

// `missingOwn` collects project modules the changed modules import but the tree lacks.
Status checkSide(Executor &executor, const Targets &targets, Side side,
                 const PythonInterpreter &python, QStringList &missingOwn)
{
    const QStringList modules = changedModules(targets, side == Side::Old ? "old" : "new");
    if (modules.isEmpty())
        return Ok{};
    auto answer = executor.checkImports(side, modules);
    if (!answer)
        return answer.error();
    static const QRegularExpression missing(QStringLiteral(R"(No module named '([^']+)')"));
    const QString interpreter = python.executable + QLatin1Char(' ') + python.version;
    for (const QJsonValue &value : answer->value(QStringLiteral("modules")).toArray()) {
        const QJsonObject module = value.toObject();
        const QString name = module.value(QStringLiteral("module")).toString();
        const QString errorType = module.value(QStringLiteral("error_type")).toString();
        const QString message = module.value(QStringLiteral("error_message")).toString();
        if (errorType.isEmpty()) {
            if (!module.value(QStringLiteral("in_tree")).toBool())
                return makeError(QStringLiteral("%1 resolves to %2, outside the %3 tree: an "
                                                "installed or editable copy shadows the project "
                                                "(interpreter %4)")
                                     .arg(name, module.value(QStringLiteral("file")).toString(),
                                          toString(side), interpreter));
            continue;
        }
        const auto match = missing.match(message);
        if (errorType.endsWith(QLatin1String("ModuleNotFoundError")) && match.hasMatch()) {
            const QString dependency = match.captured(1);
            const QString top = dependency.section(QLatin1Char('.'), 0, 0);
            if (top != name.section(QLatin1Char('.'), 0, 0))
                return makeError(QStringLiteral("%1 (%2 tree) needs '%3', which %4 cannot import: "
                                                "install the project's dependencies into that "
                                                "interpreter or choose another with --python")
                                     .arg(name, toString(side), dependency, interpreter));
            missingOwn << QStringLiteral("%1 imports '%2'").arg(name, dependency);
        }
    }
    return Ok{};
}

} // namespace

Status checkChangedModulesImport(Executor &executor, const Targets &targets,
                                 const PythonInterpreter &oldPython,
                                 const PythonInterpreter &newPython)
{
    QStringList missingOld, missingNew;
    if (auto status = checkSide(executor, targets, Side::Old, oldPython, missingOld); !status)
        return status;
    if (auto status = checkSide(executor, targets, Side::New, newPython, missingNew); !status)
        return status;
    // Missing on one side only is the change's doing, a difference to report. Missing on both,
    // the module is one a build step generates (a `_version.py`): nothing could be analysed.
    for (const QString &missing : std::as_const(missingOld))
        if (missingNew.contains(missing))
            return makeError(QStringLiteral("%1, which neither tree has: a file generated at "
                                            "build time? Give the command that generates it "
                                            "with --prepare CMD or `prepare` in "
                                            ".difftriage.json")
                                 .arg(missing));
    return Ok{};
}

} // namespace difftriage::engine
