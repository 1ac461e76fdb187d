#include "VerdictPanel.h"

#include "core/Vocabulary.h"
#include "triage/intent/ReasonPhrases.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

namespace difftriage::ui {

VerdictPanel::VerdictPanel(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_body(new QTextBrowser(this)),
      m_suggestion(new QLabel(this)),
      m_cluster(new QCheckBox(tr("Apply to the whole &cluster"), this)),
      m_note(new QPlainTextEdit(this)), m_noteTimer(new QTimer(this))
{
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_body->setOpenExternalLinks(false);
    m_suggestion->setObjectName(QStringLiteral("suggestion"));
    m_suggestion->setWordWrap(true);
    m_suggestion->setTextFormat(Qt::RichText);

    auto *buttons = new QGroupBox(tr("Verdict"), this);
    auto *grid = new QGridLayout(buttons);
    auto *group = new QButtonGroup(this);
    group->setExclusive(false); // "none" is a state too: the reviewer can take a verdict back
    int index = 0;
    for (engine::Verdict verdict : engine::AllVerdicts) {
        auto *button = new QPushButton(engine::label(verdict), buttons);
        button->setCheckable(true);
        button->setToolTip(tr("Ctrl+%1").arg(index + 1));
        grid->addWidget(button, index / 3, index % 3);
        group->addButton(button);
        m_buttons.insert(verdict, button);
        connect(button, &QPushButton::clicked, this, [this, verdict](bool checked) {
            choose(checked ? verdict : engine::Verdict::None);
        });
        ++index;
    }
    grid->addWidget(m_cluster, 2, 0, 1, 3);

    m_note->setPlaceholderText(tr("Note (why this verdict; saved automatically)"));
    m_note->setTabChangesFocus(true);
    m_noteTimer->setSingleShot(true);
    m_noteTimer->setInterval(600);
    connect(m_note, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_updating)
            m_noteTimer->start();
    });
    connect(m_noteTimer, &QTimer::timeout, this, [this] { emit noteEdited(note()); });

    // Two lines each at least: on a short screen the description and the note give up height
    // before the verdict buttons are squeezed below their text.
    const int twoLines = fontMetrics().lineSpacing() * 2 + 12;
    m_body->setMinimumHeight(twoLines);
    m_note->setMinimumHeight(twoLines);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_body, 2);
    layout->addWidget(m_suggestion);
    layout->addWidget(buttons);
    layout->addWidget(m_note, 1);
    setChange({}, {});
    setDifference(std::nullopt, engine::Verdict::None, {});
}

void VerdictPanel::setChange(const QString &title, const QString &body)
{
    m_title->setText(title.isEmpty() ? tr("No change selected") : title);
    m_description = body;
    setCommitMessages({});
}

void VerdictPanel::setCommitMessages(const QStringList &messages)
{
    if (!m_description.isEmpty())
        m_body->setPlainText(m_description);
    else if (messages.isEmpty())
        m_body->setPlainText(tr("(The change has no description.)"));
    else // the commits often say what the change means to do: the stated intent
        m_body->setPlainText(tr("(The change has no description. Its commits say:)") +
                             QStringLiteral("\n\n") + messages.join(QStringLiteral("\n\n")));
}

QString VerdictPanel::description() const
{
    return m_body->toPlainText();
}

void VerdictPanel::setDifference(const std::optional<engine::ReportDifference> &difference,
                                 engine::Verdict verdict, const QString &note)
{
    m_updating = true;
    // A pending note belongs to the previous difference: flush it before switching.
    if (m_noteTimer->isActive()) {
        m_noteTimer->stop();
        emit noteEdited(this->note());
    }
    for (auto it = m_buttons.cbegin(); it != m_buttons.cend(); ++it) {
        it.value()->setEnabled(difference.has_value());
        it.value()->setChecked(difference && it.key() == verdict);
    }
    m_cluster->setEnabled(difference.has_value());
    m_note->setEnabled(difference.has_value());
    m_note->setPlainText(note);
    // A metamorphic relation's verdicts on each side are evidence of their own.
    QString relation;
    if (difference && difference->relation) {
        const engine::ReportRelation &checked = *difference->relation;
        relation = tr("Relation <b>%1</b>: %2 on the old version, %3 on the new one")
                       .arg(checked.label.toHtmlEscaped(), engine::label(checked.oldVerdict),
                            engine::label(checked.newVerdict));
        if (checked.signal == engine::RelationSignal::Regression)
            relation += tr(" — a strong regression signal");
        else if (checked.signal == engine::RelationSignal::CoincidentalFix)
            relation += tr(" — a coincidental-fix signal");
        relation += QStringLiteral("<br>");
    }
    if (difference && difference->suggestedVerdict != engine::Verdict::None) {
        QString text = tr("Suggested: <b>%1</b>").arg(engine::label(difference->suggestedVerdict));
        // Who suggested it and how sure it is: a model's answer and a keyword rule weigh
        // differently for the reviewer.
        QStringList details;
        if (difference->suggestionConfidence)
            details << engine::label(*difference->suggestionConfidence);
        if (difference->suggestionSource)
            details << tr("by the %1").arg(engine::label(*difference->suggestionSource));
        if (!details.isEmpty())
            text += QStringLiteral(" <i>(%1)</i>")
                        .arg(details.join(QStringLiteral(", ")).toHtmlEscaped());
        for (const QString &reason : difference->suggestionReasons)
            text += QStringLiteral("<br>• ") + engine::translatedReason(reason).toHtmlEscaped();
        m_suggestion->setText(relation + text);
    } else {
        m_suggestion->setText(difference ? relation + tr("No suggestion for this difference.")
                                         : QString());
    }
    m_updating = false;
}

bool VerdictPanel::applyToCluster() const
{
    return m_cluster->isChecked();
}

QString VerdictPanel::note() const
{
    return m_note->toPlainText();
}

void VerdictPanel::choose(engine::Verdict verdict)
{
    if (!m_note->isEnabled())
        return;
    for (auto it = m_buttons.cbegin(); it != m_buttons.cend(); ++it)
        it.value()->setChecked(it.key() == verdict);
    m_noteTimer->stop();
    emit decided(verdict, note(), applyToCluster());
}

} // namespace difftriage::ui
