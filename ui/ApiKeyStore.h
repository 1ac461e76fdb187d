#pragma once

#include <QObject>
#include <QString>
#include <functional>

namespace difftriage::ui {

// The LLM API key in the system keychain (QtKeychain: Secret Service, KWallet, macOS Keychain)
// when DiffTriage is built with it; never in the settings file. Both calls are asynchronous, so
// the GUI thread never waits on the keychain's D-Bus service. Without a keychain (not built in,
// or no service running) reads find nothing and the key comes from the environment.
class ApiKeyStore final
{
public:
    static bool isAvailable();
    // `done` receives the stored key, or an empty string and the reason there is none.
    static void read(QObject *context,
                     std::function<void(const QString &key, const QString &why)> done);
    // An empty key removes the stored one. `done` receives an empty string or what went wrong.
    static void write(QObject *context, const QString &key,
                      std::function<void(const QString &why)> done);
};

} // namespace difftriage::ui
