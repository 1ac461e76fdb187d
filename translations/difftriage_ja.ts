<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>difftriage::ui::MainWindow</name>
    <message><source>DiffTriage</source><translation>DiffTriage</translation></message>
    <message><source>Filter by number, title, author, date or state</source><translation>番号・タイトル・作成者・日付・状態で絞り込み</translation></message>
    <message><source>&amp;File</source><translation>ファイル(&amp;F)</translation></message>
    <message><source>&amp;Open Repository…</source><translation>リポジトリを開く(&amp;O)…</translation></message>
    <message><source>&amp;Quit</source><translation>終了(&amp;Q)</translation></message>
    <message><source>Reading %1…</source><translation>%1 を読み込み中…</translation></message>
    <message><source>Open Repository</source><translation>リポジトリを開く</translation></message>
    <message numerus="yes"><source>%n change(s)</source><translation><numerusform>%n 件の変更</numerusform></translation></message>
</context>
<context>
    <name>difftriage::ui::PrListModel</name>
    <message><source>PR</source><translation>PR</translation></message>
    <message><source>State</source><translation>状態</translation></message>
    <message><source>Date</source><translation>日付</translation></message>
    <message><source>Author</source><translation>作成者</translation></message>
    <message><source>Title</source><translation>タイトル</translation></message>
</context>
<context>
    <name>main</name>
    <message><source>Triage the behavioural differences of Python pull requests.</source><translation>Python のプルリクエストが生む振る舞いの差を仕分けます。</translation></message>
    <message><source>A git repository to open.</source><translation>開く git リポジトリ。</translation></message>
</context>
</TS>
