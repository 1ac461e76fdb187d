<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>DiffDocument</name>
    <message numerus="yes">
        <source>⋯ %n unchanged line(s)</source>
        <translation>
            <numerusform>⋯ %n unchanged line</numerusform>
            <numerusform>⋯ %n unchanged lines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>difftriage::ui::DiffCoveragePanel</name>
    <message numerus="yes">
        <source>%1: reached by %n test(s), none of which found a difference.</source>
        <translation>
            <numerusform>%1: reached by %n test, which found no difference.</numerusform>
            <numerusform>%1: reached by %n tests, none of which found a difference.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: reached by %n test(s). Open one that found a difference to select it.</source>
        <translation>
            <numerusform>%1: reached by %n test, which found a difference. Open it to select it.</numerusform>
            <numerusform>%1: reached by %n tests. Open one that found a difference to select it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1&apos;s test ran %n changed line(s), marked ●</source>
        <translation>
            <numerusform>%1&apos;s test ran %n changed line, marked ●</numerusform>
            <numerusform>%1&apos;s test ran %n changed lines, marked ●</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n of the covered lines run at import, which every test does)</source>
        <translation>
            <numerusform>%1 (%n of the covered lines runs at import, which every test does)</numerusform>
            <numerusform>%1 (%n of the covered lines run at import, which every test does)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>difftriage::ui::MainWindow</name>
    <message numerus="yes">
        <source>Closing loses %n edited test(s).</source>
        <translation>
            <numerusform>Closing loses %n edited test.</numerusform>
            <numerusform>Closing loses %n edited tests.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n change</numerusform>
            <numerusform>%n changes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n test(s) of a budget of %1</source>
        <translation>
            <numerusform>%n test of a budget of %1</numerusform>
            <numerusform>%n tests of a budget of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n note</numerusform>
            <numerusform>%n notes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n difference(s)</source>
        <translation>
            <numerusform>%1: %n difference</numerusform>
            <numerusform>%1: %n differences</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n decision(s) merged</source>
        <translation>
            <numerusform>%n decision merged</numerusform>
            <numerusform>%n decisions merged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Opened %n report(s)</source>
        <translation>
            <numerusform>Opened %n report</numerusform>
            <numerusform>Opened %n reports</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>difftriage::ui::ProgressPanel</name>
    <message numerus="yes">
        <source>(%n queued)</source>
        <translation>
            <numerusform>(%n queued)</numerusform>
            <numerusform>(%n queued)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>difftriage::ui::ReleaseModel</name>
    <message numerus="yes">
        <source>%n reverted</source>
        <translation>
            <numerusform>%n reverted</numerusform>
            <numerusform>%n reverted</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>difftriage::ui::ReleaseWindow</name>
    <message numerus="yes">
        <source>%n PR(s) and direct commit(s)</source>
        <translation>
            <numerusform>%n PR or direct commit</numerusform>
            <numerusform>%n PRs and direct commits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n difference(s)</source>
        <translation>
            <numerusform>%n difference</numerusform>
            <numerusform>%n differences</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>difftriage::ui::SettingsDialog</name>
    <message numerus="yes">
        <source>Forget Consent of %n Repository(s)</source>
        <translation>
            <numerusform>Forget Consent of %n Repository</numerusform>
            <numerusform>Forget Consent of %n Repositories</numerusform>
        </translation>
    </message>
</context>
</TS>
