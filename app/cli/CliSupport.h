#pragma once

#include "change/ChangeSpec.h"
#include "config/ProjectConfig.h"
#include "core/Expected.h"
#include "core/PythonInterpreter.h"
#include "git/Repository.h"
#include "pipeline/ResolveOptions.h"

#include <QCommandLineParser>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace difftriage::cli {

enum ExitCode
{
    ExitOk = 0,
    ExitInternal = 1,
    ExitBadInput = 2,
    ExitDifferences = 3,
};

// Prints "difftriage-cli: <message>" on stderr and returns `code`.
int fail(const QString &message, int code = ExitBadInput);
void printText(const QString &text);
void printJson(const nlohmann::json &document);

// Parses a subcommand's arguments; on error prints it and returns false.
bool parseArguments(QCommandLineParser &parser, const QStringList &arguments);

void addRepositoryOption(QCommandLineParser &parser);
void addChangeOptions(QCommandLineParser &parser);
void addJsonOption(QCommandLineParser &parser);
// --python PATH | --python-old PATH --python-new PATH
void addPythonOptions(QCommandLineParser &parser);

// --python, --python-old and --python-new as this run's interpreter choices.
void applyPythonOptions(const QCommandLineParser &parser, engine::UserChoices &choices);
// The interpreters for the old and the new tree, chosen as an analysis chooses them
// (chooseInterpreters), each resolved to its real binary.
engine::Expected<std::pair<engine::PythonInterpreter, engine::PythonInterpreter>>
resolveInterpreters(const QCommandLineParser &parser, const engine::ProjectConfig &config);

engine::Expected<engine::git::Repository> openRepository(const QCommandLineParser &parser);
// --pr N | --branch NAME | --base REV --head REV
engine::Expected<engine::ChangeSpec> resolveChange(const engine::git::Repository &repository,
                                                   const QCommandLineParser &parser);

} // namespace difftriage::cli
