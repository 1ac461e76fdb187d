#pragma once

#include <QStringList>

namespace difftriage::engine {

// The names --disable-strategy accepts: every strategy of the offline generator's registry
// (gen/registry.py, `generate.py strategies`), project_tests and the input-model rules among
// them. Plain strings, as the generator spells them; test_generate.py checks the two lists agree.
QStringList switchableStrategies();

} // namespace difftriage::engine
