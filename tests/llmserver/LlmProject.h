#pragma once

#include "generate/Generator.h"
#include "targets/Targets.h"

#include <QString>
#include <QTemporaryDir>
#include <memory>

namespace difftriage::testing {

// A two-version package for the LLM tests (a private helper reached through a public function,
// and a method of a public class), with its targets from the real analyze.py.
struct LlmProject
{
    std::unique_ptr<QTemporaryDir> dir;
    QString oldRoot, newRoot;
    engine::Targets targets;

    engine::GenerationRequest request(int round = 0) const;
    static QString python(); // $DIFFTRIAGE_TEST_PYTHON, else /usr/bin/python3
    static engine::Expected<LlmProject> make();
};

} // namespace difftriage::testing
