#pragma once

#include <QList>
#include <QString>

namespace difftriage::engine {

// "12-14, 19" for {12, 13, 14, 19}: the compressed form reviewers and prompts read.
QString compressLineRanges(QList<int> lines);

} // namespace difftriage::engine
