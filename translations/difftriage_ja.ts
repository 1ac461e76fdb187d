<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>DiffDocument</name>
    <message numerus="yes">
        <source>⋯ %n unchanged line(s)</source>
        <translation>
            <numerusform>⋯ 変更のない %n 行</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportFormats</name>
    <message>
        <source>&amp;HTML…</source>
        <translation>HTML(&amp;H)…</translation>
    </message>
    <message>
        <source>HTML (*.html)</source>
        <translation>HTML (*.html)</translation>
    </message>
    <message>
        <source>&amp;Markdown…</source>
        <translation>Markdown(&amp;M)…</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>&amp;JSON (report and verdicts)…</source>
        <translation>JSON (レポートと判定)(&amp;J)…</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>&amp;SARIF…</source>
        <translation>SARIF(&amp;S)…</translation>
    </message>
    <message>
        <source>SARIF (*.sarif)</source>
        <translation>SARIF (*.sarif)</translation>
    </message>
    <message>
        <source>&amp;JUnit XML…</source>
        <translation>JUnit XML(&amp;U)…</translation>
    </message>
    <message>
        <source>JUnit XML (*.xml)</source>
        <translation>JUnit XML (*.xml)</translation>
    </message>
    <message>
        <source>&amp;PDF…</source>
        <translation>PDF(&amp;P)…</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Py&amp;test File (expects the chosen side)…</source>
        <translation>pytest ファイル (選んだ側を期待)(&amp;T)…</translation>
    </message>
    <message>
        <source>Python (*.py)</source>
        <translation>Python (*.py)</translation>
    </message>
    <message>
        <source>&amp;Review Comment (Markdown)…</source>
        <translation>レビューコメント (Markdown)(&amp;R)…</translation>
    </message>
</context>
<context>
    <name>ProgressStages</name>
    <message>
        <source>Preparing trees</source>
        <translation>ツリーを準備中</translation>
    </message>
    <message>
        <source>Analysing the change</source>
        <translation>変更を解析中</translation>
    </message>
    <message>
        <source>Importing both versions</source>
        <translation>両バージョンをインポート中</translation>
    </message>
    <message>
        <source>Round %1</source>
        <translation>ラウンド %1</translation>
    </message>
    <message>
        <source>Confirming differences</source>
        <translation>差分を確認中</translation>
    </message>
    <message>
        <source>Shrinking tests</source>
        <translation>テストを縮小中</translation>
    </message>
    <message>
        <source>Writing the report</source>
        <translation>レポートを作成中</translation>
    </message>
    <message>
        <source>Suggesting verdicts</source>
        <translation>判定を提案中</translation>
    </message>
    <message>
        <source>Running the project&apos;s own tests</source>
        <translation>プロジェクト自身のテストを実行中</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>DiffTriage was built without a keychain</source>
        <translation>DiffTriage はキーチェーンなしでビルドされています</translation>
    </message>
</context>
<context>
    <name>Reason</name>
    <message>
        <source>the PR says %1</source>
        <translation>PR に %1 とある</translation>
    </message>
    <message>
        <source>the PR says %1 but also %2</source>
        <translation>PR に %1 とあるが %2 ともある</translation>
    </message>
    <message>
        <source>the PR announces a change (%1)</source>
        <translation>PR が変更を告げている (%1)</translation>
    </message>
    <message>
        <source>the title announces a change (%1)</source>
        <translation>タイトルが変更を告げている (%1)</translation>
    </message>
    <message>
        <source>the PR says it fixes something (%1)</source>
        <translation>PR は何かを修正すると述べている (%1)</translation>
    </message>
    <message>
        <source>the PR describes a tidy-up (%1) and announces no change</source>
        <translation>PR は整理 (%1) を述べ、振る舞いの変更を告げていない</translation>
    </message>
    <message>
        <source>the PR does not say what behaviour it means to change</source>
        <translation>PR はどの振る舞いを変えるつもりか述べていない</translation>
    </message>
    <message>
        <source>the PR names %1</source>
        <translation>PR が %1 を名指ししている</translation>
    </message>
    <message>
        <source>the PR mentions &quot;%1&quot; (from %2)</source>
        <translation>PR が「%1」(%2 から) に触れている</translation>
    </message>
    <message>
        <source>the PR mentions %1 but not %2</source>
        <translation>PR は %1 に触れているが %2 には触れていない</translation>
    </message>
    <message>
        <source>the PR does not mention %1</source>
        <translation>PR は %1 に触れていない</translation>
    </message>
    <message>
        <source>the PR says %1 %2</source>
        <translation>PR に %1 は %2 とある</translation>
    </message>
    <message>
        <source>the PR says %1 stays %2</source>
        <translation>PR に %1 は %2 のままとある</translation>
    </message>
    <message>
        <source>the PR mentions %1</source>
        <translation>PR が %1 に触れている</translation>
    </message>
    <message>
        <source>the PR does not name %1: handlers catching %2 may miss it</source>
        <translation>PR は %1 を名指ししていない: %2 を捕捉するハンドラーが取りこぼすおそれがある</translation>
    </message>
    <message>
        <source>the PR describes %1 as a failure it fixes</source>
        <translation>PR は %1 を修正する不具合として述べている</translation>
    </message>
    <message>
        <source>the PR does not say it should raise</source>
        <translation>PR は例外を送出すべきとは述べていない</translation>
    </message>
    <message>
        <source>both versions raise %1; only its message differs</source>
        <translation>両バージョンとも %1 を送出し、メッセージだけが異なる</translation>
    </message>
    <message>
        <source>the exception changes from %1 to %2</source>
        <translation>例外が %1 から %2 に変わる</translation>
    </message>
    <message>
        <source>the new version raises %1 where the old one did not</source>
        <translation>旧版では送出しなかった %1 を新版が送出する</translation>
    </message>
    <message>
        <source>the old version raised %1, the new one does not</source>
        <translation>旧版は %1 を送出したが、新版は送出しない</translation>
    </message>
    <message>
        <source>%1 looks like a bug that went away</source>
        <translation>%1 はなくなったバグに見える</translation>
    </message>
    <message>
        <source>the new version accepts what the old one rejected</source>
        <translation>旧版が拒否した入力を新版は受け付ける</translation>
    </message>
    <message>
        <source>%1 cannot be reached on the new side: an entry point was removed</source>
        <translation>%1 は新版から到達できない: 入口が削除された</translation>
    </message>
    <message>
        <source>%1 can be reached on the new side only: an entry point was added</source>
        <translation>%1 は新版からのみ到達できる: 入口が追加された</translation>
    </message>
    <message>
        <source>only whitespace differs in the output</source>
        <translation>出力は空白だけが異なる</translation>
    </message>
    <message>
        <source>only letter case differs in the output</source>
        <translation>出力は大文字と小文字だけが異なる</translation>
    </message>
    <message>
        <source>only the order differs in the output</source>
        <translation>出力は順序だけが異なる</translation>
    </message>
    <message>
        <source>the output differs</source>
        <translation>出力が異なる</translation>
    </message>
    <message>
        <source>only the warnings differ</source>
        <translation>警告だけが異なる</translation>
    </message>
    <message>
        <source>only the new version times out or crashes, on every rerun</source>
        <translation>新版だけが、再実行のたびにタイムアウトまたはクラッシュする</translation>
    </message>
    <message>
        <source>only the old version timed out or crashed</source>
        <translation>旧版だけがタイムアウトまたはクラッシュした</translation>
    </message>
    <message>
        <source>relation %1 holds on the old version and breaks on the new one</source>
        <translation>関係 %1 は旧版で成立し、新版で成立しない</translation>
    </message>
    <message>
        <source>relation %1 breaks on the old version and holds on the new one</source>
        <translation>関係 %1 は旧版で成立せず、新版で成立する</translation>
    </message>
    <message>
        <source>as for %1, of the same cluster</source>
        <translation>同じクラスターの %1 と同様</translation>
    </message>
    <message>
        <source>LLM classifier gave no answer (%1); the offline heuristic&apos;s suggestion is shown</source>
        <translation>LLM 分類器から回答がない (%1): オフラインのヒューリスティックの提案を表示</translation>
    </message>
    <message>
        <source>noteworthy</source>
        <translation>注目に値する</translation>
    </message>
    <message>
        <source>minor</source>
        <translation>軽微</translation>
    </message>
    <message>
        <source>deterministic</source>
        <translation>決定的</translation>
    </message>
    <message>
        <source>non-deterministic</source>
        <translation>非決定的</translation>
    </message>
    <message>
        <source>public</source>
        <translation>公開</translation>
    </message>
    <message>
        <source>project-internal</source>
        <translation>プロジェクト内部</translation>
    </message>
    <message>
        <source>legal input</source>
        <translation>正当な入力</translation>
    </message>
    <message>
        <source>illegal input</source>
        <translation>不正な入力</translation>
    </message>
    <message>
        <source>intended</source>
        <translation>意図どおり</translation>
    </message>
    <message>
        <source>unintended</source>
        <translation>意図しない</translation>
    </message>
    <message>
        <source>the old output is expected</source>
        <translation>旧版の出力が期待どおり</translation>
    </message>
    <message>
        <source>the new output is expected</source>
        <translation>新版の出力が期待どおり</translation>
    </message>
    <message>
        <source>neither output is clearly the expected one</source>
        <translation>どちらの出力が期待どおりか明らかでない</translation>
    </message>
