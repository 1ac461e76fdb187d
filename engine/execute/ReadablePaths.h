#pragma once

#include <QStringList>

namespace difftriage::engine {

// What a Python test may read besides its tree, the runner and its own private directory: the
// system's programs and libraries (/usr and the /lib and /bin links to it), the interpreters'
// prefixes and import paths, the few /etc files Python and the C library read (the loader's
// cache, passwd and group, time zone, name service, certificates, Debian's python3.X), the CPU
// list in /sys and the devices /dev/null, zero, full, random and urandom. Not /tmp, /var, /run,
// /srv, /opt, /mnt, /media, /root, /home or anything else in /etc. Paths that do not exist are
// left out; each test reads its own /proc entry besides (runnerlib/confine.py).
QStringList testReadablePaths(const QStringList &pythonPaths);

} // namespace difftriage::engine
