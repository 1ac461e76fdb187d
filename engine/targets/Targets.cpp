#include "targets/Targets.h"

#include "core/Json.h"

#include <algorithm>
#include <stdexcept>

namespace difftriage::engine {

namespace {

using nlohmann::json;

// A vocabulary word of the analyzer's answer; an unknown one is a malformed document.
template <typename Enum> Enum term(const json &object, const char *key)
{
    const QString spelled = stringField(object, key);
    const auto value = fromSpelling<Enum>(spelled);
    if (!value)
        throw std::invalid_argument(QStringLiteral("%1 is '%2', not %3")
                                        .arg(QLatin1String(key), spelled, spellingChoices<Enum>())
                                        .toStdString());
    return *value;
}

QList<int> numbers(const json &value)
{
    QList<int> list;
    if (value.is_array()) {
        for (const json &item : value) {
            if (item.is_number_integer())
                list << item.get<int>();
        }
    }
    return list;
}

AccessMethod parseMethod(const json &object)
{
    AccessMethod method;
    method.type = term<AccessRoute>(object, "type");
    method.versions = term<Presence>(object, "versions");
    method.path = stringListField(object, "path");
    const json entry = object.value("entry", json::object());
    method.entryQualname = stringField(entry, "qualname");
    method.publicName = stringField(entry, "public_name");
    method.importLine = stringField(entry, "import_line");
    method.signature = stringField(entry, "signature");
    method.docstring = stringField(entry, "docstring");
    const json trigger = entry.value("trigger", json());
    method.triggerMethod = stringField(trigger, "method");
    method.triggerHint = stringField(trigger, "hint");
    const json owner = entry.value("class", json());
    method.className = stringField(owner, "public_name");
    method.classExpr = stringField(owner, "expr");
    method.constructorSignature = stringField(owner, "constructor_signature");
    method.classDocstring = stringField(owner, "docstring");
    method.classImportLine = stringField(owner, "import_line");
    return method;
}

Targets parseDocument(const json &document)
{
    Targets targets;
    targets.raw = document;
    targets.analyzerVersion = stringField(document, "analyzer_version");
    targets.notes = stringListField(document, "notes");
    for (const json &item : document.value("changed_functions", json::array())) {
        ChangedFunction function;
        function.qualname = stringField(item, "qualname");
        function.kind = term<FunctionKind>(item, "kind");
        function.versions = term<Presence>(item, "versions");
        const json files = item.value("files", json::object());
        function.oldFile = stringField(files, "old");
        function.newFile = stringField(files, "new");
        const json lines = item.value("changed_lines", json::object());
        function.oldLines = numbers(lines.value("old", json::array()));
        function.newLines = numbers(lines.value("new", json::array()));
        function.reasons = stringListField(item, "reasons");
        function.moduleLevelNames = stringListField(item, "module_level_names");
        function.notes = stringListField(item, "notes");
        targets.functions << std::move(function);
    }
    for (const json &item : document.value("access", json::array())) {
        AccessInfo info;
        info.target = stringField(item, "target");
        info.kind = term<FunctionKind>(item, "kind");
        info.versions = term<Presence>(item, "versions");
        info.notes = stringListField(item, "notes");
        const json reachable = item.value("reachable", json::object());
        info.reachableOld = reachable.is_object() && reachable.value("old", json()) == json(true);
        info.reachableNew = reachable.is_object() && reachable.value("new", json()) == json(true);
        for (const json &method : item.value("methods", json::array()))
            info.methods << parseMethod(method);
        targets.access << std::move(info);
    }
    const json broken = document.value("not_analysable", json::object());
    for (const char *side : {"old", "new"}) {
        if (!broken.is_object() || !broken.contains(side) || !broken[side].is_array())
            continue;
        for (const json &item : broken[side]) {
            if (!item.is_object())
                continue;
            NotAnalysableFile file;
            file.side = QLatin1String(side);
            file.file = stringField(item, "file");
            file.kind = stringField(item, "kind");
            file.message = stringField(item, "message");
            const json line = item.value("line", json());
            file.line = line.is_number_integer() ? line.get<int>() : 0;
            file.changed = item.value("changed", json()) == json(true);
            targets.notAnalysable << std::move(file);
        }
    }
    return targets;
}

} // namespace

const AccessInfo *Targets::accessFor(const QString &target) const
{
    const auto it = std::find_if(access.cbegin(), access.cend(),
                                 [&](const AccessInfo &info) { return info.target == target; });
    return it == access.cend() ? nullptr : &*it;
}

QMap<QString, QList<int>> Targets::changedLines(const QString &side) const
{
    QMap<QString, QList<int>> lines;
    if (!raw.is_object())
        return lines; // targets made in code, not read from analyze.py
    const std::string wanted = side.toStdString();
    for (const json &line : raw.value("changed_lines", json::array())) {
        if (line.value("side", std::string()) != wanted || !line.contains("statement") ||
            !line["statement"].is_number_integer())
            continue;
        QList<int> &list = lines[stringField(line, "file")];
        const int statement = line["statement"].get<int>();
        if (!list.contains(statement))
            list << statement;
    }
    for (QList<int> &list : lines)
        std::sort(list.begin(), list.end());
    return lines;
}

Expected<Targets> parseTargets(const json &document)
{
    // A document of the wrong shape (a stale or damaged cache file, another analyzer version)
    // makes nlohmann::json throw on access; it becomes an error, never a crash.
    try {
        if (!document.is_object() || document.value("mode", std::string()) != "targets")
            return makeError(QStringLiteral("the analyzer's answer is not a targets document"));
        return parseDocument(document);
    } catch (const json::exception &error) {
        return makeError(
            QStringLiteral("malformed targets document: %1").arg(QString::fromUtf8(error.what())));
    } catch (const std::invalid_argument &error) {
        return makeError(
            QStringLiteral("malformed targets document: %1").arg(QString::fromUtf8(error.what())));
    }
}

} // namespace difftriage::engine