</context>
<context>
    <name>ReviewCommentExporter</name>
    <message>
        <source>(no output)</source>
        <translation>(出力なし)</translation>
    </message>
    <message>
        <source>DiffTriage review: %1</source>
        <translation>DiffTriage レビュー: %1</translation>
    </message>
    <message>
        <source>No behavioural difference was found between %1 and %2.</source>
        <translation>%1 と %2 の間に振る舞いの差は見つかりませんでした。</translation>
    </message>
    <message>
        <source>**Behavioural differences: %1 of %2 decided**</source>
        <translation>**振る舞いの差: %2 件中 %1 件判定済み**</translation>
    </message>
    <message>
        <source>Found by running generated tests on %1 (old) and %2 (new).</source>
        <translation>生成したテストを %1 (旧) と %2 (新) で実行して見つけました。</translation>
    </message>
    <message>
        <source>Test and outcomes</source>
        <translation>テストと結果</translation>
    </message>
    <message>
        <source>Old</source>
        <translation>旧</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新</translation>
    </message>
    <message>
        <source>Relations that break on both versions</source>
        <translation>両バージョンで破れる関係</translation>
    </message>
</context>
<context>
    <name>SandboxNote</name>
    <message>
        <source>Tests run as the unprivileged user &apos;%1&apos;; bubblewrap starts as root because as that user %2.</source>
        <translation>テストは権限のないユーザー &apos;%1&apos; として実行されます。そのユーザーでは %2 ため、bubblewrap は root として起動します。</translation>
    </message>
    <message>
        <source>Tests run as the unprivileged user &apos;%1&apos;.</source>
        <translation>テストは権限のないユーザー &apos;%1&apos; として実行されます。</translation>
    </message>
    <message>
        <source>Tests run as root without any capability: the unprivileged user &apos;%1&apos; cannot reach the interpreter. Process-count limits do not apply, and files only root may write are writable wherever Landlock does not confine writes.</source>
        <translation>テストはケーパビリティを一切持たない root として実行されます。権限のないユーザー &apos;%1&apos; からインタープリターに到達できないためです。プロセス数の制限は適用されず、Landlock が書き込みを制限しない場所では root だけが書き込めるファイルにも書き込めます。</translation>
    </message>
    <message>
        <source>Tests run as an unprivileged uid of their own user namespace, with no capabilities.</source>
        <translation>テストは専用のユーザー名前空間内の権限のない uid として、ケーパビリティなしで実行されます。</translation>
    </message>
    <message>
        <source>Tests run as root: there is no unprivileged user &apos;%1&apos;, so process-count limits and file modes do not apply.</source>
        <translation>テストは root として実行されます。権限のないユーザー &apos;%1&apos; が存在しないため、プロセス数の制限とファイルのパーミッションは適用されません。</translation>
    </message>
    <message>
        <source>Tests run as you.</source>
        <translation>テストはあなたのユーザーとして実行されます。</translation>
    </message>
    <message>
        <source>Landlock: each test reads only the system&apos;s programs and libraries, the interpreter, a few /etc files, its tree and its own directory (not /tmp, /var, /run, /home, /root or other processes&apos; /proc)</source>
        <translation>Landlock: 各テストが読めるのはシステムのプログラムとライブラリ、インタープリター、/etc のいくつかのファイル、ツリー、自分専用のディレクトリだけです（/tmp、/var、/run、/home、/root、他のプロセスの /proc は読めません）</translation>
    </message>
    <message>
        <source>, and can neither signal nor reach through an abstract socket any process outside its own test.</source>
        <translation>。また、自分のテストの外のプロセスにはシグナルを送ることも抽象ソケットで接続することもできません。</translation>
    </message>
    <message>
        <source>No Landlock: tests can read every file their user may read.</source>
        <translation>Landlock なし: テストはそのユーザーが読めるすべてのファイルを読めます。</translation>
    </message>
    <message>
        <source>Full sandbox (bubblewrap): no network but loopback, the system and the trees read-only, a private /tmp, /run and home, no other process in sight; the worker is the init of the tests&apos; process namespace, so no test can kill it, and everything a test starts ends with it; time, memory, file-size and process-count limits.</source>
        <translation>完全なサンドボックス (bubblewrap): ループバック以外のネットワークなし、システムとツリーは読み取り専用、専用の /tmp・/run・ホーム、他のプロセスは見えません。ワーカーはテストのプロセス名前空間の init なので、どのテストもワーカーを終了できず、テストが起動したものはすべてテストとともに終了します。時間・メモリ・ファイルサイズ・プロセス数に制限があります。</translation>
    </message>
    <message>
        <source>seccomp refuses Unix sockets, so no listener of the host answers (the session bus, the systemd manager).</source>
        <translation>seccomp が Unix ソケットを拒否するため、ホストの待ち受け（セッションバス、systemd マネージャー）には接続できません。</translation>
    </message>
    <message>
        <source>Not protected (no seccomp): Unix sockets in directories the sandbox shows answer tests.</source>
        <translation>保護されないもの（seccomp なし）: サンドボックスから見えるディレクトリにある Unix ソケットはテストに応答します。</translation>
    </message>
    <message>
        <source>Not protected: world-readable files outside /tmp, /run and your home (/etc, /var, /srv, /opt, other users&apos; homes).</source>
        <translation>保護されないもの: /tmp、/run、あなたのホーム以外にある誰でも読めるファイル（/etc、/var、/srv、/opt、他のユーザーのホーム）。</translation>
    </message>
    <message>
        <source>Degraded sandbox (%1): time, memory, file-size and process-count limits, a fresh home and a private working directory; everything a test starts ends with it.</source>
        <translation>縮退サンドボックス (%1): 時間・メモリ・ファイルサイズ・プロセス数の制限、新しいホームと専用の作業ディレクトリ。テストが起動したものはすべてテストとともに終了します。</translation>
    </message>
    <message>
        <source>Landlock confines writes to that directory</source>
        <translation>Landlock は書き込みをそのディレクトリに限定します</translation>
    </message>
    <message>
        <source> and blocks TCP.</source>
        <translation>。また TCP を遮断します。</translation>
    </message>
    <message>
        <source>Writes outside it are NOT contained (no Landlock).</source>
        <translation>その外への書き込みは制限されません（Landlock なし）。</translation>
    </message>
    <message>
        <source>seccomp refuses every socket (no network, no Unix sockets such as the session bus), ptrace and kill(-1).</source>
        <translation>seccomp はすべてのソケット（ネットワークも、セッションバスなどの Unix ソケットも）、ptrace、kill(-1) を拒否します。</translation>
    </message>
    <message>
        <source>The network and Unix sockets are NOT blocked (no seccomp).</source>
        <translation>ネットワークと Unix ソケットは遮断されません（seccomp なし）。</translation>
    </message>
    <message>
        <source>Not protected: tests see the host&apos;s process IDs, name and kernel</source>
        <translation>保護されないもの: テストからホストのプロセス ID、ホスト名、カーネルが見えます</translation>
    </message>
    <message>
        <source>, and can signal other processes of the user &apos;%1&apos;</source>
        <translation>。また、ユーザー &apos;%1&apos; の他のプロセスにシグナルを送れます</translation>
    </message>
    <message>
        <source>, and can signal other processes of their user, the worker included (the analysis then runs each test of the batch alone)</source>
        <translation>。また、ワーカーを含め、同じユーザーの他のプロセスにシグナルを送れます（その場合、解析はバッチの各テストを単独で実行し直します）</translation>
    </message>
    <message>
        <source>Tests run as root without any capability: there is no unprivileged user &apos;%1&apos;. Process-count limits do not apply, and files only root may write are writable wherever Landlock does not confine writes.</source>
        <translation>テストはケーパビリティを一切持たない root として実行されます。権限のないユーザー &apos;%1&apos; が存在しないためです。プロセス数の制限は適用されず、Landlock が書き込みを制限しない場所では root だけが書き込めるファイルにも書き込めます。</translation>
    </message>
