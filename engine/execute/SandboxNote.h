#pragma once

#include "execute/SandboxPlan.h"

#include <QString>

namespace difftriage::engine {

// What a plan protects and what it does not, in plain sentences: the report's `sandbox_note`
// (English) and the Settings dialog (in the user's language).
enum class NoteLanguage
{
    English,
    Translated
};

QString sandboxNote(const SandboxPlan &plan, NoteLanguage language = NoteLanguage::English);

} // namespace difftriage::engine
