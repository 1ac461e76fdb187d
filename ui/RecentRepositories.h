#pragma once

#include <QStringList>

namespace difftriage::ui {

// The repositories opened lately, newest first, kept in QSettings.
class RecentRepositories final
{
public:
    static constexpr int MaxEntries = 10;

    static QStringList list();
    static void add(const QString &path);
    static void clear();
};

} // namespace difftriage::ui