</context>
<context>
    <name>Vocabulary</name>
    <message>
        <source>Intended</source>
        <translation>意図どおり</translation>
    </message>
    <message>
        <source>Regression</source>
        <translation>リグレッション</translation>
    </message>
    <message>
        <source>Coincidental fix</source>
        <translation>偶然の修正</translation>
    </message>
    <message>
        <source>Spec undecided</source>
        <translation>仕様未確定</translation>
    </message>
    <message>
        <source>Invalid test</source>
        <translation>無効なテスト</translation>
    </message>
    <message>
        <source>Undecided</source>
        <translation>未判定</translation>
    </message>
    <message>
        <source>different exception</source>
        <translation>例外が異なる</translation>
    </message>
    <message>
        <source>only old raises</source>
        <translation>旧版のみ例外</translation>
    </message>
    <message>
        <source>only new raises</source>
        <translation>新版のみ例外</translation>
    </message>
    <message>
        <source>output differs</source>
        <translation>出力が異なる</translation>
    </message>
    <message>
        <source>only old aborts</source>
        <translation>旧版のみ異常終了</translation>
    </message>
    <message>
        <source>only new aborts</source>
        <translation>新版のみ異常終了</translation>
    </message>
    <message>
        <source>API change</source>
        <translation>API の変更</translation>
    </message>
    <message>
        <source>different warnings</source>
        <translation>警告が異なる</translation>
    </message>
    <message>
        <source>low confidence</source>
        <translation>確信度 低</translation>
    </message>
    <message>
        <source>medium confidence</source>
        <translation>確信度 中</translation>
    </message>
    <message>
        <source>high confidence</source>
        <translation>確信度 高</translation>
    </message>
    <message>
        <source>offline heuristic</source>
        <translation>オフラインのヒューリスティック</translation>
    </message>
    <message>
        <source>language model</source>
        <translation>言語モデル</translation>
    </message>
    <message>
        <source>every changed line covered</source>
        <translation>変更行をすべて網羅</translation>
    </message>
    <message>
        <source>a round added nothing</source>
        <translation>ラウンドで増分なし</translation>
    </message>
    <message>
        <source>test budget spent</source>
        <translation>テスト予算を使い切った</translation>
    </message>
    <message>
        <source>time budget spent</source>
        <translation>時間予算を使い切った</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
    <message>
        <source>no changed Python code</source>
        <translation>Python コードの変更なし</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>degraded</source>
        <translation>縮退</translation>
    </message>
    <message>
        <source>no signal</source>
        <translation>シグナルなし</translation>
    </message>
    <message>
        <source>regression signal</source>
        <translation>リグレッションのシグナル</translation>
    </message>
    <message>
        <source>coincidental-fix signal</source>
        <translation>偶然の修正のシグナル</translation>
    </message>
    <message>
        <source>holds</source>
        <translation>成立</translation>
    </message>
    <message>
        <source>breaks</source>
        <translation>不成立</translation>
    </message>
    <message>
        <source>not reached</source>
        <translation>未到達</translation>
    </message>
    <message>
        <source>returned</source>
        <translation>正常終了</translation>
    </message>
    <message>
        <source>raised</source>
        <translation>例外</translation>
    </message>
    <message>
        <source>exited</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>強制終了</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>クラッシュ</translation>
    </message>
    <message>
        <source>same behaviour</source>
        <translation>同じ振る舞い</translation>
    </message>
    <message>
        <source>difference</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>重複</translation>
    </message>
    <message>
        <source>flaky</source>
        <translation>不安定</translation>
    </message>
    <message>
        <source>public</source>
        <translation>公開</translation>
    </message>
    <message>
        <source>private</source>
        <translation>非公開</translation>
    </message>
    <message>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <source>both versions</source>
        <translation>両バージョン</translation>
    </message>
    <message>
        <source>old version only</source>
        <translation>旧版のみ</translation>
    </message>
    <message>
        <source>new version only</source>
        <translation>新版のみ</translation>
    </message>
    <message>
        <source>function</source>
        <translation>関数</translation>
    </message>
    <message>
        <source>method</source>
        <translation>メソッド</translation>
    </message>
    <message>
        <source>special method</source>
        <translation>特殊メソッド</translation>
    </message>
    <message>
        <source>call path</source>
        <translation>呼び出し経路</translation>
    </message>
    <message>
        <source>offline generator</source>
        <translation>オフライン生成器</translation>
    </message>
    <message>
        <source>the effort&apos;s tests spent</source>
        <translation>努力量のテストを使い切った</translation>
    </message>
    <message>
        <source>nothing new in any target</source>
        <translation>どの対象にも新しい発見がない</translation>
    </message>
    <message>
        <source>quick</source>
        <translation>クイック</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>標準</translation>
    </message>
    <message>
        <source>thorough</source>
        <translation>徹底</translation>
    </message>
    <message>
        <source>Relation wrong</source>
        <translation>関係が誤り</translation>
    </message>
    <message>
        <source>Implementation wrong</source>
        <translation>実装が誤り</translation>
    </message>
    <message>
        <source>introduced by one change</source>
        <translation>ひとつの変更が導入</translation>
    </message>
    <message>
        <source>not reproduced</source>
        <translation>再現せず</translation>
    </message>
    <message>
        <source>the test cannot run at a probed revision</source>
        <translation>調べたリビジョンでテストを実行できない</translation>
    </message>
    <message>
        <source>the behaviour changed more than once</source>
        <translation>振る舞いが複数回変わった</translation>
    </message>
    <message>
        <source>like the old end</source>
        <translation>旧端と同じ</translation>
    </message>
    <message>
        <source>like the new end</source>
        <translation>新端と同じ</translation>
    </message>
    <message>
        <source>like neither end</source>
        <translation>どちらの端とも異なる</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>実行不可</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未確認</translation>
    </message>
    <message>
        <source>present at the head</source>
        <translation>ヘッドに存在</translation>
    </message>
    <message>
        <source>not present at the head</source>
        <translation>ヘッドに存在しない</translation>
    </message>
    <message>
        <source>changed again before the head</source>
        <translation>ヘッドまでに再び変化</translation>
    </message>
    <message>
        <source>merged</source>
        <translation>マージ済み</translation>
    </message>
    <message>
        <source>open</source>
        <translation>オープン</translation>
    </message>
    <message>
        <source>branch</source>
        <translation>ブランチ</translation>
    </message>
    <message>
        <source>chosen revisions</source>
        <translation>指定したリビジョン</translation>
    </message>
    <message>
        <source>direct commit</source>
        <translation>直接コミット</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::DiffCodeView</name>
    <message>
        <source>changed, no test reached it</source>
        <translation>変更あり、どのテストも到達せず</translation>
    </message>
    <message>
        <source>reached by 1 test</source>
        <translation>1 件のテストが到達</translation>
    </message>
    <message>
        <source>reached by 2–4 tests</source>
        <translation>2〜4 件のテストが到達</translation>
    </message>
    <message>
        <source>reached by 5 or more tests</source>
        <translation>5 件以上のテストが到達</translation>
    </message>
    <message>
        <source>changed, not a statement (comment, blank line)</source>
        <translation>変更あり、文ではない (コメント、空行)</translation>
    </message>
    <message>
        <source>no line on this side</source>
        <translation>この側には行がない</translation>
    </message>
    <message>
        <source>unchanged lines folded (click to show)</source>
        <translation>変更のない行を折りたたみ (クリックで表示)</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>added</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>変更</translation>
    </message>
    <message>
        <source>run by the selected difference&apos;s test</source>
        <translation>選択した差分のテストが実行</translation>
    </message>
    <message>
        <source>what differs inside the line</source>
        <translation>行の中で異なる部分</translation>
    </message>
    <message>
        <source>click to show the folded lines</source>
        <translation>クリックで折りたたんだ行を表示</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::DiffCoveragePanel</name>
    <message>
        <source>Changed files</source>
        <translation>変更されたファイル</translation>
    </message>
    <message>
        <source>Tests that reached the line</source>
        <translation>この行に到達したテスト</translation>
    </message>
    <message>
        <source>Changed functions</source>
        <translation>変更された関数</translation>
    </message>
    <message>
        <source>%1 behaved the same on both versions: it found no difference to open.</source>
        <translation>%1 は両バージョンで同じ振る舞いでした: 開く差分はありません。</translation>
    </message>
    <message>
        <source>Union coverage of the changed lines: %1 %</source>
        <translation>変更行の合併カバレッジ: %1 %</translation>
    </message>
    <message>
        <source>Click a changed line to list the tests that reached it.</source>
        <translation>変更行をクリックすると、そこに到達したテストが一覧されます。</translation>
    </message>
    <message>
        <source>No Python line changed.</source>
        <translation>Python の行は変更されていません。</translation>
    </message>
    <message>
        <source>Reading the changed files…</source>
        <translation>変更されたファイルを読み込んでいます…</translation>
    </message>
    <message>
        <source>No analysis selected.</source>
        <translation>解析が選択されていません。</translation>
    </message>
    <message>
        <source>The changed files could not be read: %1</source>
        <translation>変更されたファイルを読み込めませんでした: %1</translation>
    </message>
    <message>
        <source>Old line %1</source>
        <translation>旧 %1 行目</translation>
    </message>
    <message>
        <source>New line %1</source>
        <translation>新 %1 行目</translation>
    </message>
    <message>
        <source>%1 changed but is not a statement: no test can run it.</source>
        <translation>%1 は変更されましたが文ではありません: どのテストも実行できません。</translation>
    </message>
    <message>
        <source>%1: no test reached it.</source>
        <translation>%1: どのテストも到達していません。</translation>
    </message>
    <message numerus="yes">
        <source>%1: reached by %n test(s). Open one that found a difference to select it.</source>
        <translation>
            <numerusform>%1: %n 件のテストが到達しました。差分を見つけたテストを開くとその差分を選択します。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 did not change: coverage is measured on changed lines only.</source>
        <translation>%1 は変更されていません: カバレッジは変更行でのみ測ります。</translation>
    </message>
    <message numerus="yes">
        <source>%1&apos;s test ran %n changed line(s), marked ●</source>
        <translation>
            <numerusform>%1 のテストは変更行を %n 行実行しました (● で表示)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1&apos;s test ran no changed line</source>
        <translation>%1 のテストは変更行を実行しませんでした</translation>
    </message>
    <message>
        <source>%1&apos;s coverage was not measured (a test run on its own)</source>
        <translation>%1 のカバレッジは測定されていません (単独で実行したテスト)</translation>
    </message>
    <message>
        <source>Not analysed yet: the change&apos;s diff. Analyse it (Ctrl+R) to see which tests reach each changed line.</source>
        <translation>未解析: 変更の差分です。解析 (Ctrl+R) すると、変更行ごとにどのテストが到達したかが分かります。</translation>
    </message>
    <message>
        <source>Not analysed yet: no test has run.</source>
        <translation>未解析: まだテストは実行されていません。</translation>
    </message>
    <message>
        <source>Select a change to see its diff.</source>
        <translation>変更を選ぶと差分を表示します。</translation>
    </message>
    <message>
        <source>No old line here: the new version&apos;s lines stand in this row.</source>
        <translation>ここに旧版の行はありません: この行には新版の行だけがあります。</translation>
    </message>
    <message>
        <source>No new line here: the old version&apos;s lines stand in this row.</source>
        <translation>ここに新版の行はありません: この行には旧版の行だけがあります。</translation>
    </message>
    <message numerus="yes">
        <source>%1: reached by %n test(s), none of which found a difference.</source>
        <translation>
            <numerusform>%1: %n 件のテストが到達しましたが、差分を見つけたテストはありません。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n of the covered lines run at import, which every test does)</source>
        <translation>
            <numerusform>%1（到達した行のうち %n 行はインポート時に実行され、どのテストも到達します）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 runs when its module is imported: every test reaches it, whatever the test exercises.</source>
        <translation>%1 はモジュールのインポート時に実行されます。何を試すテストでも到達します。</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::DiffFileModel</name>
    <message>
        <source>No changed line of this file is a statement</source>
        <translation>このファイルの変更行に文はありません</translation>
    </message>
    <message>
        <source>no statement</source>
        <translation>文なし</translation>
    </message>
    <message>
        <source>%1 of %2 changed statements reached by a test, old and new versions together</source>
        <translation>変更された文 %2 件中 %1 件にテストが到達 (旧と新の合計)</translation>
    </message>
    <message>
        <source>%1: the selected difference&apos;s test ran changed lines here</source>
        <translation>%1: 選択した差分のテストがここの変更行を実行しました</translation>
    </message>
    <message>
        <source>File</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>カバレッジ</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Analyse the change to see which changed lines its tests reach</source>
        <translation>変更を解析すると、テストが到達した変更行が分かります</translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation>未解析</translation>
    </message>
    <message>
        <source>Changed lines: %1 on the old version, %2 on the new one, a statement that spans several lines counted once (git&apos;s diff counts each line)</source>
        <translation>変更行: 旧バージョン %1 行、新バージョン %2 行 (複数行にわたる文は 1 行と数えます。git の差分は各行を数えます)</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::DiffView</name>
    <message>
        <source>Side by Side</source>
        <translation>左右に並べる</translation>
    </message>
    <message>
        <source>Old and new in two aligned columns</source>
        <translation>旧と新を揃えた 2 列で表示</translation>
    </message>
    <message>
        <source>Unified</source>
        <translation>統合</translation>
    </message>
    <message>
        <source>Old and new lines in one column</source>
        <translation>旧と新の行を 1 列で表示</translation>
    </message>
    <message>
        <source>Ignore &amp;whitespace</source>
        <translation>空白を無視(&amp;W)</translation>
    </message>
    <message>
        <source>W&amp;hole file</source>
        <translation>ファイル全体(&amp;H)</translation>
    </message>
    <message>
        <source>Previous change (Alt+Up)</source>
        <translation>前の変更 (Alt+Up)</translation>
    </message>
    <message>
        <source>Next change (Alt+Down)</source>
        <translation>次の変更 (Alt+Down)</translation>
    </message>
    <message>
        <source>Show every line instead of the changes and three lines around</source>
        <translation>変更とその前後 3 行ではなく、すべての行を表示</translation>
    </message>
    <message>
        <source>Lines that differ only in spaces, tabs or line ends count as the same</source>
        <translation>空白、タブ、行末だけが異なる行を同じとみなす</translation>
    </message>
    <message>
        <source>Old version</source>
        <translation>旧バージョン</translation>
    </message>
    <message>
        <source>New version</source>
        <translation>新バージョン</translation>
    </message>
    <message>
        <source>No file selected.</source>
        <translation>ファイルが選択されていません。</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::DifferenceList</name>
    <message>
        <source>Differences</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>No differences.</source>
        <translation>差分はありません。</translation>
    </message>
    <message>
        <source>Find: id, function, kind, verdict, note or code</source>
        <translation>検索: ID、関数、種類、判定、メモ、コード</translation>
    </message>
    <message>
        <source>Find differences</source>
        <translation>差分を検索</translation>
    </message>
    <message>
        <source>%1 of %2 decided</source>
        <translation>%2 件中 %1 件判定済み</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::DifferenceModel</name>
    <message>
        <source>%1/%2 decided</source>
        <translation>%1/%2 件判定済み</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Suggested</source>
        <translation>提案</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (%2)

