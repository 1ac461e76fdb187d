#pragma once

#include <QString>

namespace difftriage::test {

// Points this test process's settings, triage stores and saved analyses at `home` and names the
// application: earlier runs' (or the user's) verdicts and settings must not leak in, nor the
// test's out. Call before anything reads QSettings or the data directory.
void usePrivateUserDirectories(const QString &home, const QString &application);

} // namespace difftriage::test
