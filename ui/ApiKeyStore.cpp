#include "ApiKeyStore.h"

#ifdef DIFFTRIAGE_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

namespace difftriage::ui {

namespace {
#ifdef DIFFTRIAGE_HAVE_KEYCHAIN
constexpr auto Service = "DiffTriage";
constexpr auto Key = "llm-api-key";
#endif
} // namespace

bool ApiKeyStore::isAvailable()
{
#ifdef DIFFTRIAGE_HAVE_KEYCHAIN
    return true;
#else
    return false;
#endif
}

void ApiKeyStore::read(QObject *context,
                       std::function<void(const QString &key, const QString &why)> done)
{
#ifdef DIFFTRIAGE_HAVE_KEYCHAIN
    auto *job = new QKeychain::ReadPasswordJob(QString::fromLatin1(Service), context);
    job->setKey(QString::fromLatin1(Key));
    QObject::connect(job, &QKeychain::Job::finished, context,
                     [job, done = std::move(done)](QKeychain::Job *) {
                         if (job->error() == QKeychain::NoError)
                             done(job->textData(), QString());
                         else
                             done(QString(), job->errorString());
                     });
    job->start();
#else
    Q_UNUSED(context);
    done(QString(), QObject::tr("DiffTriage was built without a keychain"));
#endif
}

void ApiKeyStore::write(QObject *context, const QString &key,
                        std::function<void(const QString &why)> done)
{
#ifdef DIFFTRIAGE_HAVE_KEYCHAIN
    QKeychain::Job *job = nullptr;
    if (key.isEmpty()) {
        auto *erase = new QKeychain::DeletePasswordJob(QString::fromLatin1(Service), context);
        erase->setKey(QString::fromLatin1(Key));
        job = erase;
    } else {
        auto *store = new QKeychain::WritePasswordJob(QString::fromLatin1(Service), context);
        store->setKey(QString::fromLatin1(Key));
        store->setTextData(key);
        job = store;
    }
    QObject::connect(job, &QKeychain::Job::finished, context,
                     [done = std::move(done)](QKeychain::Job *finished) {
                         const bool ok = finished->error() == QKeychain::NoError ||
                                         finished->error() == QKeychain::EntryNotFound;
                         done(ok ? QString() : finished->errorString());
                     });
    job->start();
#else
    Q_UNUSED(context);
    Q_UNUSED(key);
    done(QObject::tr("DiffTriage was built without a keychain"));
#endif
}

} // namespace difftriage::ui
