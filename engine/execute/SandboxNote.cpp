#include "execute/SandboxNote.h"

#include <QCoreApplication>
#include <QStringList>
#include <unistd.h>

namespace difftriage::engine {

namespace {

class Sentences
{
public:
    explicit Sentences(NoteLanguage language) : m_language(language) {}

    QString text(const char *source) const
    {
        return m_language == NoteLanguage::Translated
                   ? QCoreApplication::translate("SandboxNote", source)
                   : QString::fromUtf8(source);
    }
    void add(const QString &sentence) { m_sentences << sentence; }
    QString joined() const { return m_sentences.join(QLatin1Char(' ')); }

private:
    NoteLanguage m_language;
    QStringList m_sentences;
};

void whoRunsTests(const SandboxPlan &plan, Sentences &note)
{
    if (plan.dropInside)
        note.add(note.text(QT_TRANSLATE_NOOP("SandboxNote",
                                             "Tests run as the unprivileged user '%1'; "
                                             "bubblewrap starts as root because as that user "
                                             "%2."))
                     .arg(plan.user, plan.why));
    else if (plan.dropUser)
        note.add(
            note.text(QT_TRANSLATE_NOOP("SandboxNote", "Tests run as the unprivileged user '%1'."))
                .arg(plan.user));
    else if (plan.dropCapabilities && plan.userUnreachable.isEmpty())
        note.add(note.text(QT_TRANSLATE_NOOP("SandboxNote",
                                             "Tests run as root without any capability: there "
                                             "is no unprivileged user '%1'. Process-count "
                                             "limits do not apply, and files only root may "
                                             "write are writable wherever Landlock does not "
                                             "confine writes."))
                     .arg(plan.user));
    else if (plan.dropCapabilities)
        note.add(note.text(QT_TRANSLATE_NOOP("SandboxNote",
                                             "Tests run as root without any capability: the "
                                             "unprivileged user '%1' cannot reach the "
                                             "interpreter. Process-count limits do not apply, "
                                             "and files only root may write are writable "
                                             "wherever Landlock does not confine writes."))
                     .arg(plan.user));
    else if (::geteuid() == 0 && plan.level == SandboxLevel::Full)
        note.add(note.text(QT_TRANSLATE_NOOP(
            "SandboxNote", "Tests run as an unprivileged uid of their own user namespace, with "
                           "no capabilities.")));
    else if (::geteuid() == 0)
        note.add(note.text(QT_TRANSLATE_NOOP("SandboxNote",
                                             "Tests run as root: there is no unprivileged user "
                                             "'%1', so process-count limits and file modes do "
                                             "not apply."))
                     .arg(plan.user));
    else
        note.add(note.text(QT_TRANSLATE_NOOP("SandboxNote", "Tests run as you.")));
}

void whatTestsRead(const SandboxPlan &plan, Sentences &note)
{
    if (plan.landlockAbi > 0)
        note.add(note.text(QT_TRANSLATE_NOOP(
                     "SandboxNote",
                     "Landlock: each test reads only the system's programs and libraries, "
                     "the interpreter, a few /etc files, its tree and its own directory "
                     "(not /tmp, /var, /run, /home, /root or other processes' /proc)")) +
                 (plan.landlockAbi >= 6
                      ? note.text(QT_TRANSLATE_NOOP(
                            "SandboxNote", ", and can neither signal nor reach through an "
                                           "abstract socket any process outside its own test."))
                      : QStringLiteral(".")));
    else
        note.add(note.text(QT_TRANSLATE_NOOP(
            "SandboxNote", "No Landlock: tests can read every file their user may read.")));
}

QString fullNote(const SandboxPlan &plan, Sentences &note)
{
    note.add(note.text(QT_TRANSLATE_NOOP(
        "SandboxNote",
        "Full sandbox (bubblewrap): no network but loopback, the system and the trees "
        "read-only, a private /tmp, /run and home, no other process in sight; the worker is "
        "the init of the tests' process namespace, so no test can kill it, and everything a "
        "test starts ends with it; time, memory, file-size and process-count limits.")));
    whoRunsTests(plan, note);
    whatTestsRead(plan, note);
    note.add(plan.seccomp
                 ? note.text(QT_TRANSLATE_NOOP(
                       "SandboxNote", "seccomp refuses Unix sockets, so no listener of the host "
                                      "answers (the session bus, the systemd manager)."))
                 : note.text(QT_TRANSLATE_NOOP(
                       "SandboxNote", "Not protected (no seccomp): Unix sockets in directories "
                                      "the sandbox shows answer tests.")));
    if (plan.landlockAbi == 0)
        note.add(note.text(QT_TRANSLATE_NOOP(
            "SandboxNote", "Not protected: world-readable files outside /tmp, /run and your "
                           "home (/etc, /var, /srv, /opt, other users' homes).")));
    return note.joined();
}

QString degradedNote(const SandboxPlan &plan, Sentences &note)
{
    note.add(note.text(QT_TRANSLATE_NOOP(
                           "SandboxNote",
                           "Degraded sandbox (%1): time, memory, file-size and process-count "
                           "limits, a fresh home and a private working directory; everything a "
                           "test starts ends with it."))
                 .arg(plan.why));
    whoRunsTests(plan, note);
    if (plan.landlock)
        note.add(note.text(QT_TRANSLATE_NOOP("SandboxNote",
                                             "Landlock confines writes to that directory")) +
                 (plan.landlockAbi >= 4
                      ? note.text(QT_TRANSLATE_NOOP("SandboxNote", " and blocks TCP."))
                      : QStringLiteral(".")));
    else
        note.add(note.text(QT_TRANSLATE_NOOP(
            "SandboxNote", "Writes outside it are NOT contained (no Landlock).")));
    whatTestsRead(plan, note);
    note.add(plan.seccomp
                 ? note.text(QT_TRANSLATE_NOOP(
                       "SandboxNote", "seccomp refuses every socket (no network, no Unix "
                                      "sockets such as the session bus), ptrace and kill(-1)."))
                 : note.text(QT_TRANSLATE_NOOP("SandboxNote",
                                               "The network and Unix sockets are NOT blocked (no "
                                               "seccomp).")));
    QString missing = note.text(QT_TRANSLATE_NOOP(
        "SandboxNote", "Not protected: tests see the host's process IDs, name and kernel"));
    if (plan.landlockAbi < 6 && plan.dropUser)
        missing += note.text(QT_TRANSLATE_NOOP("SandboxNote",
                                               ", and can signal other processes of the user '%1'"))
                       .arg(plan.user);
    else if (plan.landlockAbi < 6)
        missing += note.text(QT_TRANSLATE_NOOP(
            "SandboxNote", ", and can signal other processes of their user, the worker "
                           "included (the analysis then runs each test of the batch alone)"));
    note.add(missing + QLatin1Char('.'));
    return note.joined();
}

} // namespace

QString sandboxNote(const SandboxPlan &plan, NoteLanguage language)
{
    Sentences note(language);
    return plan.level == SandboxLevel::Full ? fullNote(plan, note) : degradedNote(plan, note);
}

} // namespace difftriage::engine