%3</source>
        <translation>%1 (%2)

%3</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>not attributed · %1</source>
        <translation>導入元不明 · %1</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::FunctionCoverageModel</name>
    <message>
        <source>Function</source>
        <translation>関数</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Versions</source>
        <translation>バージョン</translation>
    </message>
    <message>
        <source>Union coverage</source>
        <translation>合併カバレッジ</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::LineTestsModel</name>
    <message>
        <source>Test %1 (open it to select its difference):
%2</source>
        <translation>テスト %1 (開くとその差分を選択):
%2</translation>
    </message>
    <message>
        <source>Test %1:
%2</source>
        <translation>テスト %1:
%2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::MainWindow</name>
    <message>
        <source>DiffTriage</source>
        <translation>DiffTriage</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Repository…</source>
        <translation>リポジトリを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 を読み込み中…</translation>
    </message>
    <message>
        <source>Open Repository</source>
        <translation>リポジトリを開く</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n 件の変更</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot open the repository: %1</source>
        <translation>リポジトリを開けません: %1</translation>
    </message>
    <message>
        <source>Analysis of %1 failed: %2</source>
        <translation>%1 の解析に失敗しました: %2</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>変更</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>%1 — DiffTriage</source>
        <translation>%1 — DiffTriage</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>This change is being analysed.</source>
        <translation>この変更は解析中です。</translation>
    </message>
    <message>
        <source>Not analysed yet: press Analyse (Ctrl+R).</source>
        <translation>未解析です: 「解析」(Ctrl+R) を押してください。</translation>
    </message>
    <message>
        <source>Verdict not saved</source>
        <translation>判定を保存できませんでした</translation>
    </message>
    <message>
        <source>Saved: %1</source>
        <translation>保存しました: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n difference(s)</source>
        <translation>
            <numerusform>%1: %n 件の差分</numerusform>
        </translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近開いたリポジトリ(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>エクスポート(&amp;E)</translation>
    </message>
    <message>
        <source>Export &amp;Triage…</source>
        <translation>判定をエクスポート(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Import Triage…</source>
        <translation>判定をインポート(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Analysis</source>
        <translation>解析(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Analyse Selected Changes</source>
        <translation>選択した変更を解析(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Re-run Current Change</source>
        <translation>現在の変更を再解析(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Compare Revisions…</source>
        <translation>リビジョンを比較(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>キャンセル(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Triage</source>
        <translation>判定(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Next Undecided</source>
        <translation>次の未判定(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Undecided</source>
        <translation>前の未判定(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Clear Verdict</source>
        <translation>判定を取り消す(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Find Change</source>
        <translation>変更を検索(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About DiffTriage</source>
        <translation>DiffTriage について(&amp;A)</translation>
    </message>
    <message>
        <source>About DiffTriage</source>
        <translation>DiffTriage について</translation>
    </message>
    <message>
        <source>&lt;b&gt;DiffTriage %1&lt;/b&gt;&lt;p&gt;Behavioural difference triage for Python pull requests.&lt;/p&gt;</source>
        <translation>&lt;b&gt;DiffTriage %1&lt;/b&gt;&lt;p&gt;Python プルリクエストの振る舞いの差を仕分けるツール。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(なし)</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>一覧を消去(&amp;C)</translation>
    </message>
    <message>
        <source>No analysis is open.</source>
        <translation>解析が開かれていません。</translation>
    </message>
    <message>
        <source>Open an analysed change first.</source>
        <translation>先に解析済みの変更を開いてください。</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>エクスポート</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>エクスポートに失敗しました</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>%1 にエクスポートしました</translation>
    </message>
    <message>
        <source>Export Triage</source>
        <translation>判定をエクスポート</translation>
    </message>
    <message>
        <source>Import Triage</source>
        <translation>判定をインポート</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>インポートに失敗しました</translation>
    </message>
    <message numerus="yes">
        <source>%n decision(s) merged</source>
        <translation>
            <numerusform>%n 件の判定をマージしました</numerusform>
        </translation>
    </message>
    <message>
        <source>Sandbox: %1</source>
        <translation>サンドボックス: %1</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>設定(&amp;S)…</translation>
    </message>
    <message>
        <source>Open Re&amp;ports…</source>
        <translation>レポートを開く(&amp;P)…</translation>
    </message>
    <message>
        <source>Open the repository the reports are about first.</source>
        <translation>先にレポートの対象のリポジトリを開いてください。</translation>
    </message>
    <message>
        <source>Open Reports</source>
        <translation>レポートを開く</translation>
    </message>
    <message>
        <source>DiffTriage reports (*.json);;All files (*)</source>
        <translation>DiffTriage レポート (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>No repository is open.</source>
        <translation>リポジトリが開かれていません。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Opened %n report(s)</source>
        <translation>
            <numerusform>%n 件のレポートを開きました</numerusform>
        </translation>
    </message>
    <message>
        <source>Some reports were not opened</source>
        <translation>開けなかったレポートがあります</translation>
    </message>
    <message>
        <source>Open a change first.</source>
        <translation>先に変更を開いてください。</translation>
    </message>
    <message>
        <source>The test is empty.</source>
        <translation>テストが空です。</translation>
    </message>
    <message>
        <source>Running the test on both versions…</source>
        <translation>両方のバージョンでテストを実行しています…</translation>
    </message>
    <message>
        <source>The test could not run: %1</source>
        <translation>テストを実行できませんでした: %1</translation>
    </message>
    <message>
        <source>Same behaviour on both versions.</source>
        <translation>両方のバージョンで同じ振る舞いです。</translation>
    </message>
    <message>
        <source>The test is flaky: a rerun disagreed with its first run.</source>
        <translation>このテストは不安定です: 再実行の結果が最初の実行と一致しませんでした。</translation>
    </message>
    <message>
        <source>The test shows a difference: %1</source>
        <translation>テストが差分を示しました: %1</translation>
    </message>
    <message>
        <source>The API key is used until you quit but was not stored in the keychain: %1</source>
        <translation>API キーは終了するまで使いますが、キーチェーンには保存されませんでした: %1</translation>
    </message>
    <message>
        <source>Relations to Review</source>
        <translation>確認する関係</translation>
    </message>
    <message>
        <source>Relations to Review (%1)</source>
        <translation>確認する関係 (%1)</translation>
    </message>
    <message>
        <source>Analysis cancelled: no code was sent.</source>
        <translation>解析を取り消しました。コードは送信されていません。</translation>
    </message>
    <message>
        <source>Send Code to %1?</source>
        <translation>%1 にコードを送信しますか?</translation>
    </message>
    <message>
        <source>The language model at %1 is on another machine. Analysing this repository with it sends the changed code, the tests and the PR&apos;s text there.</source>
        <translation>%1 の言語モデルは別のマシン上にあります。このモデルでこのリポジトリを解析すると、変更されたコード、テスト、PR の本文がそこへ送信されます。</translation>
    </message>
    <message>
        <source>Allow it for %1? The choice is remembered for this repository; Settings can forget it.</source>
        <translation>%1 について許可しますか? この選択はこのリポジトリについて記憶され、設定で取り消せます。</translation>
    </message>
    <message>
        <source>&amp;Allow for This Repository</source>
        <translation>このリポジトリに許可(&amp;A)</translation>
    </message>
    <message>
        <source>Analyse &amp;Offline</source>
        <translation>オフラインで解析(&amp;O)</translation>
    </message>
    <message>
        <source>Discard Edited Tests?</source>
        <translation>編集したテストを破棄しますか?</translation>
    </message>
    <message numerus="yes">
        <source>Closing loses %n edited test(s).</source>
        <translation>
            <numerusform>閉じると編集した %n 件のテストが失われます。</numerusform>
        </translation>
    </message>
    <message>
        <source>Effort: %1; stopped: %2</source>
        <translation>努力量: %1、停止理由: %2</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>停止理由: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n test(s) of a budget of %1</source>
        <translation>
            <numerusform>%1 件の予算のうち %n 件のテスト</numerusform>
        </translation>
    </message>
    <message>
        <source>Diff and Coverage</source>
        <translation>差分とカバレッジ</translation>
    </message>
    <message>
        <source>Saved: %1. Every difference of this change is decided.</source>
        <translation>保存しました: %1。この変更の差分はすべて判定済みです。</translation>
    </message>
    <message>
        <source>&amp;Advance After a Verdict</source>
        <translation>判定後に次へ進む(&amp;A)</translation>
    </message>
    <message>
        <source>A verdict moves on to the next undecided difference</source>
        <translation>判定すると次の未判定の差分へ移ります</translation>
    </message>
    <message>
        <source>Find &amp;Difference</source>
        <translation>差分を検索(&amp;D)</translation>
    </message>
    <message>
        <source>Copy Review &amp;Comment</source>
        <translation>レビューコメントをコピー(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Next Change in the Diff</source>
        <translation>差分表示の次の変更(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Change in the Diff</source>
        <translation>差分表示の前の変更(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>キーボードショートカット(&amp;K)</translation>
    </message>
    <message>
        <source>Decision not saved</source>
        <translation>判断を保存できませんでした</translation>
    </message>
    <message>
        <source>The review comment is on the clipboard: paste it into the PR.</source>
        <translation>レビューコメントをクリップボードにコピーしました: PR に貼り付けてください。</translation>
    </message>
    <message>
        <source>Open Re&amp;lease…</source>
        <translation>リリースを開く(&amp;L)…</translation>
    </message>
    <message>
        <source>Open Release F&amp;older…</source>
        <translation>リリースフォルダーを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Find the P&amp;R That Introduced This</source>
        <translation>これを導入した PR を探す(&amp;R)</translation>
    </message>
    <message>
        <source>Open the repository the release is about first.</source>
        <translation>先にリリースの対象のリポジトリを開いてください。</translation>
    </message>
    <message>
        <source>Open Release Folder</source>
        <translation>リリースフォルダーを開く</translation>
    </message>
    <message>
        <source>Open Release</source>
        <translation>リリースを開く</translation>
    </message>
    <message>
        <source>Release documents and CI artifacts (*.json *.zip);;All files (*)</source>
        <translation>リリース文書と CI アーティファクト (*.json *.zip);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Cannot open the release: %1</source>
        <translation>リリースを開けません: %1</translation>
    </message>
    <message>
        <source>Select a difference of a range first.</source>
        <translation>先に範囲解析の差分を選択してください。</translation>
    </message>
    <message>
        <source>Already looking for the PR of a difference.</source>
        <translation>すでに差分の PR を探しています。</translation>
    </message>
    <message>
        <source>Finding the PR that introduced it: %1</source>
        <translation>導入した PR を探しています: %1</translation>
    </message>
    <message>
        <source>Cannot tell which PR introduced it: %1</source>
        <translation>どの PR が導入したか判断できません: %1</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>Analysis of %1 cancelled: the earlier analysis is kept.</source>
        <translation>%1 の解析をキャンセルしました: 以前の解析はそのまま残っています。</translation>
    </message>
    <message>
        <source>Analysis of %1 cancelled: nothing was saved.</source>
        <translation>%1 の解析をキャンセルしました: 何も保存していません。</translation>
    </message>
    <message>
        <source>This analysis did not record what the original test did. Re-run the change (Ctrl+Shift+R), or run the original with Run on Both Versions.</source>
        <translation>この解析は元のテストの結果を記録していません。変更を再解析する (Ctrl+Shift+R) か、元のテストを「両方のバージョンで実行」で実行してください。</translation>
    </message>
    <message>
        <source>The test is invalid Python (line %1: %2); it says nothing about the change.</source>
        <translation>テストは Python として不正です (%1 行目: %2)。変更については何も示しません。</translation>
    </message>
    <message>
        <source>Finding the PR that introduced %1…</source>
        <translation>%1 を導入した PR を探しています…</translation>
    </message>
    <message>
        <source>it is a report of %1; the open repository, %2, does not hold all of its commits %3..%4</source>
        <translation>%1 のレポートです。開いているリポジトリ %2 には、そのコミット %3..%4 の一部がありません</translation>
    </message>
    <message>
        <source>What the Analysis Could Not Do</source>
        <translation>解析できなかったこと</translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>注記 %n 件</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>difftriage::ui::PrBrowser</name>
    <message>
        <source>Changes</source>
        <translation>変更</translation>
    </message>
    <message>
        <source>Filter by number, title, author, date or state</source>
        <translation>番号・タイトル・作成者・日付・状態で絞り込み</translation>
    </message>
    <message>
        <source>All</source>
        <translation>すべて</translation>
    </message>
    <message>
        <source>Show only changes in this triage state</source>
        <translation>この判定状態の変更だけを表示</translation>
    </message>
    <message>
        <source>&amp;Analyse</source>
        <translation>解析(&amp;A)</translation>
    </message>
    <message>
        <source>Queue the selected changes for analysis</source>
        <translation>選択した変更を解析キューに追加</translation>
    </message>
    <message>
        <source>Compare &amp;Revisions…</source>
        <translation>リビジョンを比較(&amp;R)…</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::PrListModel</name>
    <message>
        <source>PR</source>
        <translation>PR</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日付</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>作成者</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>タイトル</translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation>未解析</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>解析中</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>no differences</source>
        <translation>差分なし</translation>
    </message>
    <message>
        <source>differences</source>
        <translation>差分あり</translation>
    </message>
    <message>
        <source>all triaged</source>
        <translation>すべて判定済み</translation>
    </message>
    <message>
        <source>Triage</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>%1?</source>
        <translation>%1?</translation>
    </message>
    <message>
        <source>Suggested: not every difference is decided yet</source>
        <translation>提案: まだ判定されていない差分があります</translation>
    </message>
    <message>
        <source>Decided by the reviewer</source>
        <translation>レビュアーが判定済み</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>%1 of %2 decided</source>
        <translation>%2 件中 %1 件判定済み</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::ProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Stop the running analysis and drop the queued ones</source>
        <translation>実行中の解析を止め、待機中の解析を取り消します</translation>
    </message>
    <message>
        <source>%1: starting…</source>
        <translation>%1: 開始中…</translation>
    </message>
    <message>
        <source>%1 tests run · %2 differences · %3 % covered</source>
        <translation>テスト %1 件実行 · 差分 %2 件 · カバレッジ %3 %</translation>
    </message>
    <message numerus="yes">
        <source>(%n queued)</source>
        <translation>
            <numerusform>(待機 %n 件)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: cancelling…</source>
        <translation>%1: キャンセル中…</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::RelationReviewModel</name>
    <message>
        <source>Relation</source>
        <translation>関係</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>関数</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>判断</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::RelationReviewPanel</name>
    <message>
        <source>Relations to review</source>
        <translation>確認する関係</translation>
    </message>
    <message>
        <source>Relation check</source>
        <translation>関係の検査</translation>
    </message>
    <message>
        <source>Output on both versions</source>
        <translation>両バージョンでの出力</translation>
    </message>
    <message>
        <source>No relation breaks on both versions.</source>
        <translation>両バージョンで破れる関係はありません。</translation>
    </message>
    <message>
        <source>These relations break on both versions, so they show no difference. For each, either the relation is wrong for this input, or the implementation is wrong, or the specification does not say: decide which before relying on it.</source>
        <translation>これらの関係は両バージョンで破れるため、差分としては現れません。それぞれについて、関係がこの入力に対して誤っているのか、実装が誤っているのか、仕様が定めていないのかを、頼る前に判断してください。</translation>
    </message>
    <message>
        <source>Decision:</source>
        <translation>判断:</translation>
    </message>
    <message>
        <source>Note (why; saved automatically)</source>
        <translation>メモ (理由。自動保存されます)</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::ReleaseModel</name>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>%1 (direct commit %2)</source>
        <translation>%1 (直接コミット %2)</translation>
    </message>
    <message>
        <source>nothing to review</source>
        <translation>確認するものなし</translation>
    </message>
    <message>
        <source>%1 of %2 undecided</source>
        <translation>%2 件中 %1 件が未判定</translation>
    </message>
    <message numerus="yes">
        <source>%n reverted</source>
        <translation>
            <numerusform>%n 件が取り消し済み</numerusform>
        </translation>
    </message>
    <message>
        <source>PR / difference</source>
        <translation>PR / 差分</translation>
    </message>
    <message>
        <source>Differences / kind</source>
        <translation>差分 / 種類</translation>
    </message>
    <message>
        <source>Suggested</source>
        <translation>提案</translation>
    </message>
    <message>
        <source>Status / verdict</source>
        <translation>状態 / 判定</translation>
    </message>
    <message>
        <source>At the head</source>
        <translation>ヘッドで</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::ReleaseWindow</name>
    <message>
        <source>Release — DiffTriage</source>
        <translation>リリース — DiffTriage</translation>
    </message>
    <message>
        <source>PRs of the release</source>
        <translation>リリースの PR</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>No release open.</source>
        <translation>リリースが開かれていません。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 を読み込み中…</translation>
    </message>
    <message>
        <source>The release could not be opened.</source>
        <translation>リリースを開けませんでした。</translation>
    </message>
    <message>
        <source>a release</source>
        <translation>リリース</translation>
    </message>
    <message>
        <source>%1..%2</source>
        <translation>%1..%2</translation>
    </message>
    <message>
        <source>%1 — DiffTriage</source>
        <translation>%1 — DiffTriage</translation>
    </message>
    <message>
        <source>%1 of %2 PRs reviewed</source>
        <translation>%2 件中 %1 件の PR を確認済み</translation>
    </message>
    <message>
        <source>Release %1..%2: </source>
        <translation>リリース %1..%2: </translation>
    </message>
    <message>
        <source># %1</source>
        <translation># %1</translation>
    </message>
    <message>
        <source>Verdict not saved</source>
        <translation>判定を保存できませんでした</translation>
    </message>
    <message>
        <source>Saved: %1</source>
        <translation>保存しました: %1</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>counts of a release</comment>
        <translation>%1、%2</translation>
    </message>
    <message numerus="yes">
        <source>%n PR(s) and direct commit(s)</source>
        <translation>
            <numerusform>PR と直接コミット %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n difference(s)</source>
        <translation>
            <numerusform>差分 %n 件</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>difftriage::ui::RevisionDialog</name>
    <message>
        <source>Compare Revisions</source>
        <translation>リビジョンを比較</translation>
    </message>
    <message>
        <source>e.g. main~3 or a commit id</source>
        <translation>例: main~3 またはコミット ID</translation>
    </message>
    <message>
        <source>e.g. main or a branch name</source>
        <translation>例: main またはブランチ名</translation>
    </message>
    <message>
        <source>&amp;Old (base):</source>
        <translation>旧 (base)(&amp;O):</translation>
    </message>
    <message>
        <source>&amp;New (head):</source>
        <translation>新 (head)(&amp;N):</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Python Interpreter</source>
        <translation>Python インタープリタ</translation>
    </message>
    <message>
        <source>Offline search (no network)</source>
        <translation>オフライン探索 (ネットワーク不要)</translation>
    </message>
    <message>
        <source>Language model</source>
        <translation>言語モデル</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>制限なし</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>システムの既定</translation>
    </message>
    <message>
        <source>Takes effect at the next start</source>
        <translation>次回起動時に反映されます</translation>
    </message>
    <message>
        <source>&amp;Generator:</source>
        <translation>生成器(&amp;G):</translation>
    </message>
    <message>
        <source>&amp;Time budget:</source>
        <translation>時間予算(&amp;T):</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>言語(&amp;L):</translation>
    </message>
    <message>
        <source>Any OpenAI-compatible endpoint: Ollama, llama.cpp, vLLM, OpenAI</source>
        <translation>OpenAI 互換のエンドポイントなら何でも: Ollama、llama.cpp、vLLM、OpenAI</translation>
    </message>
    <message>
        <source>e.g. qwen2.5-coder:7b or gpt-4.1-mini</source>
        <translation>例: qwen2.5-coder:7b や gpt-4.1-mini</translation>
    </message>
    <message>
        <source>LLM &amp;endpoint:</source>
        <translation>LLM エンドポイント(&amp;E):</translation>
    </message>
    <message>
        <source>LLM &amp;model:</source>
        <translation>LLM モデル(&amp;M):</translation>
    </message>
    <message>
        <source>Offline heuristic (no network)</source>
        <translation>オフラインのヒューリスティック(ネットワーク不使用)</translation>
    </message>
    <message>
        <source>Who suggests a verdict for each difference; the model&apos;s answers fall back to the heuristic where it gives none</source>
        <translation>各差分の判定を提案するもの。モデルが答えない差分はヒューリスティックの提案になります</translation>
    </message>
    <message>
        <source>&amp;Suggestions:</source>
        <translation>提案(&amp;S):</translation>
    </message>
    <message>
        <source>Kept in the system keychain; type to replace it</source>
        <translation>システムのキーチェーンに保存されます。入力すると置き換えます</translation>
    </message>
    <message>
        <source>Not stored: set DIFFTRIAGE_LLM_API_KEY or OPENAI_API_KEY</source>
        <translation>保存しません: DIFFTRIAGE_LLM_API_KEY または OPENAI_API_KEY を設定してください</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API キー(&amp;K):</translation>
    </message>
    <message>
        <source>The interpreter that runs the old version (a name on PATH or a path), and the new one unless it has its own</source>
        <translation>旧バージョンを実行するインタープリター (PATH 上の名前またはパス)。新バージョンに専用のものがなければ新バージョンにも使います</translation>
    </message>
    <message>
        <source>Same as the old version</source>
        <translation>旧バージョンと同じ</translation>
    </message>
    <message>
        <source>An interpreter for the new version only, when the change moves to a newer Python</source>
        <translation>変更がより新しい Python に移行する場合の、新バージョン専用のインタープリター</translation>
    </message>
    <message numerus="yes">
        <source>Forget Consent of %n Repository(s)</source>
        <translation>
            <numerusform>%n 件のリポジトリの同意を取り消す</numerusform>
        </translation>
    </message>
    <message>
        <source>Code goes to an endpoint on another machine only for repositories you allowed when asked; forget those answers</source>
        <translation>別のマシン上のエンドポイントへコードを送るのは、確認時に許可したリポジトリだけです。その回答を忘れます</translation>
    </message>
    <message>
        <source>&amp;Python (old):</source>
        <translation>Python (旧)(&amp;P):</translation>
    </message>
    <message>
        <source>P&amp;ython (new):</source>
        <translation>Python (新)(&amp;Y):</translation>
    </message>
    <message>
        <source>Sandbox:</source>
        <translation>サンドボックス:</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>確認中…</translation>
    </message>
    <message>
        <source>Unknown: %1</source>
        <translation>不明: %1</translation>
    </message>
    <message>
        <source>Full (bubblewrap)</source>
        <translation>完全 (bubblewrap)</translation>
    </message>
    <message>
        <source>Degraded</source>
        <translation>縮退</translation>
    </message>
    <message>
        <source>How many tests an analysis runs: quick takes seconds, normal about a minute for a typical change, thorough several minutes</source>
        <translation>解析で実行するテストの量: クイックは数秒、標準は一般的な変更で約1分、徹底は数分</translation>
    </message>
    <message>
        <source>E&amp;ffort:</source>
        <translation>努力量(&amp;F):</translation>
    </message>
    <message>
        <source>Restart DiffTriage to apply the new language.</source>
        <translation>新しい言語は DiffTriage の再起動後に適用されます。</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::ShortcutModel</name>
    <message>
        <source> or </source>
        <translation> または </translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>Filter by action or key</source>
        <translation>操作またはキーで絞り込み</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>In the diff: click a folded line or press Enter on it to show it; click a line to list the tests that reached it.</source>
        <translation>差分表示では、折りたたんだ行をクリックするか Enter キーで展開し、行をクリックするとそこに到達したテストを一覧します。</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::SideBySideOutput</name>
    <message>
        <source>Timed out</source>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <source>Aborted (%1)</source>
        <translation>異常終了 (%1)</translation>
    </message>
    <message>
        <source>Returned normally</source>
        <translation>正常に戻りました</translation>
    </message>
    <message>
        <source>(refused by the sandbox)</source>
        <translation>(サンドボックスが拒否)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Old&lt;/b&gt; (base)</source>
        <translation>&lt;b&gt;旧&lt;/b&gt; (base)</translation>
    </message>
    <message>
        <source>&lt;b&gt;New&lt;/b&gt; (head)</source>
        <translation>&lt;b&gt;新&lt;/b&gt; (head)</translation>
    </message>
    <message>
        <source>Old output</source>
        <translation>旧出力</translation>
    </message>
    <message>
        <source>New output</source>
        <translation>新出力</translation>
    </message>
    <message>
        <source>Select a difference.</source>
        <translation>差分を選択してください。</translation>
    </message>
    <message>
        <source>The outputs differ only in whitespace: · is a space, → a tab, ¶ a line end.</source>
        <translation>出力の違いは空白だけです: · は空白、→ はタブ、¶ は行末です。</translation>
    </message>
    <message>
        <source>Exited with status 0</source>
        <translation>終了ステータス 0 で終了しました</translation>
    </message>
    <message>
        <source>Exited with status %1</source>
        <translation>終了ステータス %1 で終了しました</translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>(出力なし)</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::TestPanel</name>
    <message>
        <source>Show &amp;original test</source>
        <translation>元のテストを表示(&amp;O)</translation>
    </message>
    <message>
        <source>Switch between the shrunk test and the test as it was generated</source>
        <translation>縮小したテストと生成されたままのテストを切り替えます</translation>
    </message>
    <message>
        <source>Test code</source>
        <translation>テストコード</translation>
    </message>
    <message>
        <source>No difference selected</source>
        <translation>差分が選択されていません</translation>
    </message>
    <message>
        <source>Original test %1 → %2</source>
        <translation>元のテスト %1 → %2</translation>
    </message>
    <message>
        <source>Shrunk test %1 → %2</source>
        <translation>縮小したテスト %1 → %2</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>Edit the test (or write a new one) to run it on both versions</source>
        <translation>テストを編集して (または新しく書いて) 両方のバージョンで実行する</translation>
    </message>
    <message>
        <source>R&amp;un on Both Versions</source>
        <translation>両方のバージョンで実行(&amp;U)</translation>
    </message>
    <message>
        <source>Run the test in this view on the old and the new version, in the background; a difference joins the list</source>
        <translation>この表示のテストを旧バージョンと新バージョンでバックグラウンド実行します。差分があれば一覧に加わります</translation>
    </message>
    <message>
        <source>%1 (your edit)</source>
        <translation>%1 (編集中)</translation>
    </message>
    <message>
        <source>From project test %1</source>
        <translation>プロジェクトのテスト %1 から</translation>
    </message>
    <message>
        <source>Test %1 → %2</source>
        <translation>テスト %1 → %2</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::TriageSession</name>
    <message>
        <source>No repository is open.</source>
        <translation>リポジトリが開かれていません。</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::VerdictPanel</name>
    <message>
        <source>Apply to the whole &amp;cluster</source>
        <translation>クラスタ全体に適用(&amp;C)</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Ctrl+%1</source>
        <translation>Ctrl+%1</translation>
    </message>
    <message>
        <source>Note (why this verdict; saved automatically)</source>
        <translation>メモ (この判定の理由。自動保存されます)</translation>
    </message>
    <message>
        <source>No change selected</source>
        <translation>変更が選択されていません</translation>
    </message>
    <message>
        <source>(The change has no description.)</source>
        <translation>(この変更には説明がありません。)</translation>
    </message>
    <message>
        <source>Suggested: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>提案: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No suggestion for this difference.</source>
        <translation>この差分への提案はありません。</translation>
    </message>
    <message>
        <source>by the %1</source>
        <translation>提案元: %1</translation>
    </message>
    <message>
        <source>Relation &lt;b&gt;%1&lt;/b&gt;: %2 on the old version, %3 on the new one</source>
        <translation>関係 &lt;b&gt;%1&lt;/b&gt;: 旧バージョンでは%2、新バージョンでは%3</translation>
    </message>
    <message>
        <source> — a strong regression signal</source>
        <translation> — リグレッションの強い兆候</translation>
    </message>
    <message>
        <source> — a coincidental-fix signal</source>
        <translation> — 偶然の修正の兆候</translation>
    </message>
    <message>
        <source>(The change has no description. Its commits say:)</source>
        <translation>（変更に説明はありません。コミットメッセージ:）</translation>
    </message>
</context>
<context>
    <name>difftriage::ui::WelcomePanel</name>
    <message>
        <source>Build and Open the Demo Repository</source>
        <translation>デモリポジトリを作成して開く</translation>
    </message>
    <message>
        <source>&lt;h2&gt;No repository is open&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;リポジトリが開かれていません&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>Open a git repository of a Python project, then select a pull request or branch in &lt;b&gt;Changes&lt;/b&gt; and press &lt;b&gt;Analyse&lt;/b&gt; (Ctrl+R). DiffTriage runs tests on the old and the new version and lists every behavioural difference for you to mark &lt;i&gt;intended&lt;/i&gt; or &lt;i&gt;regression&lt;/i&gt;.&lt;br&gt;&lt;br&gt;New here? The demo is a small invoice library with ten pull requests, some of them with bugs to find.</source>
        <translation>Python プロジェクトの git リポジトリを開き、&lt;b&gt;変更&lt;/b&gt; でプルリクエストかブランチを選んで &lt;b&gt;解析&lt;/b&gt; (Ctrl+R) を押してください。DiffTriage は旧バージョンと新バージョンでテストを実行し、振る舞いの違いをすべて一覧にします。それぞれを &lt;i&gt;意図どおり&lt;/i&gt; か &lt;i&gt;リグレッション&lt;/i&gt; に分類してください。&lt;br&gt;&lt;br&gt;初めてですか? デモは 10 件のプルリクエストを持つ小さな請求書ライブラリで、見つけるべきバグも含まれています。</translation>
    </message>
    <message>
        <source>Open Repository…</source>
        <translation>リポジトリを開く…</translation>
    </message>
    <message>
        <source>Building the demo repository in %1…</source>
        <translation>%1 にデモリポジトリを作成しています…</translation>
    </message>
    <message>
        <source>The demo repository could not be built: %1</source>
        <translation>デモリポジトリを作成できませんでした: %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Triage the behavioural differences of Python pull requests.</source>
        <translation>Python のプルリクエストが生む振る舞いの差を仕分けます。</translation>
    </message>
    <message>
        <source>A git repository to open.</source>
        <translation>開く git リポジトリ。</translation>
    </message>
    <message>
        <source>Save screenshots of the main views to &lt;directory&gt; and quit (analyses the demo PRs first if needed).</source>
        <translation>主要な画面のスクリーンショットを &lt;directory&gt; に保存して終了します (必要ならデモの PR を先に解析します)。</translation>
    </message>
    <message>
        <source>Open this release document, folder of reports or CI artifact zip of the repository in a release view.</source>
        <translation>このリポジトリのリリース文書、レポートのフォルダー、または CI アーティファクトの zip をリリースビューで開く。</translation>
    </message>
</context>
</TS>
