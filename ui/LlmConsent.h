#pragma once

#include "pipeline/AnalysisOptions.h"

#include <QString>
#include <functional>
#include <optional>

namespace difftriage::ui {

// Code leaves the machine only with the reviewer's consent, given per repository and endpoint
// host and remembered in the user's settings: allowing one project's code to go to a hosted model
// says nothing about another project's. Endpoints on this machine need no consent.
class LlmConsent final
{
public:
    enum class Answer
    {
        Allow,   // send this repository's code to the host, now and later
        Offline, // analyse this time without the language model
        Cancel,
    };
    // How the analysis uses the language model once consent is settled.
    enum class Use
    {
        AsConfigured,  // no LLM, or one on this machine
        AllowedRemote, // a remote endpoint the reviewer allowed for this repository
        Offline,       // the reviewer declined: offline generator and heuristic suggestions
    };
    using Prompt = std::function<Answer(const QString &host)>;

    // The remote host the analysis would send code to; empty when it sends nothing anywhere.
    static QString remoteHost(const engine::UserChoices &choices);
    static bool granted(const QString &repositoryIdentity, const QString &host);
    static void grant(const QString &repositoryIdentity, const QString &host);
    static int grantedRepositories();
    static void forgetAll();

    // Asks `prompt` only when a remote host is involved and not yet allowed for this repository;
    // nullopt when the reviewer cancelled.
    static std::optional<Use> settle(const engine::UserChoices &choices,
                                     const QString &repositoryIdentity, const Prompt &prompt);
};

} // namespace difftriage::ui
