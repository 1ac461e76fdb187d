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

QString LlmConsent::remoteHost(const engine::AnalysisOptions &options, bool suggestWithLlm)
{
    const bool usesLlm = options.generator == QLatin1String("llm") || suggestWithLlm;
    if (!usesLlm || engine::isLoopbackEndpoint(options.llm.baseUrl))
        return {};
    return options.llm.baseUrl.host().isEmpty() ? options.llm.baseUrl.toString()
                                                : options.llm.baseUrl.host();
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

std::optional<LlmConsent::Use> LlmConsent::settle(const engine::AnalysisOptions &options,
                                                  bool suggestWithLlm,
                                                  const QString &repositoryIdentity,
                                                  const Prompt &prompt)
{
    const QString host = remoteHost(options, suggestWithLlm);
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
