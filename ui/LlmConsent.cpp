#include "LlmConsent.h"

#include "llm/LlmSettings.h"

#include <QSettings>

namespace difftriage::ui {

namespace {

const QString Group = QStringLiteral("llmConsent");

// QSettings reads '/' in a key as a group separator; identities are hashes or commit ids, but
// nothing should depend on that.
QString keyOf(const QString &repositoryIdentity)
{
    return QString(repositoryIdentity).replace(QLatin1Char('/'), QLatin1Char('_'));
}

} // namespace

QString LlmConsent::remoteHost(const engine::UserChoices &choices)
{
    const bool usesLlm = choices.generator == engine::GeneratorKind::Llm ||
                         choices.suggest == engine::SuggestionSource::Llm;
    if (!usesLlm || engine::isLoopbackEndpoint(choices.llm.baseUrl))
        return {};
    return choices.llm.baseUrl.host().isEmpty() ? choices.llm.baseUrl.toString()
                                                : choices.llm.baseUrl.host();
}

bool LlmConsent::granted(const QString &repositoryIdentity, const QString &host)
{
    QSettings settings;
    settings.beginGroup(Group);
    return settings.value(keyOf(repositoryIdentity)).toStringList().contains(host);
}

void LlmConsent::grant(const QString &repositoryIdentity, const QString &host)
{
    QSettings settings;
    settings.beginGroup(Group);
    QStringList hosts = settings.value(keyOf(repositoryIdentity)).toStringList();
    if (!hosts.contains(host))
        settings.setValue(keyOf(repositoryIdentity), hosts << host);
}

int LlmConsent::grantedRepositories()
{
    QSettings settings;
    settings.beginGroup(Group);
    return int(settings.childKeys().size());
}

void LlmConsent::forgetAll()
{
    QSettings().remove(Group);
}

std::optional<LlmConsent::Use> LlmConsent::settle(const engine::UserChoices &choices,
                                                  const QString &repositoryIdentity,
                                                  const Prompt &prompt)
{
    const QString host = remoteHost(choices);
    if (host.isEmpty())
        return Use::AsConfigured;
    if (granted(repositoryIdentity, host))
        return Use::AllowedRemote;
    switch (prompt(host)) {
    case Answer::Allow:
        grant(repositoryIdentity, host);
        return Use::AllowedRemote;
    case Answer::Offline:
        return Use::Offline;
    case Answer::Cancel:
        break;
    }
    return std::nullopt;
}

} // namespace difftriage::ui
