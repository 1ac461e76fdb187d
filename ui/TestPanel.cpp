#include "TestPanel.h"

#include "CodeView.h"
#include "ElidingLabel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSet>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace difftriage::ui {

TestPanel::TestPanel(QWidget *parent)
    : QWidget(parent), m_title(new ElidingLabel(this)), m_origin(new QLabel(this)),
      m_original(new QToolButton(this)), m_edit(new QToolButton(this)),
      m_run(new QToolButton(this)), m_code(new CodeView(this))
{
    m_origin->setObjectName(QStringLiteral("projectTestOrigin"));
    m_origin->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_origin->setEnabled(false); // greyed: a footnote to the title
    m_edit->setText(tr("&Edit"));
    m_edit->setCheckable(true);
    m_edit->setToolTip(tr("Edit the test (or write a new one) to run it on both versions"));
    connect(m_edit, &QToolButton::toggled, this, &TestPanel::setEditing);
    m_run->setText(tr("R&un on Both Versions"));
    m_run->setToolTip(tr("Run the test in this view on the old and the new version, in the "
                         "background; a difference joins the list"));
    m_run->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return));
    connect(m_run, &QToolButton::clicked, this, [this] {
        emit runRequested(m_code->text(), m_difference ? m_difference->target : QString());
    });
    m_original->setText(tr("Show &original test"));
    m_original->setCheckable(true);
    m_original->setToolTip(tr("Switch between the shrunk test and the test as it was generated"));
    m_original->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    connect(m_original, &QToolButton::toggled, this, [this] {
        render();
        emit shownTestChanged(showsOriginalTest());
    });
    auto *header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    // A long test name must not widen the centre and squeeze the docks: the title is elided in
    // the middle, so the target's last part stays in view.
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    header->addWidget(m_original);
    header->addWidget(m_edit);
    header->addWidget(m_run);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(header);
    layout->addWidget(m_origin);
    layout->addWidget(m_code, 1);
    m_code->setAccessibleName(tr("Test code"));
    clear();
}

QString TestPanel::originText() const
{
    return m_origin->isVisibleTo(this) ? m_origin->text() : QString();
}

void TestPanel::setDifference(const engine::ReportDifference &difference)
{
    stashDraft();
    m_difference = difference;
    restoreDraft();
}

void TestPanel::clear()
{
    stashDraft();
    m_difference.reset();
    restoreDraft();
}

int TestPanel::draftCount() const
{
    return int(m_drafts.size());
}

int TestPanel::editedTests() const
{
    QSet<QString> keys(m_drafts.keyBegin(), m_drafts.keyEnd());
    if (isEditing() && m_code->text() != shownCode())
        keys.insert(draftKey());
    else
        keys.remove(draftKey());
    return int(keys.size());
}

QString TestPanel::draftKey() const
{
    if (!m_difference)
        return {};
    return m_difference->fingerprint.isEmpty() ? m_difference->id : m_difference->fingerprint;
}

QString TestPanel::shownCode() const
{
    if (!m_difference)
        return {};
    return showsOriginal() && !m_difference->originalTestCode.isEmpty()
               ? m_difference->originalTestCode
               : m_difference->testCode;
}

void TestPanel::stashDraft()
{
    if (isEditing() && m_code->text() != shownCode())
        m_drafts.insert(draftKey(), m_code->text());
    else
        m_drafts.remove(draftKey());
}

void TestPanel::restoreDraft()
{
    const auto draft = m_drafts.constFind(draftKey());
    // Without focus changes: the reviewer may be walking the list with the keyboard.
    const QSignalBlocker blocker(m_edit);
    m_edit->setChecked(draft != m_drafts.cend());
    render();
    if (draft == m_drafts.cend())
        return;
    m_code->setCode(*draft);
    m_title->setText(tr("%1 (your edit)").arg(m_title->text()));
}

bool TestPanel::showsOriginal() const
{
    return m_original->isChecked();
}

bool TestPanel::showsOriginalTest() const
{
    return m_difference && m_original->isChecked() && !m_difference->originalTestCode.isEmpty() &&
           m_difference->originalTestCode != m_difference->testCode;
}

QString TestPanel::code() const
{
    return m_code->text();
}

bool TestPanel::isEditing() const
{
    return m_edit->isChecked();
}

void TestPanel::setEditing(bool editing)
{
    if (m_edit->isChecked() != editing) {
        m_edit->setChecked(editing); // toggled() comes back here
        return;
    }
    if (!editing) {
        m_drafts.remove(draftKey());
        render(); // back to the difference's own test
    }
    m_code->setReadOnly(!editing);
    if (editing)
        m_code->setFocus();
}

void TestPanel::render()
{
    const bool fromProject = m_difference && m_difference->projectTest;
    m_origin->setVisible(fromProject);
    m_origin->setText(fromProject ? tr("From project test %1").arg(m_difference->projectTest->test)
                                  : QString());
    if (!m_difference) {
        m_title->setText(tr("No difference selected"));
        m_original->setEnabled(false);
        m_code->setCode({});
        m_code->setReadOnly(!isEditing());
        return;
    }
    const bool hasOriginal = !m_difference->originalTestCode.isEmpty() &&
                             m_difference->originalTestCode != m_difference->testCode;
    m_original->setEnabled(hasOriginal);
    const bool original = hasOriginal && m_original->isChecked();
    // a test the shrinker could not make simpler is shown as it ran, not called shrunk
    const QString title = !hasOriginal ? tr("Test %1 → %2")
                          : original   ? tr("Original test %1 → %2")
                                       : tr("Shrunk test %1 → %2");
    m_title->setText(title.arg(m_difference->testId, m_difference->target));
    m_code->setCode(original ? m_difference->originalTestCode : m_difference->testCode);
    m_code->setReadOnly(!isEditing());
}

} // namespace difftriage::ui
