#include "generate/llm/PromptBuilder.h"

#include "core/Json.h"
#include "core/LineRanges.h"
#include "core/Vocabulary.h"
#include "generate/llm/SourceExcerpt.h"

#include <limits>

namespace difftriage::engine {

namespace {

using nlohmann::json;

const json &rawFunction(const GenerationRequest &request, const QString &target)
{
    static const json none = json::object();
    if (!request.targets)
        return none;
    const auto functions = request.targets->raw.find("changed_functions");
    if (functions == request.targets->raw.end() || !functions->is_array())
        return none;
    for (const json &function : *functions) {
        if (stringField(function, "qualname") == target)
            return function;
    }
    return none;
}

QList<int> sideLines(const json &object, const char *key, const char *side)
{
    QList<int> lines;
    const json *values = &object;
    if (key) {
        const auto it = object.find(key);
        if (it == object.end() || !it->is_object())
            return lines;
        values = &*it;
    }
    const auto it = values->find(side);
    if (it != values->end() && it->is_array()) {
        for (const json &line : *it) {
            if (line.is_number_integer())
                lines << line.get<int>();
        }
    }
    return lines;
}

QString rootFor(const GenerationRequest &request, const char *side)
{
    return QLatin1String(side) == QLatin1String("old") ? request.oldRoot : request.newRoot;
}

QString availability(const QString &versions)
{
    const Presence presence = fromSpelling<Presence>(versions).value_or(Presence::Both);
    if (presence == Presence::OldOnly)
        return QStringLiteral("only in the old version: the change removes it");
    if (presence == Presence::NewOnly)
        return QStringLiteral("only in the new version: the change adds it");
    return QStringLiteral("in both versions");
}

} // namespace

QString PromptBuilder::changedFunction(const GenerationRequest &request,
                                       const QString &target) const
{
    const json &function = rawFunction(request, target);
    QStringList blocks;
    for (const char *side : {"old", "new"}) {
        const QString file = stringField(field(function, "files"), side);
        const QList<int> range = sideLines(function, "lines", side);
        if (file.isEmpty() || range.size() != 2)
            continue;
        const QList<int> changed = sideLines(function, "changed_lines", side) +
                                   sideLines(function, "signature_lines", side);
        const QChar marker =
            QLatin1String(side) == QLatin1String("old") ? QLatin1Char('-') : QLatin1Char('+');
        blocks << m_templates.fill(
            QStringLiteral("generate.version_block"),
            {{QStringLiteral("label"), QLatin1String(side) == QLatin1String("old")
                                           ? QStringLiteral("Old")
                                           : QStringLiteral("New")},
             {QStringLiteral("file"), file},
             {QStringLiteral("first"), QString::number(range[0])},
             {QStringLiteral("last"), QString::number(range[1])},
             {QStringLiteral("code"), SourceExcerpt(rootFor(request, side))
                                          .marked(file, range[0], range[1], changed, marker)}});
    }
    return m_templates.fill(
        QStringLiteral("generate.function"),
        {{QStringLiteral("qualname"), target},
         {QStringLiteral("kind"), stringField(function, "kind", QStringLiteral("?"))},
         {QStringLiteral("availability"), availability(stringField(function, "versions"))},
         {QStringLiteral("versions"), blocks.join(QStringLiteral("\n\n"))}});
}

QString PromptBuilder::initial(const GenerationRequest &request, const QStringList &targets,
                               int count) const
{
    QStringList functions;
    for (const QString &target : targets)
        functions << changedFunction(request, target);
    const QString access =
        request.targets ? m_access.render(*request.targets, targets, false) : QString();
    return m_templates.fill(
               QStringLiteral("generate.user"),
               {{QStringLiteral("changed_functions"), functions.join(QStringLiteral("\n\n"))},
                {QStringLiteral("access_info"), access},
                {QStringLiteral("rules"), m_templates.fill(QStringLiteral("generate.rules"))},
                {QStringLiteral("count"), QString::number(count)}}) +
           QLatin1Char('\n');
}

QString PromptBuilder::closestTest(const GenerationRequest &request, const QString &target,
                                   const QString &side, const QString &file,
                                   const QList<int> &lines)
{
    QString best;
    int bestDistance = std::numeric_limits<int>::max();
    for (const FeedbackTest &test : request.feedback) {
        const QString code = stringField(test.genome, "code");
        if (code.isEmpty() || test.target != target || !test.covered.is_object())
            continue;
        const auto perSide = test.covered.find(side.toStdString());
        if (perSide == test.covered.end() || !perSide->is_object())
            continue;
        const QList<int> covered = sideLines(*perSide, nullptr, file.toUtf8().constData());
        for (int hit : covered) {
            for (int line : lines) {
                if (std::abs(hit - line) < bestDistance) {
                    bestDistance = std::abs(hit - line);
                    best = code;
                }
            }
        }
    }
    return best;
}

QString PromptBuilder::uncoveredFunction(const GenerationRequest &request,
                                         const QString &target) const
{
    const json &function = rawFunction(request, target);
    const auto uncovered = request.uncovered.find(target.toStdString());
    if (uncovered == request.uncovered.end() || !uncovered->is_object())
        return {};
    QStringList parts;
    for (const char *side : {"old", "new"}) {
        const QList<int> missing = sideLines(*uncovered, nullptr, side);
        const QString file = stringField(field(function, "files"), side);
        const QList<int> range = sideLines(function, "lines", side);
        if (missing.isEmpty() || file.isEmpty() || range.size() != 2)
            continue;
        const QString module = stringField(field(function, "modules"), side);
        parts << m_templates.fill(
            QStringLiteral("feedback.function"),
            {{QStringLiteral("file"), file},
             {QStringLiteral("ranges"), compressLineRanges(missing)},
             {QStringLiteral("qualname"), target},
             {QStringLiteral("label"), QLatin1String(side)},
             {QStringLiteral("code"),
              SourceExcerpt(rootFor(request, side))
                  .coverUpExcerpt(file, module, range[0], range[1], missing)}});
        const QString reference = closestTest(request, target, QLatin1String(side), file, missing);
        if (!reference.isEmpty())
            parts << m_templates.fill(QStringLiteral("feedback.reference"),
                                      {{QStringLiteral("code"), reference}});
    }
    return parts.join(QStringLiteral("\n\n"));
}

QString PromptBuilder::feedback(const GenerationRequest &request, const QStringList &targets,
                                int count, bool followUp) const
{
    QStringList functions;
    QStringList reached;
    for (const QString &target : targets) {
        const QString text = uncoveredFunction(request, target);
        if (!text.isEmpty()) {
            functions << text;
            reached << target;
        }
    }
    if (functions.isEmpty())
        return {};
    const QMap<QString, QString> values{
        {QStringLiteral("functions"), functions.join(QStringLiteral("\n\n"))},
        {QStringLiteral("access_info"),
         request.targets ? m_access.render(*request.targets, reached, true) : QString()},
        {QStringLiteral("rules"), m_templates.fill(QStringLiteral("generate.rules"))},
        {QStringLiteral("count"), QString::number(count)}};
    return m_templates.fill(followUp ? QStringLiteral("feedback.follow_up")
                                     : QStringLiteral("feedback.user"),
                            values) +
           QLatin1Char('\n');
}

QString PromptBuilder::repair(const QString &code, const RepairProblem &problem) const
{
    return m_templates.fill(problem.kind == RepairProblem::Kind::Static
                                ? QStringLiteral("repair.static")
                                : QStringLiteral("repair.runtime"),
                            {{QStringLiteral("code"), code},
                             {QStringLiteral("message"), problem.message.trimmed()}}) +
           QLatin1Char('\n');
}

QString PromptBuilder::toolDescription() const
{
    return m_templates.has(QStringLiteral("repair.tool_description"))
               ? m_templates.fill(QStringLiteral("repair.tool_description"))
               : QStringLiteral("Returns the source code of a symbol of the project under test.");
}

} // namespace difftriage::engine
