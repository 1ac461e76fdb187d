#pragma once

#include "core/Expected.h"

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>
#include <functional>
#include <optional>

namespace difftriage::engine {

// Runs a program to completion, blocking: the one way the engine starts a short-lived process
// (helper scripts, interpreter and sandbox probes, a project's prepare command). Call it from a
// worker thread, never from the GUI thread.
class ChildProcess final
{
public:
    struct Spec
    {
        QString program;
        QStringList arguments;
        QString name;                                   // how messages name it; default: program
        std::optional<QProcessEnvironment> environment; // default: this process's
        QString workingDirectory;                       // default: this process's
        QByteArray input;                               // written to stdin, which is then closed
        int timeoutMs = 30000;                          // then it is killed
        bool mergeOutput = false;                       // stderr into stdout, in order
        // Between fork and exec (a sandbox's confinement); only async-signal-safe calls.
        std::function<void()> childSetup;
        // The child leads its own session (childSetup calls setsid): a time-out kills all of it.
        bool killSessionOnTimeout = false;
    };

    enum class End
    {
        Exited,     // exitCode says how
        NotStarted, // startError says why
        TimedOut,   // killed at timeoutMs
        Crashed     // ended by a signal
    };

    struct Result
    {
        QString name;
        End end = End::NotStarted;
        int exitCode = -1;
        QByteArray standardOutput; // both streams with mergeOutput
        QByteArray standardError;
        bool mergedOutput = false;
        QString startError;
        int timeoutMs = 0;

        bool succeeded() const { return end == End::Exited && exitCode == 0; }
        // What went wrong, naming the program: it could not start, it timed out and was killed,
        // it crashed, or it exited with a non-zero status; with the tail of its stderr.
        Error error() const;
    };

    static Result run(const Spec &spec);
    // run(), with anything but exit status 0 as error().
    static Expected<Result> runChecked(const Spec &spec);

    // The last `limit` characters of a process's output, trimmed, with "…" when cut.
    static QString tail(const QByteArray &output, qsizetype limit);
};

} // namespace difftriage::engine
