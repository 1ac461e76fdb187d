#pragma once

#include "core/Expected.h"
#include "pipeline/AnalysisOptions.h"

namespace difftriage::engine {

namespace git {
class Repository;
}

// The one place the options of an analysis are decided, for the CLI and the GUI alike: the
// project's configuration is read from the change's base, then each choice is weighed against it.
// Interpreters: this run's (command line) > the project's `python` > the user's standing ones
// (Settings; the new version's falls back to the old one's) > python3. `prepare` and the test
// time limit: the user's > the project's > none and 10 s. LLM settings that cannot work for the
// LLM generator are bad input, reported before any long work.
Expected<AnalysisOptions> resolveAnalysisOptions(const git::Repository &repository,
                                                 const ChangeSpec &change,
                                                 const UserChoices &choices);

// Which interpreter each version gets, from what the user said and the project's `python`.
std::pair<QString, QString> chooseInterpreters(const UserChoices &choices,
                                               const QString &projectPython);

} // namespace difftriage::engine
