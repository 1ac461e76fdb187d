#pragma once

#include "core/Expected.h"
#include "core/PythonInterpreter.h"

#include <QStringList>

namespace difftriage::engine {

// The static validity of generated tests, checked with Python's `ast` before anything runs them:
// syntax errors, imports of private names, names that resolve nowhere, and calls that would end
// the test process (pytest.main, sys.exit, os._exit). One interpreter start of the shipped
// static_check.py checks a whole batch.
class StaticCheck final
{
public:
    explicit StaticCheck(PythonInterpreter python) : m_python(std::move(python)) {}

    // One entry per test: empty when valid, else the problems, one per line.
    Expected<QStringList> check(const QStringList &tests) const;

private:
    PythonInterpreter m_python;
};

} // namespace difftriage::engine
