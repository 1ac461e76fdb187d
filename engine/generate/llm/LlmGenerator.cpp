#include "generate/llm/LlmGenerator.h"

#include "generate/llm/ReplyParser.h"

#include <algorithm>

namespace difftriage::engine {

namespace {

using nlohmann::json;

// Stopping kinds that end the round quietly: the tests so far still count.
bool stopsQuietly(LlmFailure failure)
{
    return failure == LlmFailure::CostCap || failure == LlmFailure::Cancelled;
}

} // namespace

LlmGenerator::LlmGenerator(std::shared_ptr<LlmClient> client, PromptBuilder prompts,
                           std::optional<StaticCheck> check)
    : m_client(std::move(client)), m_prompts(std::move(prompts)), m_check(std::move(check))
{}

void LlmGenerator::note(const QString &text)
{
    if (!m_notes.contains(text))
        m_notes << text;
}

Expected<QList<Candidate>> LlmGenerator::generate(const GenerationRequest &request)
{
    m_round = request.round;
    if (!request.targets || request.targets->functions.isEmpty())
        return QList<Candidate>();
    if (!m_stopped.isEmpty()) // the cap or a cancel ended generation for this analysis
        return QList<Candidate>();
    QList<QStringList> groups;
    if (request.round == 0) {
        for (const ChangedFunction &function : request.targets->functions) {
            if (groups.isEmpty() || groups.last().size() >= TargetsPerPrompt)
                groups.append(QStringList());
            groups.last() << function.qualname;
        }
        for (const QStringList &group : groups) {
            for (const QString &target : group)
                m_groupOf.insert(target, group.join(QLatin1Char(',')));
        }
    } else {
        // Feedback goes to the chat that produced the first tests for these targets.
        QMap<QString, QStringList> byGroup;
        for (auto it = request.uncovered.begin(); it != request.uncovered.end(); ++it) {
            const QString target = QString::fromStdString(it.key());
            byGroup[m_groupOf.value(target, target)] << target;
        }
        for (const QStringList &group : byGroup)
            groups << group;
    }
    const int count = std::clamp(request.maxCandidates / std::max<int>(1, groups.size()), 2, 8);
    QList<Candidate> candidates;
    QString failure;
    for (const QStringList &targets : groups) {
        if (candidates.size() >= request.maxCandidates)
            break;
        const QString key = request.round == 0 ? targets.join(QLatin1Char(','))
                                               : m_groupOf.value(targets.first(), targets.first());
        Chat &chat = m_chats[key];
        const bool followUp =
            request.round > 0 && !chat.messages.isEmpty() && chat.followUps < MaxFollowUps;
        QString text;
        if (request.round == 0) {
            text = m_prompts.initial(request, targets, count);
        } else {
            text = m_prompts.feedback(request, targets, count, followUp);
            if (text.isEmpty())
                continue;
            if (followUp) {
                ++chat.followUps;
            } else {
                chat = Chat{}; // CoverUp: after two follow-ups, start the chat afresh
            }
        }
        if (chat.messages.isEmpty())
            chat.messages << ChatMessage{QStringLiteral("system"), m_prompts.system(), {}, {}};
        auto tests = exchange(
            chat, text,
            request.round == 0 ? QStringLiteral("generate") : QStringLiteral("feedback"), request);
        if (!tests) {
            failure = tests.error().message;
            note(failure);
            if (stopsQuietly(m_client->lastFailure())) {
                m_stopped = failure;
                break;
            }
            continue; // another group may still get through
        }
        candidates << validated(toCandidates(*tests, targets, request), request);
    }
    if (candidates.size() > request.maxCandidates)
        candidates = candidates.mid(0, request.maxCandidates);
    m_generated += static_cast<int>(candidates.size());
    // Only a first round that produced nothing at all is an error: the endpoint is unusable
    // (wrong URL, key or model) and the user must hear it. Later failures keep what was found.
    if (candidates.isEmpty() && m_generated == 0 && !failure.isEmpty() &&
        !stopsQuietly(m_client->lastFailure()))
        return makeError(failure);
    return candidates;
}

Expected<std::optional<Candidate>> LlmGenerator::repair(const Candidate &test,
                                                        const RepairProblem &problem)
{
    if (!m_stopped.isEmpty())
        return std::optional<Candidate>();
    Chat chat;
    chat.messages << ChatMessage{QStringLiteral("system"), m_prompts.system(), {}, {}};
    GenerationRequest none;
    auto tests =
        exchange(chat, m_prompts.repair(test.code, problem), QStringLiteral("repair"), none);
    if (!tests) {
        note(tests.error().message);
        if (stopsQuietly(m_client->lastFailure()))
            m_stopped = tests.error().message;
        return std::optional<Candidate>(); // unrepaired, never an analysis error
    }
    if (tests->isEmpty() || tests->first().trimmed() == test.code.trimmed())
        return std::optional<Candidate>();
    Candidate repaired = test;
    repaired.code = tests->first();
    repaired.genome = {{"generator", spelling(GeneratorKind::Llm).toStdString()},
                       {"code", repaired.code.toStdString()},
                       {"round", m_round}};
    return std::optional<Candidate>(repaired);
}

Expected<QList<Candidate>> LlmGenerator::simplify(const Candidate &test, const GenerationRequest &)
{
    // Variants without one top-level statement each (imports kept), last statements first: the
    // shrinker keeps a variant that still shows the same difference.
    const QStringList lines = test.code.split(QLatin1Char('\n'));
    QList<Candidate> variants;
    for (qsizetype i = lines.size() - 1; i >= 0; --i) {
        const QString &line = lines[i];
        const bool simple =
            !line.isEmpty() && !line[0].isSpace() && !line.startsWith(QLatin1String("import ")) &&
            !line.startsWith(QLatin1String("from ")) && !line.endsWith(QLatin1Char(':')) &&
            !line.endsWith(QLatin1Char('(')) && !line.endsWith(QLatin1Char('[')) &&
            !line.endsWith(QLatin1Char('{')) && !line.endsWith(QLatin1Char('\\')) &&
            (i + 1 >= lines.size() || lines[i + 1].isEmpty() || !lines[i + 1][0].isSpace());
        if (!simple)
            continue;
        QStringList rest = lines;
        rest.removeAt(i);
        Candidate variant = test;
        variant.code = rest.join(QLatin1Char('\n'));
        variant.genome = {{"generator", spelling(GeneratorKind::Llm).toStdString()},
                          {"code", variant.code.toStdString()},
                          {"round", m_round}};
        variants << variant;
    }
    return variants;
}

json LlmGenerator::reportJson() const
{
    const LlmSettings &settings = m_client->settings();
    json notes = json::array();
    for (const QString &text : m_notes)
        notes.push_back(text.toStdString());
    return {{"model", settings.model.toStdString()},
            {"endpoint", settings.baseUrl.toString(QUrl::RemoveUserInfo).toStdString()},
            {"prompt_versions", m_prompts.templates().versions().toStdString()},
            {"usage", m_client->ledger().toJson()},
            {"prompts", m_promptLog},
            {"notes", notes},
            {"stopped", m_stopped.isEmpty() ? json(nullptr) : json(m_stopped.toStdString())}};
}

Expected<std::unique_ptr<Generator>>
makeLlmGenerator(const LlmSettings &settings, const std::optional<PythonInterpreter> &python,
                 std::shared_ptr<LlmClock> clock)
{
    if (auto valid = checkLlmSettings(settings); !valid)
        return valid.error();
    auto templates = PromptTemplates::load();
    if (!templates)
        return templates.error();
    auto access = AccessInfoRenderer::load();
    if (!access)
        return access.error();
    std::optional<StaticCheck> check;
    if (python && !python->executable.isEmpty())
        check.emplace(*python);
    return std::unique_ptr<Generator>(std::make_unique<LlmGenerator>(
        std::make_shared<LlmClient>(settings, std::move(clock)),
        PromptBuilder(std::move(*templates), std::move(*access)), std::move(check)));
}

} // namespace difftriage::engine
