#pragma once

#include "core/Vocabulary.h"
#include "report/Report.h"

#include <QHash>
#include <QWidget>

class QAbstractButton;
class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QTextBrowser;
class QTimer;

namespace difftriage::ui {

// Beside the difference: the PR's stated intent (title and body), the engine's suggestion and its
// reasons, the reviewer's verdict and note.
class VerdictPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VerdictPanel)

public:
    explicit VerdictPanel(QWidget *parent = nullptr);

    void setChange(const QString &title, const QString &body);
    // The change's own commit messages (from its report): what the panel shows in place of a
    // missing description. setChange() forgets them.
    void setCommitMessages(const QStringList &messages);
    QString description() const;
    // The selected difference with its stored verdict and note; nullopt when none is selected.
    void setDifference(const std::optional<engine::ReportDifference> &difference,
                       engine::Verdict verdict, const QString &note);
    bool applyToCluster() const;
    QString note() const;

public slots:
    // As if the reviewer clicked the verdict's button.
    void choose(difftriage::engine::Verdict verdict);

signals:
    // The reviewer decided; `wholeCluster` asks to apply it to every difference of the cluster.
    void decided(difftriage::engine::Verdict verdict, const QString &note, bool wholeCluster);
    // The note changed (debounced) without a new verdict.
    void noteEdited(const QString &note);

private:
    QLabel *m_title;
    QTextBrowser *m_body;
    QString m_description;
    QLabel *m_suggestion;
    QHash<engine::Verdict, QAbstractButton *> m_buttons;
    QCheckBox *m_cluster;
    QPlainTextEdit *m_note;
    QTimer *m_noteTimer;
    bool m_updating = false;
};

} // namespace difftriage::ui
