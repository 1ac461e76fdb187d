#pragma once

#include "FakeLlmServer.h"

#include <QString>

namespace difftriage::testing {

// A stand-in for a model that writes tests only from what the prompt shows: the "Method #k: by
// calling function 'entry'" blocks of the access information, their import lines and signatures
// (and class signatures for constructors). A prompt without the access information yields no
// test, so an end-to-end test over it fails when the prompt loses that information.
class ScriptedModel final
{
public:
    // The reply to one prompt; `variant` shifts the argument values (feedback rounds try others).
    static QString reply(const QString &prompt, int variant = 0);
    // A server handler answering every chat request with reply(every user message of the chat).
    static FakeLlmServer::Handler handler();
};

} // namespace difftriage::testing
