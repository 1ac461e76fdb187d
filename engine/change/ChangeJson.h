#pragma once

#include "change/ChangeSpec.h"
#include "change/DiffAnalysis.h"

#include <nlohmann/json.hpp>

namespace difftriage::engine {

nlohmann::json toJson(const ChangeSpec &spec);
nlohmann::json toJson(const ChangedFile &file);
nlohmann::json toJson(const DiffSummary &summary);

} // namespace difftriage::engine
