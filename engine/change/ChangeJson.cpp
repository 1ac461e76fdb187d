#include "change/ChangeJson.h"

namespace difftriage::engine {

namespace {
nlohmann::json nullable(const QString &text)
{
    return text.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(text.toStdString());
}
} // namespace

nlohmann::json toJson(const ChangeSpec &spec)
{
    return {
        {"number", spec.number ? nlohmann::json(*spec.number) : nlohmann::json(nullptr)},
        {"base", spec.base.toStdString()},
        {"head", spec.head.toStdString()},
        {"title", spec.title.toStdString()},
        {"body", spec.body.toStdString()},
        {"author", spec.author.toStdString()},
        {"date", spec.date.toString(Qt::ISODate).toStdString()},
        {"state", spelling(spec.state).toStdString()},
        {"ref", nullable(spec.ref)},
    };
}

nlohmann::json toJson(const ChangedFile &file)
{
    return {
        {"status", toString(file.status).toStdString()},
        {"old_path", nullable(file.oldPath)},
        {"new_path", nullable(file.newPath)},
        {"python", file.isPython},
        {"binary", file.binary},
        {"old_lines", std::vector<int>(file.oldLines.cbegin(), file.oldLines.cend())},
        {"new_lines", std::vector<int>(file.newLines.cbegin(), file.newLines.cend())},
        {"note", nullable(file.note)},
    };
}

nlohmann::json toJson(const DiffSummary &summary)
{
    nlohmann::json files = nlohmann::json::array();
    for (const ChangedFile &file : summary.files)
        files.push_back(toJson(file));
    nlohmann::json notes = nlohmann::json::array();
    for (const QString &note : summary.notes)
        notes.push_back(note.toStdString());
    return {{"base", summary.base.toStdString()},
            {"head", summary.head.toStdString()},
            {"files", files},
            {"notes", notes}};
}

} // namespace difftriage::engine
