// LlmGenerator's conversation with the model: one turn with its tool calls, the tests it yields,
// and their static repair.
#include "core/Json.h"
#include "generate/llm/LlmGenerator.h"
#include "generate/llm/ReplyParser.h"
#include "generate/llm/SourceExcerpt.h"

namespace difftriage::engine {

namespace {

using nlohmann::json;

ToolSpec getInfoTool(const QString &description)
{
    return {
        QStringLiteral("get_info"), description,
        json{{"type", "object"},
             {"properties",
              {{"name",
                {{"type", "string"},
                 {"description", "dotted name: module, module.function or module.Class.method"}}},
               {"version",
                {{"type", "string"},
                 {"enum", {"old", "new"}},
                 {"description", "the code version before (old) or after (new) the change"}}}}},
             {"required", {"name"}}}};
}

json genomeFor(const QString &code, int round)
{
    return {{"generator", spelling(GeneratorKind::Llm).toStdString()},
            {"code", code.toStdString()},
            {"round", round}};
}

} // namespace

QString LlmGenerator::answerTool(const ToolCall &call, const GenerationRequest &request) const
{
    if (call.name != QLatin1String("get_info"))
        return QStringLiteral("unknown tool '%1'").arg(call.name);
    const json arguments = parseJson(call.arguments.toUtf8()).value_or(nullptr);
    const std::optional<QString> requested = optionalStringField(arguments, "name");
    if (!requested)
        return QStringLiteral(
            "get_info needs {\"name\": \"module.symbol\", \"version\": \"old\"|\"new\"}");
    const QString &name = *requested;
    const bool old = stringField(arguments, "version") == QLatin1String("old");
    const QString root = old ? request.oldRoot : request.newRoot;
    const QString source = root.isEmpty() ? QString() : SourceExcerpt(root).symbol(name);
    if (source.isEmpty())
        return QStringLiteral("'%1' was not found in the %2 version.")
            .arg(name, old ? QStringLiteral("old") : QStringLiteral("new"));
    return QStringLiteral("\"...\" below indicates omitted code.\n```python\n%1\n```").arg(source);
}

Expected<QStringList> LlmGenerator::exchange(Chat &chat, const QString &text,
                                             const QString &purpose,
                                             const GenerationRequest &request)
{
    const qsizetype before = chat.messages.size();
    chat.messages << ChatMessage{QStringLiteral("user"), text, {}, {}};
    m_promptLog.push_back(
        {{"round", m_round}, {"purpose", purpose.toStdString()}, {"text", text.toStdString()}});
    QList<ToolSpec> tools;
    if (m_client->settings().useTools && (!request.oldRoot.isEmpty() || !request.newRoot.isEmpty()))
        tools << getInfoTool(m_prompts.toolDescription());
    for (int toolRound = 0;; ++toolRound) {
        ChatRequest chatRequest;
        chatRequest.messages = chat.messages;
        chatRequest.purpose = purpose;
        // After the last allowed tool round the model must answer with code.
        if (toolRound < MaxToolRounds)
            chatRequest.tools = tools;
        auto response = m_client->complete(chatRequest, m_round);
        if (!response) {
            // Leave the chat as it was, so a later follow-up does not build on a half turn.
            chat.messages = chat.messages.mid(0, before);
            return response.error();
        }
        if (!response->message.toolCalls.isEmpty() && !chatRequest.tools.isEmpty()) {
            chat.messages << response->message;
            for (const ToolCall &call : response->message.toolCalls)
                chat.messages << ChatMessage{
                    QStringLiteral("tool"), answerTool(call, request), {}, call.id};
            continue;
        }
        chat.messages << ChatMessage{
            QStringLiteral("assistant"), response->message.content, {}, {}};
        const QStringList tests = ReplyParser::tests(
            response->message.content, response->finishReason == QLatin1String("length"));
        if (tests.isEmpty() && !response->refusal.isEmpty())
            note(QStringLiteral("the model declined: %1")
                     .arg(response->refusal.simplified().left(200)));
        else if (tests.isEmpty())
            note(QStringLiteral("a reply held no test (finish reason: %1)")
                     .arg(response->finishReason));
        if (response->finishReason == QLatin1String("length"))
            note(
                QStringLiteral("a reply was cut at the token limit; its complete tests were kept"));
        return tests;
    }
}

QList<Candidate> LlmGenerator::toCandidates(const QStringList &tests, const QStringList &targets,
                                            const GenerationRequest &request) const
{
    QList<Candidate> candidates;
    for (const QString &code : tests) {
        Candidate candidate{targets.value(0), QString(), code, genomeFor(code, m_round)};
        // Attribute the test to the first target whose entry point it calls.
        bool found = false;
        for (const QString &target : targets) {
            const AccessInfo *info = request.targets ? request.targets->accessFor(target) : nullptr;
            for (const AccessMethod &method : info ? info->methods : QList<AccessMethod>()) {
                const QString entry =
                    method.publicName.isEmpty() ? method.entryQualname : method.publicName;
                const QString last = entry.section(QLatin1Char('.'), -1);
                if (!last.isEmpty() && code.contains(last)) {
                    candidate.target = target;
                    candidate.entry = entry;
                    found = true;
                    break;
                }
            }
            if (found)
                break;
        }
        candidates << candidate;
    }
    return candidates;
}

QList<Candidate> LlmGenerator::validated(QList<Candidate> candidates,
                                         const GenerationRequest &request)
{
    if (!m_check || candidates.isEmpty())
        return candidates;
    QStringList codes;
    for (const Candidate &candidate : candidates)
        codes << candidate.code;
    auto problems = m_check->check(codes);
    if (!problems) {
        note(problems.error().message); // unchecked tests still run: the executor judges them
        return candidates;
    }
    QList<Candidate> valid;
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        Candidate candidate = candidates[i];
        QString problem = problems->value(i);
        for (int attempt = 0;
             !problem.isEmpty() && attempt < MaxStaticRepairs && m_stopped.isEmpty(); ++attempt) {
            auto repaired = repair(candidate, RepairProblem{RepairProblem::Kind::Static, problem});
            if (!repaired || !*repaired)
                break;
            candidate = **repaired;
            candidate.genome = genomeFor(candidate.code, m_round);
            auto again = m_check->check({candidate.code});
            problem = again ? again->value(0) : QString();
        }
        if (problem.isEmpty())
            valid << candidate;
        else
            note(QStringLiteral("a test that stayed invalid was dropped: %1")
                     .arg(problem.section(QLatin1Char('\n'), 0, 0)));
    }
    Q_UNUSED(request)
    return valid;
}

} // namespace difftriage::engine
