<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>Activity</name>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="65"/>
        <source>global only</source>
        <translation>nur global</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="66"/>
        <location filename="../../gui/itemmodels/audit.py" line="118"/>
        <source>a forgotten pattern (fingerprint {fp}…)</source>
        <extracomment>Open Design&apos;s names of projects by id (a project&apos;s entry names it)</extracomment>
        <translation>ein vergessenes Muster (Fingerabdruck {fp}…)</translation>
    </message>
</context>
<context>
    <name>ActivityTab</name>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="76"/>
        <source>Filter by actor, action, target or outcome…</source>
        <translation>Nach Akteur, Aktion, Ziel oder Ergebnis filtern…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="79"/>
        <source>Filter the activity log</source>
        <translation>Aktivitätsprotokoll filtern</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="81"/>
        <source>Show entries whose actor, action, target or outcome contains this text (Ctrl+F)</source>
        <translation>Einträge anzeigen, deren Akteur, Aktion, Ziel oder Ergebnis diesen Text enthält (Strg+F)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="83"/>
        <source>E&amp;xport…</source>
        <translation>E&amp;xportieren…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="85"/>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="86"/>
        <source>Save the filtered activity log as JSON or CSV</source>
        <translation>Das gefilterte Aktivitätsprotokoll als JSON oder CSV speichern</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="108"/>
        <source>Activity log</source>
        <translation>Aktivitätsprotokoll</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="110"/>
        <source>Every change to a control, newest first</source>
        <translation>Jede Änderung an einer Einstellung, neueste zuerst</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="127"/>
        <source>How many entries are shown</source>
        <translation>Wie viele Einträge angezeigt werden</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="131"/>
        <source>Last action</source>
        <translation>Letzte Aktion</translation>
    </message>
    <message>
        <location filename="../../gui/tab_places.py" line="48"/>
        <location filename="../../gui/tabs/activity/view.py" line="145"/>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="191"/>
        <source>No activity matches “{text}”.</source>
        <translation>Keine Aktivität passt zu „{text}“.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="193"/>
        <source>Clear filter</source>
        <translation>Filter löschen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="193"/>
        <source>Show the whole activity log again</source>
        <translation>Wieder das ganze Aktivitätsprotokoll anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="197"/>
        <source>Nothing has been changed yet. Turning memory on or off, pausing, project switches, forgetting and resets are listed here.</source>
        <translation>Noch wurde nichts geändert. Hier erscheinen das Ein- und Ausschalten des Gedächtnisses, Pausen, Projektschalter, Vergessen und Zurücksetzen.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/activity/view.py" line="207"/>
        <source>%n entries loaded — scroll down for more</source>
        <translation>
            <numerusform>%n Eintrag geladen – für mehr nach unten scrollen</numerusform>
            <numerusform>%n Einträge geladen – für mehr nach unten scrollen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="210"/>
        <source>1 entry</source>
        <translation>1 Eintrag</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="210"/>
        <source>{n} entries</source>
        <translation>{n} Einträge</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="217"/>
        <source>Export activity</source>
        <translation>Aktivität exportieren</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="221"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="221"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="238"/>
        <source>The activity log could not be exported.</source>
        <translation>Das Aktivitätsprotokoll konnte nicht exportiert werden.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/activity/view.py" line="251"/>
        <source>Exported %n entries to {path}.</source>
        <translation>
            <numerusform>%n Eintrag nach {path} exportiert.</numerusform>
            <numerusform>%n Einträge nach {path} exportiert.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AuditModel</name>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="34"/>
        <source>forget</source>
        <translation>vergessen</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="35"/>
        <source>forget and block</source>
        <translation>vergessen und sperren</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="36"/>
        <source>forget a session</source>
        <translation>eine Sitzung vergessen</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="37"/>
        <source>pause</source>
        <translation>pausieren</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="38"/>
        <source>resume</source>
        <translation>fortsetzen</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="39"/>
        <source>switch memory on</source>
        <translation>Gedächtnis eingeschaltet</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="40"/>
        <source>switch memory off</source>
        <translation>Gedächtnis ausgeschaltet</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="41"/>
        <source>project switches</source>
        <translation>Projektschalter</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="42"/>
        <source>memory notes in chat</source>
        <translation>Gedächtnishinweise im Chat</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="43"/>
        <source>self-test</source>
        <translation>Selbsttest</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="44"/>
        <source>lift a block</source>
        <translation>Sperre aufgehoben</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="45"/>
        <source>demo data</source>
        <translation>Demodaten</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="46"/>
        <source>rate a retrieval</source>
        <translation>Abruf bewertet</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="47"/>
        <source>reset</source>
        <translation>zurückgesetzt</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="48"/>
        <source>export</source>
        <translation>exportiert</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="49"/>
        <source>import</source>
        <translation>importiert</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="54"/>
        <source>global memory</source>
        <extracomment>a project switch as the audit log stores it (``use_memory=off``), in words</extracomment>
        <translation>globales Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="55"/>
        <source>its own memory</source>
        <translation>Projektgedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="56"/>
        <source>learning</source>
        <translation>Lernen</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="74"/>
        <source>Creative Memory Studio</source>
        <translation>Creative Memory Studio</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="75"/>
        <source>od-memory (command line)</source>
        <translation>od-memory (Befehlszeile)</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="76"/>
        <source>Open Design</source>
        <translation>Open Design</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="86"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="87"/>
        <source>Who</source>
        <translation>Wer</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="88"/>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="89"/>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="90"/>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="159"/>
        <source>{switch} on</source>
        <translation>{switch} ein</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="159"/>
        <source>{switch} off</source>
        <translation>{switch} aus</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="171"/>
        <source>Stored as {code}</source>
        <translation>Gespeichert als {code}</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="173"/>
        <source>Stored as {target}</source>
        <translation>Gespeichert als {target}</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="177"/>
        <source>A forgotten pattern is named only by its fingerprint, never by its text: {target}</source>
        <translation>Ein vergessenes Muster wird nur mit seinem Fingerabdruck genannt, nie mit seinem Text: {target}</translation>
    </message>
</context>
<context>
    <name>Banner</name>
    <message>
        <location filename="../../gui/widgets/banner.py" line="83"/>
        <source>Status banner</source>
        <translation>Statusleiste</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/banner.py" line="182"/>
        <source>Information</source>
        <translation>Information</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/banner.py" line="183"/>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/banner.py" line="184"/>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
</context>
<context>
    <name>BannerState</name>
    <message>
        <location filename="../../gui/banner_state.py" line="34"/>
        <source>{d} days {h} h</source>
        <translation>{d} Tage {h} Std.</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="36"/>
        <source>1 day {h} h</source>
        <translation>1 Tag {h} Std.</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="39"/>
        <source>{h} h {m} min</source>
        <translation>{h} Std. {m} Min.</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="41"/>
        <source>{m} min</source>
        <translation>{m} Min.</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="43"/>
        <source>less than a minute left</source>
        <translation>weniger als eine Minute übrig</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="44"/>
        <source>{left} left</source>
        <translation>noch {left}</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="50"/>
        <source>until you resume</source>
        <translation>bis Sie fortsetzen</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="56"/>
        <source>until {when}</source>
        <translation>bis {when}</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="57"/>
        <source>until {when} ({left})</source>
        <translation>bis {when} ({left})</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="77"/>
        <source>Store written by a newer version: {reason}</source>
        <translation>Speicher von einer neueren Version geschrieben: {reason}</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="84"/>
        <source>This store is read-only: {reason}</source>
        <translation>Dieser Speicher ist schreibgeschützt: {reason}</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="92"/>
        <source>Creative memory is off: nothing is learned and nothing is injected.</source>
        <translation>Das kreative Gedächtnis ist aus: Es wird nichts gelernt und nichts eingefügt.</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="101"/>
        <source>Paused — learning and using — {until}.</source>
        <translation>Pausiert – Lernen und Nutzen – {until}.</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="108"/>
        <source>Paused — learning — {until}.</source>
        <translation>Pausiert – Lernen – {until}.</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="114"/>
        <source>Paused — using — {until}.</source>
        <translation>Pausiert – Nutzen – {until}.</translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="130"/>
        <source>No system keychain was found.</source>
        <translation>Es wurde kein Schlüsselbund des Systems gefunden.</translation>
    </message>
</context>
<context>
    <name>BlocksDialog</name>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="40"/>
        <location filename="../../gui/dialogs/blocks.py" line="62"/>
        <source>Blocked patterns</source>
        <translation>Gesperrte Muster</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="44"/>
        <source>A block keeps only keyed fingerprints of a pattern, never its name, so the list shows what is kept. Lifting a block lets the pattern be learned again.</source>
        <translation>Eine Sperre behält nur verschlüsselte Fingerabdrücke eines Musters, nie seinen Namen; die Liste zeigt, was behalten wird. Wird eine Sperre aufgehoben, kann das Muster wieder gelernt werden.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="52"/>
        <source>Fingerprint</source>
        <translation>Fingerabdruck</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="52"/>
        <source>Blocks</source>
        <translation>Sperrt</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="52"/>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="52"/>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="63"/>
        <source>Nothing is blocked.</source>
        <translation>Nichts ist gesperrt.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="70"/>
        <source>&amp;Lift block…</source>
        <translation>Sperre &amp;aufheben…</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="88"/>
        <source>the pattern</source>
        <translation>das Muster</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="89"/>
        <source>its words in diffs</source>
        <translation>seine Wörter in Diffs</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="90"/>
        <source>(older block)</source>
        <translation>(ältere Sperre)</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="92"/>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="120"/>
        <source>Why: {reason}</source>
        <translation>Warum: {reason}</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="122"/>
        <source>Why: no reason was given when it was blocked.</source>
        <translation>Warum: Beim Sperren wurde kein Grund angegeben.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="132"/>
        <source>Lift block</source>
        <translation>Sperre aufheben</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="134"/>
        <source>Lift the block {fingerprint}? The pattern can be learned again, and its words are kept in diffs again.</source>
        <translation>Die Sperre {fingerprint} aufheben? Das Muster kann wieder gelernt werden, und seine Wörter bleiben in Diffs wieder erhalten.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="154"/>
        <source>The block could not be lifted: {error}</source>
        <translation>Die Sperre konnte nicht aufgehoben werden: {error}</translation>
    </message>
</context>
<context>
    <name>CellText</name>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="298"/>
        <source>Stored as {type} · {pattern} · {polarity}</source>
        <extracomment>Open Design&apos;s names of projects by id (the scope says &quot;in Brand refresh only&quot;)</extracomment>
        <translation>Gespeichert als {type} · {pattern} · {polarity}</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="308"/>
        <source>Everywhere: learned across projects</source>
        <translation>Überall: projektübergreifend gelernt</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="310"/>
        <source>Learned in {project}</source>
        <translation>Gelernt in {project}</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="318"/>
        <source>{word}: strength {value:.3f} of 1</source>
        <translation>{word}: Stärke {value:.3f} von 1</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="322"/>
        <source>{accepts} accepting and {rejects} rejecting signals</source>
        <translation>{accepts} zustimmende und {rejects} ablehnende Signale</translation>
    </message>
</context>
<context>
    <name>CountsCard</name>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="130"/>
        <source>What is remembered</source>
        <translation>Was gespeichert ist</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="136"/>
        <source>Preferences:</source>
        <translation>Präferenzen:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="136"/>
        <source>Learned preferences of every status</source>
        <translation>Gelernte Präferenzen jedes Status</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="139"/>
        <source>By confidence:</source>
        <translation>Nach Konfidenz:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="140"/>
        <source>Preferences that are not archived, by confidence tier</source>
        <translation>Nicht archivierte Präferenzen nach Konfidenzstufe</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="144"/>
        <source>Raw events:</source>
        <translation>Rohereignisse:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="145"/>
        <source>Reactions recorded from your work, the evidence behind preferences</source>
        <translation>Aus Ihrer Arbeit aufgezeichnete Reaktionen, die Belege hinter den Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="147"/>
        <source>Retrievals:</source>
        <translation>Abrufe:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="147"/>
        <source>Recorded retrievals (see Diagnostics)</source>
        <translation>Aufgezeichnete Abrufe (siehe Diagnose)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="148"/>
        <source>Last event:</source>
        <translation>Letztes Ereignis:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="148"/>
        <source>When the newest event happened</source>
        <translation>Wann das neueste Ereignis stattfand</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="151"/>
        <source>Last injected:</source>
        <translation>Zuletzt eingefügt:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="153"/>
        <source>When Open Design last added creative memory to a prompt (self-tests and previews do not count)</source>
        <translation>Wann Open Design zuletzt das kreative Gedächtnis in einen Prompt eingefügt hat (Selbsttests und Vorschauen zählen nicht)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="176"/>
        <source>Nothing is remembered yet. Memory grows as you react to work generated in Open Design. To look around first, explore a demo data set (about 1,000 preferences) in a separate demo store; your own memory is not touched.</source>
        <translation>Noch ist nichts gespeichert. Das Gedächtnis wächst, während Sie auf Arbeiten reagieren, die Open Design erzeugt. Um sich zuerst umzusehen, erkunden Sie einen Demodatensatz (etwa 1.000 Präferenzen) in einem eigenen Demospeicher; Ihr eigenes Gedächtnis bleibt unberührt.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="183"/>
        <source>Explore with &amp;demo data</source>
        <translation>Mit &amp;Demodaten erkunden</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="185"/>
        <source>Explore with demo data</source>
        <translation>Mit Demodaten erkunden</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="187"/>
        <source>Open a separate demo store with generated data; your own memory is not touched</source>
        <translation>Einen eigenen Demospeicher mit erzeugten Daten öffnen; Ihr eigenes Gedächtnis bleibt unberührt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="217"/>
        <source>{n} {tier}</source>
        <translation>{n} {tier}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="223"/>
        <source>{n} archived</source>
        <translation>{n} archiviert</translation>
    </message>
</context>
<context>
    <name>DangerCard</name>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="212"/>
        <source>Danger zone</source>
        <translation>Gefahrenbereich</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="217"/>
        <source>Reset erases all creative memory of this user — preferences, raw events and diagnostics — and proves nothing recoverable remains. It cannot be undone; the dialog offers to export a backup first.</source>
        <translation>Zurücksetzen löscht das gesamte kreative Gedächtnis dieses Benutzers – Präferenzen, Rohereignisse und Diagnosedaten – und weist nach, dass nichts Wiederherstellbares bleibt. Das kann nicht rückgängig gemacht werden; der Dialog bietet an, vorher eine Sicherung zu exportieren.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="224"/>
        <source>Re&amp;set…</source>
        <translation>&amp;Zurücksetzen…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="225"/>
        <source>Erase all creative memory (asks first)</source>
        <translation>Das gesamte kreative Gedächtnis löschen (mit Rückfrage)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="231"/>
        <source>B&amp;locked patterns…</source>
        <translation>Gesperrte &amp;Muster…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="232"/>
        <source>What each block keeps, and lifting one</source>
        <translation>Was jede Sperre behält, und eine aufheben</translation>
    </message>
</context>
<context>
    <name>DataDir</name>
    <message>
        <location filename="../../services/location/datadir.py" line="42"/>
        <source>chosen with --data-dir</source>
        <translation>mit --data-dir gewählt</translation>
    </message>
    <message>
        <location filename="../../services/location/datadir.py" line="43"/>
        <source>from the OD_DATA_DIR environment variable</source>
        <translation>aus der Umgebungsvariablen OD_DATA_DIR</translation>
    </message>
    <message>
        <location filename="../../services/location/datadir.py" line="44"/>
        <source>the folder you chose (od-memory use, or Change… in the window)</source>
        <translation>der von Ihnen gewählte Ordner (od-memory use oder „Ändern…“ im Fenster)</translation>
    </message>
    <message>
        <location filename="../../services/location/datadir.py" line="47"/>
        <source>found where Open Design keeps its data</source>
        <translation>dort gefunden, wo Open Design seine Daten ablegt</translation>
    </message>
    <message>
        <location filename="../../services/location/datadir.py" line="48"/>
        <source>this program&apos;s own folder: Open Design was not found on this computer; memory is kept here until it is</source>
        <translation>der eigene Ordner dieses Programms: Open Design wurde auf diesem Computer nicht gefunden; das Gedächtnis bleibt hier, bis es gefunden wird</translation>
    </message>
    <message>
        <location filename="../../services/location/datadir.py" line="52"/>
        <source>the demo store, kept apart from your memory</source>
        <translation>der Demo-Speicher, getrennt von Ihrem Gedächtnis</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="104"/>
        <source>Details of the current preference</source>
        <extracomment>the fewest average characters a value keeps beside its label before labels go above the values the pane now shows this key (None: nothing selected / gone) Forget this session…: the stored id of the selected event&apos;s session</extracomment>
        <translation>Details der aktuellen Präferenz</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="107"/>
        <source>Select a preference to see the events that built it, its strength over time and whether the last retrieval used it.</source>
        <translation>Wählen Sie eine Präferenz, um die Ereignisse, aus denen sie entstand, ihre Stärke im Zeitverlauf und ihre Verwendung im letzten Abruf zu sehen.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="140"/>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="144"/>
        <source>Type, scope and polarity</source>
        <translation>Typ, Bereich und Polarität</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="150"/>
        <source>Last retrieval</source>
        <translation>Letzter Abruf</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="152"/>
        <source>Whether the last recorded retrieval injected this preference, and why</source>
        <translation>Ob der zuletzt aufgezeichnete Abruf diese Präferenz eingefügt hat, und warum</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="161"/>
        <source>Learned from pages</source>
        <translation>Aus Seiten gelernt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="162"/>
        <source>What Open Design&apos;s pages showed about this preference</source>
        <translation>Was die Seiten von Open Design über diese Präferenz zeigten</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="173"/>
        <source>Fields</source>
        <translation>Felder</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="173"/>
        <source>Every stored field of this preference</source>
        <translation>Jedes gespeicherte Feld dieser Präferenz</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="189"/>
        <source>Strength over time</source>
        <translation>Stärke im Zeitverlauf</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="192"/>
        <source>Events that built it</source>
        <translation>Ereignisse, aus denen sie entstand</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="199"/>
        <source>Forget this &amp;session…</source>
        <translation>Diese &amp;Sitzung vergessen…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="204"/>
        <source>Forget this session</source>
        <translation>Diese Sitzung vergessen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="205"/>
        <source>Erase every event of the selected event&apos;s generation session and what it taught</source>
        <translation>Jedes Ereignis der Generierungssitzung des gewählten Ereignisses löschen und alles, was sie gelehrt hat</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="211"/>
        <source>Forget this session…</source>
        <translation>Diese Sitzung vergessen…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="287"/>
        <source>The details of this preference cannot be read: {why} Forget it, or rebuild memory from the events (Overview).</source>
        <translation>Die Details dieser Präferenz können nicht gelesen werden: {why} Vergessen Sie sie, oder bauen Sie das Gedächtnis aus den Ereignissen neu auf (Übersicht).</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="313"/>
        <source>Stored as {type} · {pattern} · {polarity}</source>
        <translation>Gespeichert als {type} · {pattern} · {polarity}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="318"/>
        <source>{type} · {scope}</source>
        <translation>{type} · {scope}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="322"/>
        <source>Type stored as {raw}</source>
        <translation>Typ gespeichert als {raw}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="332"/>
        <source>From pages: {evidence}</source>
        <translation>Aus Seiten: {evidence}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="349"/>
        <source>Events that built it (newest {shown} of {n})</source>
        <translation>Ereignisse, aus denen sie entstand (neueste {shown} von {n})</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="354"/>
        <source>Events that built it ({n})</source>
        <translation>Ereignisse, aus denen sie entstand ({n})</translation>
    </message>
</context>
<context>
    <name>DiagnosticsCommon</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="89"/>
        <source>This project ignores its own memory</source>
        <translation>Dieses Projekt ignoriert sein eigenes Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="91"/>
        <source>This project ignores global memory</source>
        <translation>Dieses Projekt ignoriert das globale Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="93"/>
        <source>This project uses no memory</source>
        <translation>Dieses Projekt nutzt kein Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="97"/>
        <source>{project} — ignores global memory</source>
        <translation>{project} – ignoriert das globale Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="99"/>
        <source>{project} — ignores memory</source>
        <translation>{project} – ignoriert das Gedächtnis</translation>
    </message>
</context>
<context>
    <name>DiagnosticsKept</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/view.py" line="289"/>
        <source>Retrieval #{id} is not in this store. Recorded retrievals are kept for the retention period, then deleted; the newest ones are listed below.</source>
        <translation>Abruf Nr. {id} ist nicht in diesem Speicher. Aufgezeichnete Abrufe werden für die Aufbewahrungsdauer behalten und dann gelöscht; die neuesten sind unten aufgeführt.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="52"/>
        <source>{preference} — {type}, {where}, {strength}</source>
        <translation>{preference} – {type}, {where}, {strength}</translation>
    </message>
</context>
<context>
    <name>DiagnosticsTab</name>
    <message>
        <location filename="../../gui/tab_places.py" line="46"/>
        <location filename="../../gui/tabs/diagnostics/view.py" line="136"/>
        <source>Diagnostics</source>
        <translation>Diagnose</translation>
    </message>
</context>
<context>
    <name>DialogsFiles</name>
    <message>
        <location filename="../../gui/dialogs/files.py" line="25"/>
        <source>Creative memory (*.json);;All files (*)</source>
        <translation>Kreatives Gedächtnis (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/files.py" line="47"/>
        <source>Creative memory or preferences.json (*.json);;All files (*)</source>
        <translation>Kreatives Gedächtnis oder preferences.json (*.json);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message>
        <location filename="../../gui/errors.py" line="29"/>
        <source>Invalid input</source>
        <translation>Ungültige Eingabe</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="30"/>
        <source>Not found</source>
        <translation>Nicht gefunden</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="31"/>
        <source>Store unavailable</source>
        <translation>Speicher nicht verfügbar</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="32"/>
        <source>Store written by a newer version</source>
        <translation>Speicher von einer neueren Version geschrieben</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="33"/>
        <source>Read-only store</source>
        <translation>Schreibgeschützter Speicher</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="34"/>
        <source>Store is busy</source>
        <translation>Speicher ist belegt</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="35"/>
        <source>Refused for safety</source>
        <translation>Aus Sicherheitsgründen abgelehnt</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="36"/>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="38"/>
        <source>The action failed</source>
        <translation>Die Aktion ist fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="39"/>
        <source>Unexpected error</source>
        <translation>Unerwarteter Fehler</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="47"/>
        <source>Something unexpected went wrong ({summary}). The action may not have finished. Try it again; if it keeps happening, open “Show Details…” and include the details when you report the problem.</source>
        <translation>Etwas Unerwartetes ist schiefgegangen ({summary}). Die Aktion wurde möglicherweise nicht abgeschlossen. Versuchen Sie es erneut; wenn es immer wieder passiert, öffnen Sie „Details anzeigen…“ und fügen Sie die Details Ihrer Fehlermeldung bei.</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="106"/>
        <source>{title} — Creative Memory Studio</source>
        <translation>{title} – Creative Memory Studio</translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="123"/>
        <source>Close this message</source>
        <translation>Diese Meldung schließen</translation>
    </message>
</context>
<context>
    <name>EventList</name>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="47"/>
        <source>Events that built it</source>
        <extracomment>the events list keeps each event&apos;s stored session id under this role (column 4) at most this many events are listed (the newest); the heading says how many there are</extracomment>
        <translation>Ereignisse, aus denen sie entstand</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="48"/>
        <source>The raw signals that name this pattern in this scope, newest first</source>
        <translation>Die Rohsignale, die dieses Muster in diesem Bereich nennen, neueste zuerst</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="54"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="54"/>
        <source>Signal</source>
        <translation>Signal</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="54"/>
        <source>Polarity</source>
        <translation>Polarität</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="54"/>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="54"/>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="92"/>
        <source>no project</source>
        <translation>kein Projekt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="93"/>
        <source>session {n}</source>
        <translation>Sitzung {n}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="97"/>
        <source>Stored as session {id}</source>
        <translation>Gespeichert als Sitzung {id}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="100"/>
        <source>Event {id} from {source}</source>
        <translation>Ereignis {id} aus {source}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="102"/>
        <source>Its page showed: {because}</source>
        <translation>Ihre Seite zeigte: {because}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="111"/>
        <source>rated: helped</source>
        <translation>bewertet: hat geholfen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="112"/>
        <source>rated: too much</source>
        <translation>bewertet: zu viel</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="113"/>
        <source>rated: not relevant here</source>
        <translation>bewertet: hier nicht relevant</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="114"/>
        <source>rated: missed</source>
        <translation>bewertet: fehlte</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="116"/>
        <source>rated</source>
        <translation>bewertet</translation>
    </message>
</context>
<context>
    <name>EventsPane</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="63"/>
        <source>Selected retrieval</source>
        <extracomment>what is shown changed, once its stage events are in: the recorded retrieval&apos;s row (None for nothing or a dry run) and whether it is a dry run</extracomment>
        <translation>Gewählter Abruf</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="76"/>
        <source>Stage events</source>
        <translation>Phasenereignisse</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="79"/>
        <source>The stage events of the selected retrieval, in the order they happened</source>
        <translation>Die Phasenereignisse des gewählten Abrufs in der Reihenfolge, in der sie geschahen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="94"/>
        <source>Stage event detail</source>
        <translation>Details des Phasenereignisses</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="95"/>
        <source>The whole trace and every field of the selected stage event</source>
        <translation>Die ganze Ablaufspur und jedes Feld des gewählten Phasenereignisses</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="96"/>
        <source>Select a stage event to read its whole trace.</source>
        <translation>Wählen Sie ein Phasenereignis, um seine ganze Ablaufspur zu lesen.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="147"/>
        <source>Select a retrieval to see its stage events.</source>
        <translation>Wählen Sie einen Abruf, um seine Phasenereignisse zu sehen.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="176"/>
        <source>Retrieval #{id}</source>
        <translation>Abruf Nr. {id}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="181"/>
        <source>kept +{pos} / −{neg}</source>
        <translation>behalten +{pos} / −{neg}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="182"/>
        <source>{n} tokens</source>
        <translation>{n} Token</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="183"/>
        <source>{n} stage events</source>
        <translation>{n} Phasenereignisse</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="30"/>
        <source>Filter by pattern, type or project…</source>
        <extracomment>the filter text or a facet changed (the filter box after its debounce) typing started in the filter box (before the debounce)</extracomment>
        <translation>Nach Muster, Typ oder Projekt filtern…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="34"/>
        <source>Filter preferences</source>
        <translation>Präferenzen filtern</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="35"/>
        <source>Type words that the pattern, type or project must contain (Ctrl+F); Escape clears</source>
        <translation>Wörter eingeben, die Muster, Typ oder Projekt enthalten müssen (Strg+F); Esc löscht</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="44"/>
        <source>Scope</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="45"/>
        <source>Show global preferences, project ones, or one project&apos;s</source>
        <translation>Globale Präferenzen, Projektpräferenzen oder die eines Projekts anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="49"/>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="49"/>
        <source>Show one type of preference</source>
        <translation>Eine Art von Präferenz anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="54"/>
        <source>Polarity</source>
        <translation>Polarität</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="55"/>
        <source>Show wanted (positive) or avoided (negative) preferences</source>
        <translation>Gewünschte (positive) oder vermiedene (negative) Präferenzen anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="57"/>
        <source>Both polarities</source>
        <translation>Beide Polaritäten</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="58"/>
        <source>Positive</source>
        <translation>Positiv</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="59"/>
        <source>Negative</source>
        <translation>Negativ</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="62"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="62"/>
        <source>Show one status only</source>
        <translation>Nur einen Status anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="63"/>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="64"/>
        <source>Stable</source>
        <translation>Stabil</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="65"/>
        <source>Under review</source>
        <translation>In Prüfung</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="66"/>
        <source>Archived</source>
        <translation>Archiviert</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="72"/>
        <location filename="../../gui/tabs/inspector/filters.py" line="76"/>
        <source>Show archived</source>
        <translation>Archivierte anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="77"/>
        <source>Also show preferences not seen for 180 days (they are never injected)</source>
        <translation>Auch Präferenzen anzeigen, die 180 Tage nicht gesehen wurden (sie werden nie eingefügt)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="87"/>
        <source>Tier:</source>
        <translation>Stufe:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="89"/>
        <source>High</source>
        <translation>Hoch</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="89"/>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="89"/>
        <source>Low</source>
        <translation>Niedrig</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="96"/>
        <source>Tier {tier}</source>
        <translation>Stufe {tier}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="97"/>
        <source>Show {tier} confidence preferences (none checked: every tier)</source>
        <translation>Präferenzen der Konfidenzstufe „{tier}“ anzeigen (keine gewählt: jede Stufe)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="111"/>
        <source>All scopes</source>
        <translation>Alle Bereiche</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="112"/>
        <source>Used everywhere</source>
        <translation>Überall verwendet</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="113"/>
        <source>Only in a project</source>
        <translation>Nur in einem Projekt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="134"/>
        <source>All types</source>
        <translation>Alle Typen</translation>
    </message>
</context>
<context>
    <name>FilterLineEdit</name>
    <message>
        <location filename="../../gui/widgets/filter_edit.py" line="35"/>
        <source>Filter…</source>
        <translation>Filtern…</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/filter_edit.py" line="36"/>
        <location filename="../../gui/widgets/filter_edit.py" line="42"/>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/filter_edit.py" line="37"/>
        <source>Type to filter; Enter applies at once, Escape clears</source>
        <translation>Tippen zum Filtern; Eingabe wendet sofort an, Esc löscht</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/filter_edit.py" line="42"/>
        <source>Clear the filter</source>
        <translation>Filter löschen</translation>
    </message>
</context>
<context>
    <name>ForgetActions</name>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="69"/>
        <source>Forget…</source>
        <extracomment>&quot;Forget all shown&quot; lists every row in its dialog: at most this many a forget finished; the argument is the receipt a session was forgotten; the argument is the session&apos;s receipt a forget of preferences started (True: from asking to the receipt) or ended (False)</extracomment>
        <translation>Vergessen…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="73"/>
        <location filename="../../gui/tabs/inspector/forget.py" line="112"/>
        <source>Erase the selected preferences and their evidence (Delete)</source>
        <translation>Die gewählten Präferenzen und ihre Belege löschen (Entf)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="76"/>
        <source>Forget and block…</source>
        <translation>Vergessen und sperren…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="79"/>
        <location filename="../../gui/tabs/inspector/forget.py" line="115"/>
        <source>Erase the selected preferences and never learn these patterns again</source>
        <translation>Die gewählten Präferenzen löschen und diese Muster nie wieder lernen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="83"/>
        <location filename="../../gui/tabs/inspector/forget.py" line="123"/>
        <source>Forget all shown…</source>
        <translation>Alle angezeigten vergessen…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="109"/>
        <source>This store is read-only; nothing can be forgotten</source>
        <translation>Dieser Speicher ist schreibgeschützt; nichts kann vergessen werden</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="123"/>
        <source>Forget all {n} shown…</source>
        <translation>Alle {n} angezeigten vergessen…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="126"/>
        <source>Forget every preference this filter shows ({n}); the dialog lists them all</source>
        <translation>Jede Präferenz vergessen, die dieser Filter anzeigt ({n}); der Dialog listet sie alle auf</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="130"/>
        <source>Filter first: this forgets every preference the filter shows</source>
        <translation>Zuerst filtern: Das vergisst jede Präferenz, die der Filter anzeigt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="213"/>
        <source>Could not forget the selection.</source>
        <translation>Die Auswahl konnte nicht vergessen werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="254"/>
        <source>Forget a session — Creative Memory Studio</source>
        <translation>Eine Sitzung vergessen – Creative Memory Studio</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="255"/>
        <source>Forget what session {session} taught?</source>
        <translation>Vergessen, was die Sitzung {session} gelehrt hat?</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="262"/>
        <source>This deletes the {n} events of this generation session and re-derives every preference they shaped from the events that remain. It cannot be undone.</source>
        <translation>Das löscht die {n} Ereignisse dieser Generierungssitzung und leitet jede Präferenz, die sie geprägt haben, aus den verbleibenden Ereignissen neu ab. Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="266"/>
        <source>&amp;Forget the session</source>
        <translation>Sitzung &amp;vergessen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="268"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="290"/>
        <source>Could not forget the session.</source>
        <translation>Die Sitzung konnte nicht vergessen werden.</translation>
    </message>
</context>
<context>
    <name>ForgetDialog</name>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="86"/>
        <source>Forget — Creative Memory Studio</source>
        <extracomment>the ticked rows changed; the argument is the list of erasure targets they mean</extracomment>
        <translation>Vergessen – Creative Memory Studio</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="116"/>
        <source>Forget this pattern?</source>
        <translation>Dieses Muster vergessen?</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="116"/>
        <source>Forget {n} patterns?</source>
        <translation>{n} Muster vergessen?</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="122"/>
        <source>&amp;Where it is remembered (tick what to forget):</source>
        <translation>&amp;Wo es gespeichert ist (zu Vergessendes ankreuzen):</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="130"/>
        <source>Where the selection is remembered</source>
        <translation>Wo die Auswahl gespeichert ist</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="131"/>
        <source>Tick the places to forget; Space ticks the current row</source>
        <translation>Die zu vergessenden Stellen ankreuzen; Leertaste kreuzt die aktuelle Zeile an</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="151"/>
        <source>Tick &amp;everywhere</source>
        <translation>&amp;Überall ankreuzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="153"/>
        <source>Tick everywhere</source>
        <translation>Überall ankreuzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="156"/>
        <source>Forget the selected patterns in every scope and both polarities (their text leaves the file)</source>
        <translation>Die gewählten Muster in jedem Bereich und beiden Polaritäten vergessen (ihr Text verschwindet aus der Datei)</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="168"/>
        <source>What will be erased</source>
        <translation>Was gelöscht wird</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="175"/>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="176"/>
        <source>This cannot be undone. Nothing recoverable is kept.</source>
        <translation>Das kann nicht rückgängig gemacht werden. Nichts Wiederherstellbares wird behalten.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="186"/>
        <source>Also &amp;block these patterns from being learned again</source>
        <translation>Diese Muster auch für erneutes Lernen &amp;sperren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="191"/>
        <source>Keeps only a keyed fingerprint of each pattern, never its text, so it is never learned again</source>
        <translation>Behält von jedem Muster nur einen verschlüsselten Fingerabdruck, nie seinen Text, damit es nie wieder gelernt wird</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="194"/>
        <source>Block from being learned again</source>
        <translation>Für erneutes Lernen sperren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="199"/>
        <location filename="../../gui/dialogs/forget.py" line="290"/>
        <source>&amp;Forget</source>
        <translation>&amp;Vergessen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="201"/>
        <source>Erase what is ticked above</source>
        <translation>Löschen, was oben angekreuzt ist</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="206"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="207"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="208"/>
        <source>Keep everything as it is</source>
        <translation>Alles so lassen, wie es ist</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="219"/>
        <source>global</source>
        <translation>global</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="221"/>
        <source>project {project}</source>
        <translation>Projekt {project}</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="224"/>
        <source>1 preference</source>
        <translation>1 Präferenz</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="226"/>
        <source>{n} preferences</source>
        <translation>{n} Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="228"/>
        <source>1 event</source>
        <translation>1 Ereignis</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="228"/>
        <source>{n} events</source>
        <translation>{n} Ereignisse</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="229"/>
        <source>{name} — {where}, {polarity}: {prefs}, {events}</source>
        <translation>{name} – {where}, {polarity}: {prefs}, {events}</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="232"/>
        <source>prefer</source>
        <translation>bevorzugen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="232"/>
        <source>avoid</source>
        <translation>vermeiden</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="266"/>
        <source>Nothing is ticked, so nothing would be erased.</source>
        <translation>Nichts ist angekreuzt, also würde nichts gelöscht.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="269"/>
        <source>1 learned preference</source>
        <translation>1 gelernte Präferenz</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="271"/>
        <source>{n} learned preferences</source>
        <translation>{n} gelernte Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="274"/>
        <source>1 recorded event</source>
        <translation>1 aufgezeichnetes Ereignis</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="276"/>
        <source>{n} recorded events</source>
        <translation>{n} aufgezeichnete Ereignisse</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="280"/>
        <source>This erases {records} and the pattern inside {events} (an event that names nothing else is deleted), and every diagnostic that mentions it.</source>
        <translation>Das löscht {records} und das Muster in den Ereignissen, die es nennen ({events}; ein Ereignis, das sonst nichts nennt, wird gelöscht), sowie jede Diagnose, die es erwähnt.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="290"/>
        <source>&amp;Forget and block</source>
        <translation>&amp;Vergessen und sperren</translation>
    </message>
</context>
<context>
    <name>ImportConfirmDialog</name>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="17"/>
        <source>Import creative memory</source>
        <translation>Kreatives Gedächtnis importieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="18"/>
        <source>Confirm the import</source>
        <translation>Import bestätigen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="19"/>
        <source>Import {name}?</source>
        <translation>{name} importieren?</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="23"/>
        <source>{name} holds the memory of user “{other}”. Importing adds it to the memory of “{user}”.</source>
        <translation>{name} enthält das Gedächtnis des Benutzers „{other}“. Beim Import wird es dem Gedächtnis von „{user}“ hinzugefügt.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="27"/>
        <source>The import changes these settings:</source>
        <translation>Der Import ändert diese Einstellungen:</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="42"/>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="43"/>
        <source>Import the file and apply these changes</source>
        <translation>Die Datei importieren und diese Änderungen anwenden</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="45"/>
        <source>Close without importing</source>
        <translation>Schließen, ohne zu importieren</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="36"/>
        <location filename="../../gui/dialogs/import_mode.py" line="37"/>
        <source>Import creative memory</source>
        <translation>Kreatives Gedächtnis importieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="41"/>
        <source>How should it be applied?</source>
        <translation>Wie soll sie angewendet werden?</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="42"/>
        <source>&amp;Merge: add its events to the memory here</source>
        <translation>&amp;Zusammenführen: seine Ereignisse dem Gedächtnis hier hinzufügen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="43"/>
        <source>Events that are already here are skipped; nothing is erased</source>
        <translation>Ereignisse, die schon hier sind, werden übersprungen; nichts wird gelöscht</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="44"/>
        <source>Merge</source>
        <translation>Zusammenführen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="45"/>
        <source>Events already here are skipped; nothing is erased.</source>
        <translation>Ereignisse, die schon hier sind, werden übersprungen; nichts wird gelöscht.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="46"/>
        <source>&amp;Replace: erase the memory here, then import</source>
        <translation>&amp;Ersetzen: das Gedächtnis hier löschen, dann importieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="48"/>
        <source>Your preferences and events are erased first; settings from the file replace yours</source>
        <translation>Ihre Präferenzen und Ereignisse werden zuerst gelöscht; Einstellungen aus der Datei ersetzen Ihre</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="50"/>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="53"/>
        <source>Your current preferences and events are erased first; settings from a bundle replace yours.</source>
        <translation>Ihre aktuellen Präferenzen und Ereignisse werden zuerst gelöscht; Einstellungen aus einem Paket ersetzen Ihre.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="69"/>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="70"/>
        <source>Import the file</source>
        <translation>Die Datei importieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="72"/>
        <source>Close without importing</source>
        <translation>Schließen, ohne zu importieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="92"/>
        <source>Import from {name}.</source>
        <translation>Import aus {name}.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="95"/>
        <source>1 preference</source>
        <translation>1 Präferenz</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="95"/>
        <source>{n} preferences</source>
        <translation>{n} Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="96"/>
        <source>{name} is a prototype preferences.json with {preferences}.</source>
        <translation>{name} ist eine preferences.json des Prototyps mit {preferences}.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="99"/>
        <source>1 event</source>
        <translation>1 Ereignis</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="99"/>
        <source>{n} events</source>
        <translation>{n} Ereignisse</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="102"/>
        <source>{name} holds {events} of the memory of user {user}.</source>
        <translation>{name} enthält {events} aus dem Gedächtnis des Benutzers {user}.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="109"/>
        <source>{name} holds {events} of the memory of user {user}, exported {when}.</source>
        <translation>{name} enthält {events} aus dem Gedächtnis des Benutzers {user}, exportiert am {when}.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="112"/>
        <source>It is encrypted; the passphrase opened it.</source>
        <translation>Sie ist verschlüsselt; die Passphrase hat sie geöffnet.</translation>
    </message>
</context>
<context>
    <name>ImportWords</name>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="136"/>
        <source>{type} {pattern} ({n})</source>
        <translation>{type} {pattern} ({n})</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="142"/>
        <source>, and %n more</source>
        <translation>
            <numerusform>, und %n weiteres</numerusform>
            <numerusform>, und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="147"/>
        <source>Imported {events} events from {name}; {prefs} preferences now.</source>
        <translation>{events} Ereignisse aus {name} importiert; jetzt {prefs} Präferenzen.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="152"/>
        <source>Already here: %n event(s).</source>
        <translation>
            <numerusform>Schon hier: %n Ereignis.</numerusform>
            <numerusform>Schon hier: %n Ereignisse.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="155"/>
        <source>Blocked: %n event(s) — {patterns}.</source>
        <translation>
            <numerusform>Gesperrt: %n Ereignis – {patterns}.</numerusform>
            <numerusform>Gesperrt: %n Ereignisse – {patterns}.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="162"/>
        <source>Blocked patterns left out of events that came in: {patterns}.</source>
        <translation>Gesperrte Muster, die aus importierten Ereignissen weggelassen wurden: {patterns}.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="168"/>
        <source>Project {project} does not learn: %n event(s).</source>
        <translation>
            <numerusform>Projekt {project} lernt nicht: %n Ereignis.</numerusform>
            <numerusform>Projekt {project} lernt nicht: %n Ereignisse.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="175"/>
        <source>%n more project(s) that do not learn: {events} event(s).</source>
        <translation>
            <numerusform>%n weiteres Projekt, das nicht lernt: {events} Ereignis(se).</numerusform>
            <numerusform>%n weitere Projekte, die nicht lernen: {events} Ereignis(se).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="180"/>
        <source>Learning is paused: %n event(s).</source>
        <translation>
            <numerusform>Lernen ist pausiert: %n Ereignis.</numerusform>
            <numerusform>Lernen ist pausiert: %n Ereignisse.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="182"/>
        <source>Memory is off: %n event(s).</source>
        <translation>
            <numerusform>Das Gedächtnis ist ausgeschaltet: %n Ereignis.</numerusform>
            <numerusform>Das Gedächtnis ist ausgeschaltet: %n Ereignisse.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InspectorFields</name>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="24"/>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="25"/>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="26"/>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="27"/>
        <source>Polarity</source>
        <translation>Polarität</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="28"/>
        <source>Strength</source>
        <translation>Stärke</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="29"/>
        <source>Confidence tier</source>
        <translation>Konfidenzstufe</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="30"/>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="31"/>
        <source>Tier from strength</source>
        <translation>Stufe nach Stärke</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="32"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="33"/>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="34"/>
        <source>Explicit tags</source>
        <translation>Explizite Tags</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="35"/>
        <source>Accepts</source>
        <translation>Zustimmungen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="36"/>
        <source>Rejects</source>
        <translation>Ablehnungen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="37"/>
        <source>Pairwise comparisons</source>
        <translation>Paarvergleiche</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="38"/>
        <source>First seen</source>
        <translation>Zuerst gesehen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="39"/>
        <source>Last seen</source>
        <translation>Zuletzt gesehen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="40"/>
        <source>Decay due</source>
        <translation>Abschwächung fällig</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="41"/>
        <source>Last injected</source>
        <translation>Zuletzt eingefügt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="42"/>
        <source>Reversal signals</source>
        <translation>Umkehrsignale</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="43"/>
        <source>Contradicts</source>
        <translation>Widerspricht</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="44"/>
        <source>Last weakened</source>
        <translation>Zuletzt abgeschwächt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="45"/>
        <source>Stored as</source>
        <translation>Gespeichert als</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="91"/>
        <source>everywhere</source>
        <translation>überall</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="98"/>
        <source>the opposite preference; this one is still gathering evidence and takes over once it is at least moderate</source>
        <translation>der gegenteiligen Präferenz; diese sammelt noch Belege und übernimmt, sobald sie mindestens mäßig ist</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="150"/>
        <source>on {date}: nothing had named it for {days} days, so it faded</source>
        <translation>am {date}: {days} Tage lang hatte nichts sie genannt, daher verblasste sie</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="156"/>
        <source>on {date}: a reaction said the opposite ({signal})</source>
        <translation>am {date}: eine Reaktion sagte das Gegenteil ({signal})</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="159"/>
        <source>a reaction that said the opposite (stored as event {id})</source>
        <translation>eine Reaktion, die das Gegenteil sagte (gespeichert als Ereignis {id})</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="169"/>
        <source>{values}, record {id}</source>
        <translation>{values}, Datensatz {id}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="173"/>
        <source>{values}, scope {scope}</source>
        <translation>{values}, Bereich {scope}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="117"/>
        <source>provisional — unary signals only; at most medium until a tag, refinement, revert or comparison</source>
        <translation>vorläufig – nur einstellige Signale; höchstens mittel bis zu einem Tag, einer Verfeinerung, einem Rückgängigmachen oder einem Vergleich</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="122"/>
        <source>confirmed by a tag, refinement, revert or comparison</source>
        <translation>bestätigt durch einen Tag, eine Verfeinerung, ein Rückgängigmachen oder einen Vergleich</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="137"/>
        <source>never</source>
        <translation>nie</translation>
    </message>
</context>
<context>
    <name>InspectorTab</name>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="100"/>
        <source>Preview as if forgotten</source>
        <extracomment>how long the current row must stay current before its detail is loaded (ms) &quot;Preview as if forgotten&quot;: [(preference_type, pattern, scope), …] of the selection the detail pane now shows this key (None: nothing selected / gone) a forget finished; the argument is the receipt milliseconds from the last filter change to its rows being shown (for benchmarks)</extracomment>
        <translation>Vorschau wie vergessen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="104"/>
        <source>Show in the Preview tab the memory block as it would be without the selected patterns; nothing is changed</source>
        <translation>Im Reiter Vorschau den Gedächtnisblock so zeigen, wie er ohne die gewählten Muster wäre; nichts wird geändert</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="110"/>
        <location filename="../../gui/tabs/inspector/view.py" line="119"/>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="112"/>
        <source>Reload the preferences from the store (F5)</source>
        <translation>Die Präferenzen neu aus dem Speicher laden (F5)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="133"/>
        <source>Number of preferences</source>
        <translation>Anzahl der Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="134"/>
        <source>How many preferences match the filters</source>
        <translation>Wie viele Präferenzen zu den Filtern passen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="158"/>
        <source>Preferences and details</source>
        <translation>Präferenzen und Details</translation>
    </message>
    <message>
        <location filename="../../gui/tab_places.py" line="45"/>
        <location filename="../../gui/tabs/inspector/view.py" line="215"/>
        <source>Inspector</source>
        <translation>Inspektor</translation>
    </message>
</context>
<context>
    <name>KeptPanel</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="76"/>
        <source>Used in this retrieval:</source>
        <extracomment>Show in Inspector: the preference&apos;s key Forget…: the preference&apos;s key (the Inspector asks and erases; :meth:`set_busy` meanwhile)</extracomment>
        <translation>In diesem Abruf verwendet:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="79"/>
        <source>Preferences used in this retrieval</source>
        <translation>In diesem Abruf verwendete Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="80"/>
        <source>The preferences this retrieval put into the prompt</source>
        <translation>Die Präferenzen, die dieser Abruf in den Prompt eingefügt hat</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="84"/>
        <source>Forg&amp;et…</source>
        <translation>V&amp;ergessen…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="86"/>
        <source>Erase the selected preference and its evidence (asks first)</source>
        <translation>Die gewählte Präferenz und ihre Belege löschen (mit Rückfrage)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="87"/>
        <source>Show in &amp;Inspector</source>
        <translation>Im &amp;Inspektor zeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="89"/>
        <source>Open the Inspector on the selected preference</source>
        <translation>Den Inspektor mit der gewählten Präferenz öffnen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="108"/>
        <source>Forget…</source>
        <extracomment>Open Design&apos;s names of projects by id (set with the Diagnostics tab&apos;s projects)</extracomment>
        <translation>Vergessen…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="111"/>
        <source>Show in Inspector</source>
        <translation>Im Inspektor zeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="140"/>
        <source>Stored as {key}, strength {strength}</source>
        <translation>Gespeichert als {key}, Stärke {strength}</translation>
    </message>
</context>
<context>
    <name>Keyboard</name>
    <message>
        <location filename="../../gui/keyboard.py" line="63"/>
        <source>&amp;Copy</source>
        <extracomment>the key that opens a context menu on every platform&apos;s keyboard convention (besides the Menu key) a second request this soon after a menu opened, while it is open, is the same key press</extracomment>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <location filename="../../gui/keyboard.py" line="68"/>
        <source>Copy the selected rows as text (Ctrl+C)</source>
        <translation>Die gewählten Zeilen als Text kopieren (Strg+C)</translation>
    </message>
    <message>
        <location filename="../../gui/keyboard.py" line="99"/>
        <source>Actions for the selection</source>
        <translation>Aktionen für die Auswahl</translation>
    </message>
</context>
<context>
    <name>Labels</name>
    <message>
        <location filename="../../services/retrieval/labels.py" line="22"/>
        <source>switches and pauses</source>
        <translation>Schalter und Pausen</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="23"/>
        <source>project and global memory</source>
        <translation>Projekt- und globales Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="24"/>
        <source>strength and status</source>
        <translation>Stärke und Status</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="25"/>
        <source>your ratings</source>
        <translation>Ihre Bewertungen</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="26"/>
        <source>how many fit</source>
        <translation>wie viele passen</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="27"/>
        <source>balance of likes and dislikes</source>
        <translation>Gleichgewicht von Vorlieben und Abneigungen</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="28"/>
        <location filename="../../services/retrieval/labels.py" line="29"/>
        <source>variety of kinds</source>
        <translation>Vielfalt der Arten</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="30"/>
        <source>length of the block</source>
        <translation>Länge des Blocks</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="31"/>
        <source>what was used</source>
        <translation>was genutzt wurde</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="35"/>
        <source>temporary conversation</source>
        <translation>vorübergehende Unterhaltung</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="36"/>
        <source>memory switched off</source>
        <translation>Gedächtnis ausgeschaltet</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="37"/>
        <source>using paused</source>
        <translation>Nutzen pausiert</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="38"/>
        <source>project uses no memory</source>
        <translation>Projekt nutzt kein Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="39"/>
        <source>project leaves out global memory</source>
        <translation>Projekt lässt globales Gedächtnis weg</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="40"/>
        <source>project leaves out its own memory</source>
        <translation>Projekt lässt eigenes Gedächtnis weg</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="41"/>
        <source>project&apos;s own preference wins</source>
        <translation>eigene Präferenz des Projekts gilt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="42"/>
        <source>too weak or not settled</source>
        <translation>zu schwach oder nicht gefestigt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="43"/>
        <source>nothing strong enough</source>
        <translation>nichts stark genug</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="44"/>
        <source>lowered by a rating</source>
        <translation>durch eine Bewertung gesenkt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="45"/>
        <source>narrowed by a rating</source>
        <translation>durch eine Bewertung eingeengt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="46"/>
        <source>too many</source>
        <translation>zu viele</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="47"/>
        <source>too many of one side</source>
        <translation>zu viele einer Seite</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="48"/>
        <source>added for balance</source>
        <translation>zum Ausgleich ergänzt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="49"/>
        <source>too many of one kind</source>
        <translation>zu viele einer Art</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="50"/>
        <source>added for variety</source>
        <translation>für Vielfalt ergänzt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="51"/>
        <source>block too long</source>
        <translation>Block zu lang</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="52"/>
        <source>used</source>
        <translation>genutzt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="56"/>
        <source>Open Design</source>
        <translation>Open Design</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="57"/>
        <source>command line</source>
        <translation>Befehlszeile</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="58"/>
        <source>this window</source>
        <translation>dieses Fenster</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="59"/>
        <source>Preview</source>
        <translation>Vorschau</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="60"/>
        <source>self-test</source>
        <translation>Selbsttest</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="64"/>
        <source>generation</source>
        <translation>Generierung</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="65"/>
        <source>critique</source>
        <translation>Kritik</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="66"/>
        <source>older block format</source>
        <translation>älteres Blockformat</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="71"/>
        <source>explicit tag</source>
        <translation>ausdrückliches Tag</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="72"/>
        <source>manual refinement</source>
        <translation>manuelle Verfeinerung</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="73"/>
        <source>repeated acceptance</source>
        <translation>wiederholte Annahme</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="74"/>
        <source>thumbs up</source>
        <translation>Daumen hoch</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="75"/>
        <source>thumbs down</source>
        <translation>Daumen runter</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="76"/>
        <source>single rejection</source>
        <translation>einzelne Ablehnung</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="77"/>
        <source>abandoned generation</source>
        <translation>abgebrochene Generierung</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="78"/>
        <source>revert after edit</source>
        <translation>Rückgängig nach Bearbeitung</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="79"/>
        <source>pairwise comparison</source>
        <translation>paarweiser Vergleich</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="80"/>
        <source>rating of a retrieval</source>
        <translation>Bewertung eines Abrufs</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="81"/>
        <source>imported from the prototype</source>
        <translation>aus dem Prototyp importiert</translation>
    </message>
</context>
<context>
    <name>LiftSkipsDialog</name>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="21"/>
        <source>Lift and import again</source>
        <translation>Aufheben und erneut importieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="22"/>
        <source>Lift what left events out and import again</source>
        <translation>Aufheben, was Ereignisse ausgeschlossen hat, und erneut importieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="26"/>
        <source>Lift the block on {pattern} and import {name} again?</source>
        <translation>Die Sperre von {pattern} aufheben und {name} erneut importieren?</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="30"/>
        <source>Turn learning back on in project {project} and import {name} again?</source>
        <translation>Das Lernen im Projekt {project} wieder einschalten und {name} erneut importieren?</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="34"/>
        <source>Lift what kept events of {name} out, and import it again?</source>
        <translation>Aufheben, was Ereignisse aus {name} ausgeschlossen hat, und die Datei erneut importieren?</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/dialogs/lift_skips.py" line="44"/>
        <source>Lift the block on {type} {pattern} (%n event(s))</source>
        <translation>
            <numerusform>Sperre von {type} {pattern} aufheben (%n Ereignis)</numerusform>
            <numerusform>Sperre von {type} {pattern} aufheben (%n Ereignisse)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/dialogs/lift_skips.py" line="53"/>
        <source>Learn from project {project} again (%n event(s))</source>
        <translation>
            <numerusform>Wieder aus Projekt {project} lernen (%n Ereignis)</numerusform>
            <numerusform>Wieder aus Projekt {project} lernen (%n Ereignisse)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="66"/>
        <source>A lifted pattern can be learned again and its words are kept in diffs again. Each lift and switch is written to the activity log. The import is a merge: only the events that were skipped come in ({n} events at most).</source>
        <translation>Ein freigegebenes Muster kann wieder gelernt werden, und seine Wörter bleiben in Diffs wieder erhalten. Jede Aufhebung und jeder Schalter wird im Aktivitätsprotokoll vermerkt. Der Import wird zusammengeführt: Nur die übersprungenen Ereignisse kommen hinzu (höchstens {n} Ereignisse).</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="80"/>
        <source>&amp;Lift and import again</source>
        <translation>&amp;Aufheben und erneut importieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="81"/>
        <source>Lift what is ticked, then import the file again</source>
        <translation>Das Angekreuzte aufheben, dann die Datei erneut importieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="83"/>
        <source>Keep the blocks and switches as they are</source>
        <translation>Sperren und Schalter so lassen, wie sie sind</translation>
    </message>
</context>
<context>
    <name>LogFileLine</name>
    <message>
        <location filename="../../gui/widgets/log_line.py" line="22"/>
        <source>Program log file</source>
        <translation>Programmprotokolldatei</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/log_line.py" line="30"/>
        <source>Program log (warnings and errors): {path}</source>
        <translation>Programmprotokoll (Warnungen und Fehler): {path}</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/log_line.py" line="31"/>
        <source>Attach this file, and the older ones beside it, to a problem report</source>
        <translation>Diese Datei und die älteren daneben einer Fehlermeldung beifügen</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gui/main_window.py" line="73"/>
        <source>Creative Memory Studio</source>
        <extracomment>a pass of a tab&apos;s refresh has ended: the tab&apos;s key and when the pass began (``time.time()``); what the tab shows is the store as of then (how live refresh is measured, decision 0060) closing this window ends the program (the program&apos;s own window, not a test&apos;s): its close leaves the process&apos;s memory to the process&apos;s end (``GuiCollector.release``)</extracomment>
        <translation>Creative Memory Studio</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="94"/>
        <source>Sections</source>
        <extracomment>the tabs whose refresh runs (the key), and whether it was asked for again meanwhile</extracomment>
        <translation>Bereiche</translation>
    </message>
    <message>
        <location filename="../../gui/tab_places.py" line="66"/>
        <source>{title} (Ctrl+{n})</source>
        <translation>{title} (Strg+{n})</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="225"/>
        <source>Store: {path}</source>
        <translation>Speicher: {path}</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="275"/>
        <source>Updating preferences</source>
        <translation>Präferenzen werden aktualisiert</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="277"/>
        <source>The rules that turn your reactions into preferences have changed. Re-deriving every preference from the raw events…</source>
        <translation>Die Regeln, die aus Ihren Reaktionen Präferenzen machen, haben sich geändert. Jede Präferenz wird aus den Rohereignissen neu abgeleitet…</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="287"/>
        <source>Could not re-derive the preferences; they are shown as stored.</source>
        <translation>Die Präferenzen konnten nicht neu abgeleitet werden; sie werden so angezeigt, wie sie gespeichert sind.</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="297"/>
        <source>No store open</source>
        <translation>Kein Speicher geöffnet</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="428"/>
        <source>There is nothing to search on this tab: Ctrl+3 searches preferences in the Inspector, Ctrl+4 retrievals in Diagnostics.</source>
        <translation>Auf diesem Reiter gibt es nichts zu durchsuchen: Strg+3 durchsucht Präferenzen im Inspektor, Strg+4 Abrufe in der Diagnose.</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="435"/>
        <source>● Live</source>
        <translation>● Live</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="435"/>
        <source>○ Not live</source>
        <translation>○ Nicht live</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="437"/>
        <source>Changes made by Open Design appear here within a second or two.</source>
        <translation>Änderungen durch Open Design erscheinen hier innerhalb von ein, zwei Sekunden.</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="439"/>
        <source>The store cannot be read right now; the view is not updating.</source>
        <translation>Der Speicher kann gerade nicht gelesen werden; die Ansicht wird nicht aktualisiert.</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="446"/>
        <source>Working…</source>
        <translation>Wird bearbeitet…</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="454"/>
        <source>Bringing memory up to today: {done} of {total} preferences aged by the time passed…</source>
        <translation>Gedächtnis wird auf heute gebracht: {done} von {total} Präferenzen gealtert…</translation>
    </message>
</context>
<context>
    <name>MemoryActions</name>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="88"/>
        <source>Could not turn creative memory on.</source>
        <extracomment>an action changed the memory status; the argument is the new MemoryStatus</extracomment>
        <translation>Das kreative Gedächtnis konnte nicht eingeschaltet werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="90"/>
        <source>Could not turn creative memory off.</source>
        <translation>Das kreative Gedächtnis konnte nicht ausgeschaltet werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="125"/>
        <source>Could not pause creative memory.</source>
        <translation>Das kreative Gedächtnis konnte nicht pausiert werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="146"/>
        <source>Could not resume creative memory.</source>
        <translation>Das kreative Gedächtnis konnte nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="161"/>
        <source>The folder {path} could not be opened in a file manager; open it by hand.</source>
        <translation>Der Ordner {path} konnte nicht in einer Dateiverwaltung geöffnet werden; öffnen Sie ihn von Hand.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="184"/>
        <source>Running the checks…</source>
        <translation>Prüfungen laufen…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="190"/>
        <location filename="../../gui/tabs/overview/actions.py" line="191"/>
        <source>The self-test could not run.</source>
        <translation>Der Selbsttest konnte nicht laufen.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="209"/>
        <source>Rebuilding preferences</source>
        <translation>Präferenzen werden neu aufgebaut</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="210"/>
        <source>Re-deriving every preference from the raw events…</source>
        <translation>Jede Präferenz wird aus den Rohereignissen neu abgeleitet…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="241"/>
        <source>Could not rebuild the preferences.</source>
        <translation>Die Präferenzen konnten nicht neu aufgebaut werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="247"/>
        <source>Rebuilt {n} preferences from {e} events in {s:.1f} s.</source>
        <translation>{n} Präferenzen aus {e} Ereignissen in {s:.1f} s neu aufgebaut.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="270"/>
        <source>Loading demo data</source>
        <translation>Demodaten werden geladen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="271"/>
        <source>Generating the demo data set ({size})…</source>
        <translation>Der Demodatensatz ({size}) wird erzeugt…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="295"/>
        <source>Could not load the demo data.</source>
        <translation>Die Demodaten konnten nicht geladen werden.</translation>
    </message>
</context>
<context>
    <name>MemoryCard</name>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="54"/>
        <source>Creative &amp;memory</source>
        <translation>Kreatives &amp;Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="56"/>
        <source>Creative memory</source>
        <translation>Kreatives Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="57"/>
        <source>Turn creative memory on or off. Off keeps what is stored.</source>
        <translation>Das kreative Gedächtnis ein- oder ausschalten. Aus behält, was gespeichert ist.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="60"/>
        <source>&amp;Pause…</source>
        <translation>&amp;Pausieren…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="61"/>
        <source>Pause learning and/or using for a while</source>
        <translation>Lernen und/oder Nutzen eine Zeit lang pausieren</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="67"/>
        <source>R&amp;esume</source>
        <translation>Fort&amp;setzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="68"/>
        <source>End the pause now: learn and use again</source>
        <translation>Die Pause jetzt beenden: wieder lernen und nutzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="77"/>
        <source>When on, Open Design learns your style from how you react to the work it generates (what you accept, refine, rate or revert) and adds it to the next prompt as a “Creative memory” block. When off, nothing is learned and nothing is added; what is already stored is kept.</source>
        <translation>Wenn es an ist, lernt Open Design Ihren Stil daraus, wie Sie auf die erzeugten Arbeiten reagieren (was Sie annehmen, verfeinern, bewerten oder rückgängig machen), und fügt ihn dem nächsten Prompt als Block „Creative memory“ hinzu. Wenn es aus ist, wird nichts gelernt und nichts hinzugefügt; was schon gespeichert ist, bleibt erhalten.</translation>
    </message>
</context>
<context>
    <name>MemoryNotesCheck</name>
    <message>
        <location filename="../../gui/memory_notes.py" line="22"/>
        <source>Show memor&amp;y notes in chat</source>
        <translation>Gedächtnis&amp;hinweise im Chat zeigen</translation>
    </message>
    <message>
        <location filename="../../gui/memory_notes.py" line="26"/>
        <source>Show memory notes in chat</source>
        <translation>Gedächtnishinweise im Chat zeigen</translation>
    </message>
    <message>
        <location filename="../../gui/memory_notes.py" line="29"/>
        <source>After each generation, Open Design shows one short line such as “memory: 7 preferences used; 2 capped”, which opens that retrieval here. Off by default.</source>
        <translation>Nach jeder Generierung zeigt Open Design eine kurze Zeile wie „memory: 7 preferences used; 2 capped“, die diesen Abruf hier öffnet. Standardmäßig aus.</translation>
    </message>
    <message>
        <location filename="../../gui/memory_notes.py" line="46"/>
        <source>This store is read-only, so this cannot be changed.</source>
        <translation>Dieser Speicher ist schreibgeschützt, daher kann das nicht geändert werden.</translation>
    </message>
    <message>
        <location filename="../../gui/memory_notes.py" line="67"/>
        <source>Could not change memory notes.</source>
        <translation>Die Gedächtnishinweise konnten nicht geändert werden.</translation>
    </message>
</context>
<context>
    <name>MissedDialog</name>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="43"/>
        <source>Name what was missed</source>
        <translation>Benennen, was fehlte</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="46"/>
        <source>Name a preference this retrieval should have used. Memory learns it as if you had tagged it yourself in this retrieval&apos;s project.</source>
        <translation>Nennen Sie eine Präferenz, die dieser Abruf hätte nutzen sollen. Das Gedächtnis lernt sie, als hätten Sie sie im Projekt dieses Abrufs selbst markiert.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="57"/>
        <source>Kind of preference</source>
        <translation>Art der Präferenz</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="58"/>
        <source>What the preference is about, such as layout or typography</source>
        <translation>Worum es bei der Präferenz geht, etwa Layout oder Typografie</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="61"/>
        <source>e.g. layout</source>
        <translation>z. B. layout</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="64"/>
        <source>e.g. airy_spacing</source>
        <translation>z. B. airy_spacing</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="65"/>
        <source>What was missed</source>
        <translation>Was fehlte</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="66"/>
        <source>The preference itself, in a few words or as memory names it</source>
        <translation>Die Präferenz selbst, in wenigen Worten oder so, wie das Gedächtnis sie nennt</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="67"/>
        <source>&amp;Prefer it</source>
        <translation>&amp;Bevorzugen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="69"/>
        <source>You want this in your designs</source>
        <translation>Sie möchten das in Ihren Entwürfen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="70"/>
        <source>A&amp;void it</source>
        <translation>&amp;Vermeiden</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="72"/>
        <source>You want this kept out of your designs</source>
        <translation>Sie möchten das aus Ihren Entwürfen heraushalten</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="83"/>
        <source>&amp;Kind:</source>
        <translation>&amp;Art:</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="85"/>
        <source>&amp;Missed:</source>
        <translation>&amp;Fehlte:</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="89"/>
        <source>Polarity:</source>
        <translation>Polarität:</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="93"/>
        <source>&amp;Rate as missed</source>
        <translation>Als fehlend be&amp;werten</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="96"/>
        <source>Tell memory this retrieval should have used it</source>
        <translation>Dem Gedächtnis sagen, dass dieser Abruf sie hätte nutzen sollen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="98"/>
        <source>&amp;Cancel</source>
        <translation>Abbre&amp;chen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="124"/>
        <source>Name the kind of preference, such as layout.</source>
        <translation>Nennen Sie die Art der Präferenz, etwa layout.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="126"/>
        <source>Name what was missed, such as airy_spacing.</source>
        <translation>Nennen Sie, was fehlte, etwa airy_spacing.</translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <location filename="../../gui/visible.py" line="69"/>
        <source>Project id: {id}</source>
        <translation>Projekt-ID: {id}</translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="70"/>
        <source>{name} (project id: {id})</source>
        <translation>{name} (Projekt-ID: {id})</translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="80"/>
        <source>{name} (stored as {raw})</source>
        <translation>{name} (gespeichert als {raw})</translation>
    </message>
</context>
<context>
    <name>OverviewTab</name>
    <message>
        <location filename="../../gui/tab_places.py" line="43"/>
        <location filename="../../gui/tabs/overview/view.py" line="95"/>
        <source>Overview</source>
        <extracomment>the six tabs in their order; each is built when it is first shown or asked for (``TabPlaces.at``)
----------
another switch about memory under the master switch (the memory notes), once added</extracomment>
        <translation>Übersicht</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/view.py" line="285"/>
        <source>This store is read-only, so this cannot be changed: {reason}</source>
        <translation>Dieser Speicher ist schreibgeschützt, daher kann das nicht geändert werden: {reason}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/view.py" line="286"/>
        <source>no change can be made.</source>
        <translation>es kann nichts geändert werden.</translation>
    </message>
</context>
<context>
    <name>OverviewText</name>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="27"/>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="39"/>
        <source>until you resume</source>
        <translation>bis Sie fortsetzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="40"/>
        <source>until {when}</source>
        <translation>bis {when}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="48"/>
        <source>Off — nothing is learned and nothing is added to prompts. What is stored is kept.</source>
        <translation>Aus – nichts wird gelernt und nichts in Prompts eingefügt. Was gespeichert ist, bleibt erhalten.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="56"/>
        <source>Paused — learning and using — {until}.</source>
        <translation>Pausiert – Lernen und Nutzen – {until}.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="59"/>
        <source>Paused — learning {l_until}, using {u_until}.</source>
        <translation>Pausiert – Lernen {l_until}, Nutzen {u_until}.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="66"/>
        <source>On, but learning is paused {until}; what is remembered is still used.</source>
        <translation>An, aber das Lernen ist pausiert {until}; was gespeichert ist, wird weiter genutzt.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="70"/>
        <source>On, but using is paused {until}; learning goes on.</source>
        <translation>An, aber das Nutzen ist pausiert {until}; das Lernen geht weiter.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="73"/>
        <source>On — learning from your reactions and adding what it learned to prompts.</source>
        <translation>An – lernt aus Ihren Reaktionen und fügt das Gelernte in Prompts ein.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="82"/>
        <source>your global preferences are not used there</source>
        <translation>Ihre globalen Präferenzen werden dort nicht genutzt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="84"/>
        <source>what was learned in it is not used</source>
        <translation>was darin gelernt wurde, wird nicht genutzt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="86"/>
        <source>nothing new is learned there</source>
        <translation>dort wird nichts Neues gelernt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="87"/>
        <source>{project}: {what} (see Projects).</source>
        <translation>{project}: {what} (siehe Projekte).</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="89"/>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="101"/>
        <source>Baseline: with memory on, a probe preference is injected</source>
        <translation>Grundlinie: Mit eingeschaltetem Gedächtnis wird eine Testpräferenz eingefügt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="104"/>
        <source>Memory off returns nothing</source>
        <translation>Gedächtnis aus liefert nichts</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="105"/>
        <source>Using paused returns nothing</source>
        <translation>Nutzen pausiert liefert nichts</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="106"/>
        <source>A disabled project returns nothing</source>
        <translation>Ein deaktiviertes Projekt liefert nichts</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="107"/>
        <source>A project without global memory gets only its own</source>
        <translation>Ein Projekt ohne globales Gedächtnis erhält nur sein eigenes</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="110"/>
        <source>A project without its own memory gets only global memory</source>
        <translation>Ein Projekt ohne eigenes Gedächtnis erhält nur das globale</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="113"/>
        <source>Your settings are unchanged</source>
        <translation>Ihre Einstellungen sind unverändert</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="120"/>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="121"/>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="122"/>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
</context>
<context>
    <name>PassphraseDialog</name>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="45"/>
        <source>Encrypt the export</source>
        <translation>Export verschlüsseln</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="45"/>
        <source>Passphrase needed</source>
        <translation>Passphrase erforderlich</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="50"/>
        <source>Choose a passphrase of at least {n} characters. Without it the export cannot be opened, so keep it somewhere safe.</source>
        <translation>Wählen Sie eine Passphrase mit mindestens {n} Zeichen. Ohne sie lässt sich der Export nicht öffnen, bewahren Sie sie also sicher auf.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="54"/>
        <source>This file is encrypted. Enter the passphrase it was exported with.</source>
        <translation>Diese Datei ist verschlüsselt. Geben Sie die Passphrase ein, mit der sie exportiert wurde.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="84"/>
        <source>Passphrase</source>
        <translation>Passphrase</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="85"/>
        <source>The passphrase (hidden as you type)</source>
        <translation>Die Passphrase (bei der Eingabe verborgen)</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="89"/>
        <source>Repeat the passphrase</source>
        <translation>Passphrase wiederholen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="90"/>
        <source>Type the same passphrase again</source>
        <translation>Dieselbe Passphrase noch einmal eingeben</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="91"/>
        <source>S&amp;how the passphrase</source>
        <translation>Passphrase an&amp;zeigen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="92"/>
        <source>Show the characters instead of dots</source>
        <translation>Die Zeichen statt Punkten anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="93"/>
        <source>Show the passphrase</source>
        <translation>Passphrase anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="98"/>
        <source>&amp;Remember it in the system keychain</source>
        <translation>Im &amp;Schlüsselbund des Systems merken</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="100"/>
        <source>Remember the passphrase in the system keychain</source>
        <translation>Die Passphrase im Schlüsselbund des Systems merken</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="104"/>
        <source>Keep the passphrase in the keychain so importing this file on this computer does not ask</source>
        <translation>Die Passphrase im Schlüsselbund aufbewahren, damit der Import dieser Datei auf diesem Computer nicht nachfragt</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="110"/>
        <source>No system keychain was found, so it cannot be remembered</source>
        <translation>Kein Schlüsselbund des Systems gefunden, daher kann sie nicht gemerkt werden</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="116"/>
        <source>&amp;Passphrase:</source>
        <translation>&amp;Passphrase:</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="120"/>
        <source>Repe&amp;at:</source>
        <translation>&amp;Wiederholen:</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="133"/>
        <source>&amp;Encrypt</source>
        <translation>&amp;Verschlüsseln</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="133"/>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="134"/>
        <source>Use this passphrase</source>
        <translation>Diese Passphrase verwenden</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="136"/>
        <source>Go back without a passphrase</source>
        <translation>Ohne Passphrase zurückgehen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="154"/>
        <source>Enter a passphrase.</source>
        <translation>Geben Sie eine Passphrase ein.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="157"/>
        <source>The passphrase is too short: use at least {n} characters.</source>
        <translation>Die Passphrase ist zu kurz: Verwenden Sie mindestens {n} Zeichen.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="161"/>
        <source>The two passphrases do not match; type the same passphrase twice.</source>
        <translation>Die beiden Passphrasen stimmen nicht überein; geben Sie zweimal dieselbe Passphrase ein.</translation>
    </message>
</context>
<context>
    <name>PauseDialog</name>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="143"/>
        <location filename="../../gui/dialogs/pause.py" line="144"/>
        <source>Pause creative memory</source>
        <translation>Kreatives Gedächtnis pausieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="149"/>
        <source>A pause ends by itself at the time you choose; you can also resume earlier.</source>
        <translation>Eine Pause endet von selbst zur gewählten Zeit; Sie können auch früher fortsetzen.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="181"/>
        <source>How long</source>
        <translation>Wie lange</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="185"/>
        <source>For &amp;1 hour</source>
        <translation>Für &amp;1 Stunde</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="185"/>
        <source>Pause for one hour from now</source>
        <translation>Ab jetzt eine Stunde pausieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="186"/>
        <source>For &amp;2 hours</source>
        <translation>Für &amp;2 Stunden</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="186"/>
        <source>Pause for two hours from now</source>
        <translation>Ab jetzt zwei Stunden pausieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="188"/>
        <source>Until &amp;tomorrow, 08:00</source>
        <translation>Bis &amp;morgen, 08:00</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="189"/>
        <source>Pause until eight in the morning tomorrow (local time)</source>
        <translation>Bis morgen um acht Uhr früh pausieren (Ortszeit)</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="191"/>
        <source>For 1 &amp;week</source>
        <translation>Für 1 &amp;Woche</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="191"/>
        <source>Pause for seven days from now</source>
        <translation>Ab jetzt sieben Tage pausieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="192"/>
        <source>Until I &amp;resume</source>
        <translation>Bis ich &amp;fortsetze</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="192"/>
        <source>Pause with no end; resume it yourself</source>
        <translation>Ohne Ende pausieren; Sie setzen selbst fort</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="194"/>
        <source>Until a &amp;date and time:</source>
        <translation>Bis zu einem &amp;Datum und einer Uhrzeit:</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="195"/>
        <source>Pause until the date and time you choose</source>
        <translation>Bis zum gewählten Datum und zur gewählten Uhrzeit pausieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="216"/>
        <source>Pause until (date and time)</source>
        <translation>Pausieren bis (Datum und Uhrzeit)</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="218"/>
        <source>The local date and time when the pause ends by itself; type the digits or pick a day</source>
        <translation>Das lokale Datum und die Uhrzeit, zu der die Pause von selbst endet; Ziffern eintippen oder einen Tag wählen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="340"/>
        <source>Learning and using will stay paused until you resume.</source>
        <translation>Lernen und Nutzen bleiben pausiert, bis Sie fortsetzen.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="341"/>
        <source>Learning will stay paused until you resume.</source>
        <translation>Das Lernen bleibt pausiert, bis Sie fortsetzen.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="342"/>
        <source>Using will stay paused until you resume.</source>
        <translation>Das Nutzen bleibt pausiert, bis Sie fortsetzen.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="345"/>
        <source>Learning and using will be paused until {when}.</source>
        <translation>Lernen und Nutzen werden bis {when} pausiert.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="346"/>
        <source>Learning will be paused until {when}.</source>
        <translation>Das Lernen wird bis {when} pausiert.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="347"/>
        <source>Using will be paused until {when}.</source>
        <translation>Das Nutzen wird bis {when} pausiert.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="226"/>
        <source>What to pause</source>
        <translation>Was pausiert wird</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="231"/>
        <source>&amp;Both learning and using</source>
        <translation>&amp;Lernen und Nutzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="232"/>
        <source>Nothing new is learned and nothing is added to prompts</source>
        <translation>Nichts Neues wird gelernt und nichts in Prompts eingefügt</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="235"/>
        <source>&amp;Learning only</source>
        <translation>Nur L&amp;ernen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="236"/>
        <source>Keep using what is remembered, but learn nothing new from your work</source>
        <translation>Weiter nutzen, was gespeichert ist, aber nichts Neues aus Ihrer Arbeit lernen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="239"/>
        <source>&amp;Using only</source>
        <translation>Nur &amp;Nutzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="240"/>
        <source>Keep learning, but add nothing to Open Design&apos;s prompts</source>
        <translation>Weiter lernen, aber nichts in die Prompts von Open Design einfügen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="261"/>
        <source>&amp;Pause</source>
        <translation>&amp;Pausieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="263"/>
        <source>Start the pause</source>
        <translation>Die Pause beginnen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="264"/>
        <source>Pause</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="266"/>
        <source>Close without pausing</source>
        <translation>Schließen, ohne zu pausieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="331"/>
        <source>The end of the pause must be in the future; choose a later date and time.</source>
        <translation>Das Ende der Pause muss in der Zukunft liegen; wählen Sie ein späteres Datum und eine spätere Uhrzeit.</translation>
    </message>
</context>
<context>
    <name>PreferenceList</name>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="96"/>
        <source>Nothing learned yet.</source>
        <extracomment>the selected rows changed (not while a reload puts them back) the current row changed (not while a reload puts it back) a reload put the selection back; True when it was a refresh (the scroll position kept too)</extracomment>
        <translation>Noch nichts gelernt.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="112"/>
        <source>Preferences</source>
        <translation>Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="113"/>
        <source>Learned preferences; select rows to see details, Delete forgets them</source>
        <translation>Gelernte Präferenzen; Zeilen wählen, um Details zu sehen, Entf vergisst sie</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="147"/>
        <source>Right-click a column title to show the stored values as columns</source>
        <translation>Rechtsklick auf einen Spaltentitel zeigt die gespeicherten Werte als Spalten</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="271"/>
        <source>Nothing learned yet. Preferences appear here as Open Design sees what you accept, refine, tag or reject.</source>
        <translation>Noch nichts gelernt. Präferenzen erscheinen hier, sobald Open Design sieht, was Sie annehmen, verfeinern, taggen oder ablehnen.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="277"/>
        <source>Every preference is archived (not seen for 180 days).</source>
        <translation>Jede Präferenz ist archiviert (180 Tage nicht gesehen).</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="278"/>
        <source>Show archived</source>
        <translation>Archivierte anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="278"/>
        <source>Also show archived preferences</source>
        <translation>Auch archivierte Präferenzen anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="280"/>
        <source>No preference matches these filters.</source>
        <translation>Keine Präferenz passt zu diesen Filtern.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="282"/>
        <source>Clear filters</source>
        <translation>Filter löschen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="282"/>
        <source>Remove every filter and show all preferences</source>
        <translation>Alle Filter entfernen und alle Präferenzen anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="291"/>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="293"/>
        <source>1 preference</source>
        <translation>1 Präferenz</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="295"/>
        <source>{n} preferences</source>
        <translation>{n} Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="298"/>
        <source>{count} · {n} selected</source>
        <translation>{count} · {n} ausgewählt</translation>
    </message>
</context>
<context>
    <name>PreferenceTableModel</name>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="76"/>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="77"/>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="78"/>
        <source>Polarity</source>
        <translation>Polarität</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="79"/>
        <source>Strength</source>
        <translation>Stärke</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="80"/>
        <source>Tier</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="81"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="82"/>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="83"/>
        <source>Accepts / rejects</source>
        <translation>Zustimmungen / Ablehnungen</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="84"/>
        <source>Last seen</source>
        <translation>Zuletzt gesehen</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="85"/>
        <source>Decay due</source>
        <translation>Abschwächung fällig</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="86"/>
        <source>Last injected</source>
        <translation>Zuletzt eingefügt</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="98"/>
        <source>The kind of preference (typography, color, layout …)</source>
        <translation>Die Art der Präferenz (Typografie, Farbe, Layout …)</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="101"/>
        <source>What was learned</source>
        <translation>Was gelernt wurde</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="102"/>
        <source>Positive: wanted; negative: to avoid</source>
        <translation>Positiv: gewünscht; negativ: zu vermeiden</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="74"/>
        <source>Preference</source>
        <extracomment>the columns a new window hides (a person shows them from the header&apos;s context menu) the columns that show a name (untrusted text: readable form, controls visible, bidi isolated)</extracomment>
        <translation>Präferenz</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="75"/>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="92"/>
        <source>What you prefer or avoid (sorts by what it names)</source>
        <translation>Was Sie bevorzugen oder vermeiden (sortiert nach dem Genannten)</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="95"/>
        <source>Everywhere, or only in the project it was learned in</source>
        <translation>Überall oder nur in dem Projekt, in dem sie gelernt wurde</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="105"/>
        <source>How strong the preference is: faint, moderate or strong (a number from 0 to 1 in the tooltip; added to prompts from 0.40)</source>
        <translation>Wie stark die Präferenz ist: schwach, mäßig oder stark (eine Zahl von 0 bis 1 im Tooltip; ab 0,40 in Prompts eingefügt)</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="110"/>
        <source>Confidence tier: low below 0.35, high above 0.65</source>
        <translation>Konfidenzstufe: niedrig unter 0,35, hoch über 0,65</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="113"/>
        <source>Stable, under review (recently contradicted) or archived (not seen for 180 days)</source>
        <translation>Stabil, in Prüfung (kürzlich widersprochen) oder archiviert (180 Tage nicht gesehen)</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="117"/>
        <source>The kinds of signal that built it</source>
        <translation>Die Arten von Signalen, aus denen sie entstand</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="118"/>
        <source>How many signals accepted and rejected it (sorts by accepts)</source>
        <translation>Wie viele Signale ihr zugestimmt und sie abgelehnt haben (sortiert nach Zustimmungen)</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="121"/>
        <source>When a signal last named it</source>
        <translation>Wann ein Signal sie zuletzt genannt hat</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="122"/>
        <source>When it weakens next if nothing names it again</source>
        <translation>Wann sie sich als Nächstes abschwächt, wenn nichts sie wieder nennt</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="125"/>
        <source>When it was last put into a generation prompt</source>
        <translation>Wann sie zuletzt in einen Generierungs-Prompt eingefügt wurde</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="134"/>
        <source>global</source>
        <translation>global</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="135"/>
        <source>positive</source>
        <translation>positiv</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="136"/>
        <source>negative</source>
        <translation>negativ</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="137"/>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="138"/>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="139"/>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="140"/>
        <source>stable</source>
        <translation>stabil</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="141"/>
        <source>under review</source>
        <translation>in Prüfung</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="142"/>
        <source>archived</source>
        <translation>archiviert</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="143"/>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="144"/>
        <location filename="../../gui/itemmodels/preference_columns.py" line="174"/>
        <source>everywhere</source>
        <translation>überall</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="151"/>
        <source>strong</source>
        <translation>stark</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="152"/>
        <source>moderate</source>
        <translation>mäßig</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="153"/>
        <source>faint</source>
        <translation>schwach</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="160"/>
        <source>Avoids {pattern}</source>
        <translation>Vermeidet {pattern}</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="162"/>
        <source>Prefers {pattern}</source>
        <translation>Bevorzugt {pattern}</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="175"/>
        <source>in {project} only</source>
        <translation>nur in {project}</translation>
    </message>
</context>
<context>
    <name>PreviewRender</name>
    <message>
        <location filename="../../gui/tabs/preview/render.py" line="124"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/render.py" line="126"/>
        <source>1 token</source>
        <translation>1 Token</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/render.py" line="128"/>
        <source>{n} tokens</source>
        <translation>{n} Token</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/render.py" line="131"/>
        <source>Personal memory: {p} · Creative memory: {c}</source>
        <translation>Persönliches Gedächtnis: {p} · Kreatives Gedächtnis: {c}</translation>
    </message>
</context>
<context>
    <name>PreviewTab</name>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="60"/>
        <source>Generation</source>
        <translation>Generierung</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="61"/>
        <source>Critique</source>
        <translation>Kritik</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="62"/>
        <source>Legacy ([MEMORY CONTEXT])</source>
        <translation>Alt ([MEMORY CONTEXT])</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="127"/>
        <location filename="../../gui/tabs/preview/view.py" line="261"/>
        <source>No project</source>
        <extracomment>the Inspector&apos;s selection handed over by &quot;Preview as if forgotten&quot;: (type, pattern[, scope])</extracomment>
        <translation>Kein Projekt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="134"/>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="135"/>
        <source>Compose the prefix as Open Design would for a generation in this project</source>
        <translation>Das Präfix so zusammenstellen, wie Open Design es für eine Generierung in diesem Projekt täte</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="143"/>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="145"/>
        <source>Generation (preferences first), critique (things to avoid first) or the prototype&apos;s legacy [MEMORY CONTEXT] format</source>
        <translation>Generierung (Präferenzen zuerst), Kritik (zu Vermeidendes zuerst) oder das alte Format [MEMORY CONTEXT] des Prototyps</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="149"/>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="151"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="151"/>
        <source>Copy the exact prefix text to the clipboard</source>
        <translation>Den genauen Text des Präfixes in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="152"/>
        <source>R&amp;ecompose</source>
        <translation>&amp;Neu zusammenstellen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="156"/>
        <source>Recompose</source>
        <translation>Neu zusammenstellen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="157"/>
        <source>Compose the prefix again from the store now (F5)</source>
        <translation>Das Präfix jetzt neu aus dem Speicher zusammenstellen (F5)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="160"/>
        <source>&amp;Project:</source>
        <translation>&amp;Projekt:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="162"/>
        <source>&amp;Mode:</source>
        <translation>&amp;Modus:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="172"/>
        <source>As if &amp;forgotten (Inspector selection)</source>
        <translation>Wie &amp;vergessen (Auswahl im Inspektor)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="176"/>
        <source>As if forgotten (Inspector selection)</source>
        <translation>Wie vergessen (Auswahl im Inspektor)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="177"/>
        <source>Show the prefix as if the preferences selected in the Inspector were forgotten</source>
        <translation>Das Präfix so zeigen, als wären die im Inspektor gewählten Präferenzen vergessen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="179"/>
        <source>As if this project were &amp;disabled</source>
        <translation>Als wäre dieses Projekt &amp;deaktiviert</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="181"/>
        <source>As if this project were disabled</source>
        <translation>Als wäre dieses Projekt deaktiviert</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="182"/>
        <source>As if without &amp;global memory</source>
        <translation>Als gäbe es kein &amp;globales Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="186"/>
        <source>As if this project did not use global memory</source>
        <translation>Als nutzte dieses Projekt kein globales Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="189"/>
        <source>What if:</source>
        <translation>Was wäre, wenn:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="200"/>
        <source>What-if notice</source>
        <translation>Was-wäre-wenn-Hinweis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="203"/>
        <source>Why there is no Creative memory block</source>
        <translation>Warum es keinen Block „Creative memory“ gibt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="206"/>
        <source>Personal memory warnings</source>
        <translation>Warnungen zum persönlichen Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="224"/>
        <source>Composed prefix</source>
        <translation>Zusammengestelltes Präfix</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="225"/>
        <source>The memory part of the prompt, as Open Design would send it</source>
        <translation>Der Gedächtnisteil des Prompts, so wie Open Design ihn senden würde</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="231"/>
        <source>Token estimates: 4 characters a token, as the engine counts</source>
        <translation>Tokenschätzung: 4 Zeichen pro Token, wie die Engine zählt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="234"/>
        <source>Preview status</source>
        <translation>Vorschaustatus</translation>
    </message>
    <message>
        <location filename="../../gui/tab_places.py" line="47"/>
        <location filename="../../gui/tabs/preview/view.py" line="256"/>
        <source>Preview</source>
        <translation>Vorschau</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="281"/>
        <source>Choose a project first</source>
        <translation>Wählen Sie zuerst ein Projekt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="286"/>
        <source>Show the prefix as if these preferences were forgotten: {names}</source>
        <translation>Das Präfix so zeigen, als wären diese Präferenzen vergessen: {names}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="291"/>
        <source>Select preferences in the Inspector first; this shows the prefix as if they were forgotten</source>
        <translation>Wählen Sie zuerst Präferenzen im Inspektor; dann zeigt dies das Präfix, als wären sie vergessen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="362"/>
        <source>In this what-if: {sentence}</source>
        <translation>In diesem Was-wäre-wenn: {sentence}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="370"/>
        <source>Personal memory: some entries were skipped.</source>
        <translation>Persönliches Gedächtnis: Einige Einträge wurden übersprungen.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="10"/>
        <source>Show the prefix as if this project used no memory at all (both “Use …memory” switches off)</source>
        <translation>Das Präfix so zeigen, als nutzte dieses Projekt gar kein Gedächtnis (beide Schalter „… Gedächtnis … nutzen“ aus)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="13"/>
        <source>Show the prefix as if “Use global memory in this project” were off</source>
        <translation>Das Präfix so zeigen, als wäre „Globales Gedächtnis nutzen“ für dieses Projekt aus</translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="93"/>
        <source>Copied {n} characters</source>
        <translation>{n} Zeichen kopiert</translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="95"/>
        <source> — exactly what the model gets, including control or direction characters (shown as symbols here); check the text before pasting it into a terminal.</source>
        <translation> – genau das, was das Modell erhält, einschließlich Steuer- oder Richtungszeichen (hier als Symbole gezeigt); prüfen Sie den Text, bevor Sie ihn in ein Terminal einfügen.</translation>
    </message>
</context>
<context>
    <name>PreviewWhatif</name>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="33"/>
        <source>this project were disabled</source>
        <translation>dieses Projekt deaktiviert wäre</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="35"/>
        <source>this project did not use global memory</source>
        <translation>dieses Projekt kein globales Gedächtnis nutzte</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="40"/>
        <source>the Inspector selection were forgotten (nothing is selected there)</source>
        <translation>die Auswahl im Inspektor vergessen wäre (dort ist nichts ausgewählt)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="46"/>
        <source>{names} were forgotten</source>
        <translation>{names} vergessen wären</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="52"/>
        <source>{n} selected preferences were forgotten</source>
        <translation>{n} gewählte Präferenzen vergessen wären</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="56"/>
        <source>What-if preview — nothing has changed. This is the prefix as if {what}; the store is untouched and this preview is not recorded.</source>
        <translation>Was-wäre-wenn-Vorschau – nichts wurde geändert. Dies ist das Präfix, als ob {what}; der Speicher bleibt unberührt und diese Vorschau wird nicht aufgezeichnet.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="60"/>
        <source> and </source>
        <translation> und </translation>
    </message>
</context>
<context>
    <name>ProgressDialog</name>
    <message>
        <location filename="../../gui/dialogs/progress.py" line="57"/>
        <source>How much of the work is done</source>
        <translation>Wie viel der Arbeit erledigt ist</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/progress.py" line="63"/>
        <source>Stop; what was done so far is undone</source>
        <translation>Anhalten; was bisher erledigt wurde, wird rückgängig gemacht</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/progress.py" line="64"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/progress.py" line="97"/>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
</context>
<context>
    <name>Projects</name>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="15"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="16"/>
        <source>The project&apos;s name in Open Design</source>
        <translation>Der Name des Projekts in Open Design</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="19"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="20"/>
        <source>The project id used in events and on the command line</source>
        <translation>Die Projekt-ID in Ereignissen und auf der Befehlszeile</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="23"/>
        <source>Use global memory in this project</source>
        <translation>Globales Gedächtnis nutzen</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="24"/>
        <source>On: your global preferences are added to this project&apos;s prompts. Off: they are not (client or NDA work); the project&apos;s own preferences still are.</source>
        <translation>An: Ihre globalen Präferenzen werden den Prompts dieses Projekts hinzugefügt. Aus: nicht (Kunden- oder NDA-Arbeit); die eigenen Präferenzen des Projekts weiterhin.</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="31"/>
        <source>Use this project&apos;s memory</source>
        <translation>Projektgedächtnis nutzen</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="32"/>
        <source>On: the preferences learned in this project are added to its prompts. Off: they are not.</source>
        <translation>An: Die in diesem Projekt gelernten Präferenzen werden seinen Prompts hinzugefügt. Aus: nicht.</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="38"/>
        <source>Learn from this project</source>
        <translation>Aus dem Projekt lernen</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="39"/>
        <source>On: reactions to this project&apos;s work feed memory. Off: its work is not learned from.</source>
        <translation>An: Reaktionen auf die Arbeit dieses Projekts fließen ins Gedächtnis. Aus: Aus seiner Arbeit wird nicht gelernt.</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="45"/>
        <source>Preferences</source>
        <translation>Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="46"/>
        <source>Preferences learned for this project only (project scope)</source>
        <translation>Nur für dieses Projekt gelernte Präferenzen (Projektbereich)</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="51"/>
        <source>Last activity</source>
        <translation>Letzte Aktivität</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="52"/>
        <source>When the newest memory event of this project happened</source>
        <translation>Wann das neueste Gedächtnisereignis dieses Projekts stattfand</translation>
    </message>
</context>
<context>
    <name>ProjectsModel</name>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="172"/>
        <source>On</source>
        <translation>An</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="172"/>
        <source>Off</source>
        <extracomment>the roles :meth:`ProjectsModel.data` may answer (None for any other, at once) the columns from &quot;preferences&quot; on show these fields (the events in a tooltip), and no other does (project id, field &quot;use_global_memory&quot; | &quot;use_memory&quot; | &quot;learn_from_project&quot;, new value)</extracomment>
        <translation>Aus</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="178"/>
        <location filename="../../gui/itemmodels/projects.py" line="184"/>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="178"/>
        <location filename="../../gui/itemmodels/projects.py" line="184"/>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="179"/>
        <source>{what} is {state} for {project}. Click or press Space to switch it.</source>
        <translation>{what} ist {state} für {project}. Klicken oder Leertaste drücken, um umzuschalten.</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="183"/>
        <source>{what}: {state}</source>
        <translation>{what}: {state}</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="190"/>
        <source>(known from events only)</source>
        <translation>(nur aus Ereignissen)</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="196"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="215"/>
        <source>{shown}: Open Design&apos;s project list does not have this project; memory events name it.</source>
        <translation>{shown}: Die Projektliste von Open Design hat dieses Projekt nicht; Gedächtnisereignisse nennen es.</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="219"/>
        <source>No memory events yet</source>
        <translation>Noch keine Gedächtnisereignisse</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="221"/>
        <source>{n} project-scoped preferences; {e} events</source>
        <translation>{n} projektbezogene Präferenzen; {e} Ereignisse</translation>
    </message>
</context>
<context>
    <name>ProjectsTab</name>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="82"/>
        <location filename="../../gui/tabs/projects/view.py" line="329"/>
        <source>No projects yet. Projects appear here when Open Design creates them or when memory events name them.</source>
        <translation>Noch keine Projekte. Projekte erscheinen hier, wenn Open Design sie anlegt oder Gedächtnisereignisse sie nennen.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="113"/>
        <source>Switch off “Use global memory in this project” to keep your general preferences out of a project&apos;s prompts (client or NDA work), “Use this project&apos;s memory” to leave out what was learned there, “Learn from this project” to keep its work out of memory. All are reversible and take effect at once.</source>
        <translation>Schalten Sie „Globales Gedächtnis nutzen“ aus, um Ihre allgemeinen Präferenzen aus den Prompts eines Projekts herauszuhalten (Kunden- oder NDA-Arbeit), „Projektgedächtnis nutzen“, um wegzulassen, was dort gelernt wurde, und „Aus dem Projekt lernen“, um seine Arbeit aus dem Gedächtnis herauszuhalten. Alles ist umkehrbar und wirkt sofort.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="124"/>
        <source>Filter by name or id…</source>
        <translation>Nach Name oder ID filtern…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="126"/>
        <source>Filter projects</source>
        <translation>Projekte filtern</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="128"/>
        <source>Show the projects whose name or id contains these words (Ctrl+F)</source>
        <translation>Die Projekte zeigen, deren Name oder ID diese Wörter enthält (Strg+F)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="131"/>
        <source>&amp;Filter:</source>
        <translation>&amp;Filter:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="135"/>
        <source>Number of projects</source>
        <translation>Anzahl der Projekte</translation>
    </message>
    <message>
        <location filename="../../gui/tab_places.py" line="44"/>
        <location filename="../../gui/tabs/projects/view.py" line="152"/>
        <location filename="../../gui/tabs/projects/view.py" line="184"/>
        <source>Projects</source>
        <translation>Projekte</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="154"/>
        <location filename="../../gui/tabs/projects/view.py" line="281"/>
        <source>Click a switch or press Space on it to change it</source>
        <translation>Einen Schalter anklicken oder darauf die Leertaste drücken, um ihn zu ändern</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="198"/>
        <source>Preferences</source>
        <translation>Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="204"/>
        <source>Last activity</source>
        <translation>Letzte Aktivität</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="276"/>
        <source>This store is read-only, so the switches cannot be changed: {reason}</source>
        <translation>Dieser Speicher ist schreibgeschützt, daher können die Schalter nicht geändert werden: {reason}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="337"/>
        <source>No project matches “{text}”.</source>
        <translation>Kein Projekt passt zu „{text}“.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="339"/>
        <source>&amp;Clear the filter</source>
        <translation>Filter &amp;löschen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="339"/>
        <source>Show every project again</source>
        <translation>Wieder jedes Projekt anzeigen</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/projects/view.py" line="344"/>
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n Projekt</numerusform>
            <numerusform>%n Projekte</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="346"/>
        <source>{shown} of {n} projects</source>
        <translation>{shown} von {n} Projekten</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="381"/>
        <source>Could not change “{name}”; the switch was put back.</source>
        <translation>„{name}“ konnte nicht geändert werden; der Schalter wurde zurückgestellt.</translation>
    </message>
</context>
<context>
    <name>RateActions</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="48"/>
        <source>Rate this retrieval:</source>
        <extracomment>a sentence for the tab&apos;s message line: what a rating did, or why it was not stored</extracomment>
        <translation>Diesen Abruf bewerten:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="52"/>
        <source>&amp;Helped</source>
        <translation>Hat &amp;geholfen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="54"/>
        <source>Too mu&amp;ch</source>
        <translation>&amp;Zu viel</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="56"/>
        <source>Missed somethin&amp;g…</source>
        <translation>Etwas fehl&amp;te…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="58"/>
        <source>&amp;Not relevant here</source>
        <translation>Hier ni&amp;cht relevant</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="64"/>
        <source>Why rating is not possible</source>
        <translation>Warum nicht bewertet werden kann</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="90"/>
        <source>A dry run is recorded nowhere, so it cannot be rated.</source>
        <translation>Ein Probelauf wird nirgends aufgezeichnet und kann daher nicht bewertet werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="91"/>
        <source>Select a recorded retrieval to rate it.</source>
        <translation>Wählen Sie einen aufgezeichneten Abruf, um ihn zu bewerten.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="94"/>
        <source>This retrieval was for a temporary conversation, which memory neither uses nor learns from, so it cannot be rated.</source>
        <translation>Dieser Abruf galt einem temporären Gespräch, das das Gedächtnis weder nutzt noch aus ihm lernt; er kann daher nicht bewertet werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="98"/>
        <source>This store is read-only, so a rating cannot be stored.</source>
        <translation>Dieser Speicher ist schreibgeschützt; eine Bewertung kann nicht gespeichert werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="108"/>
        <source>This retrieval put nothing into the prompt; only something it missed can be named.</source>
        <translation>Dieser Abruf hat nichts in den Prompt eingefügt; nur etwas, das fehlte, kann benannt werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="111"/>
        <source>Select a preference it used, then say it was not relevant here.</source>
        <translation>Wählen Sie eine Präferenz, die er genutzt hat, und sagen Sie dann, dass sie hier nicht relevant war.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="118"/>
        <source>Rated helped</source>
        <translation>Als hilfreich bewertet</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="120"/>
        <source>What memory put into this prompt helped: it leans a little more on those preferences</source>
        <translation>Was das Gedächtnis in diesen Prompt eingefügt hat, hat geholfen: Es stützt sich etwas mehr auf diese Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="125"/>
        <source>Rated too much</source>
        <translation>Als zu viel bewertet</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="127"/>
        <source>This prompt got more memory than it needed: this project&apos;s prompts of this kind get fewer preferences</source>
        <translation>Dieser Prompt bekam mehr Gedächtnis als nötig: Prompts dieser Art in diesem Projekt bekommen weniger Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="133"/>
        <source>Rate the selected preference not relevant here</source>
        <translation>Die gewählte Präferenz hier als nicht relevant bewerten</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="135"/>
        <source>The selected preference did not belong in this project&apos;s prompts: it is used less here, and as before everywhere else</source>
        <translation>Die gewählte Präferenz gehörte nicht in die Prompts dieses Projekts: Sie wird hier weniger genutzt, überall sonst wie bisher</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="141"/>
        <source>Name what this retrieval missed</source>
        <translation>Benennen, was diesem Abruf fehlte</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="142"/>
        <source>Name a preference this retrieval should have used (asks which)</source>
        <translation>Eine Präferenz nennen, die dieser Abruf hätte nutzen sollen (fragt, welche)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="222"/>
        <source>Retrieval #{id} was not rated. {why}</source>
        <translation>Abruf #{id} wurde nicht bewertet. {why}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="236"/>
        <source>The same rating was given a moment ago.</source>
        <translation>Dieselbe Bewertung wurde gerade eben abgegeben.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="237"/>
        <source>The preference it names is blocked.</source>
        <translation>Die genannte Präferenz ist gesperrt.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="238"/>
        <source>Memory is off.</source>
        <translation>Das Gedächtnis ist ausgeschaltet.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="239"/>
        <source>Learning is paused.</source>
        <translation>Das Lernen ist pausiert.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="240"/>
        <source>This project does not feed memory.</source>
        <translation>Aus diesem Projekt wird nicht gelernt.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="242"/>
        <source>Retrieval #{id} was not rated: {why}</source>
        <translation>Abruf #{id} wurde nicht bewertet: {why}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="246"/>
        <source>Retrieval #{id} rated helped: the preferences it used count a little more.</source>
        <translation>Abruf #{id} als hilfreich bewertet: Die genutzten Präferenzen zählen etwas mehr.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="249"/>
        <source>Retrieval #{id} rated too much: its project gets fewer preferences in prompts of this kind.</source>
        <translation>Abruf #{id} als zu viel bewertet: Sein Projekt bekommt in Prompts dieser Art weniger Präferenzen.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="252"/>
        <source>{pattern} rated not relevant in retrieval #{id}: it is used less in this project, and as before everywhere else.</source>
        <translation>{pattern} in Abruf #{id} als nicht relevant bewertet: In diesem Projekt wird es weniger genutzt, überall sonst wie bisher.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="256"/>
        <source>{pattern} named as missed by retrieval #{id}: memory learns it as a tag you gave.</source>
        <translation>{pattern} als in Abruf #{id} fehlend benannt: Das Gedächtnis lernt es wie eine Markierung von Ihnen.</translation>
    </message>
</context>
<context>
    <name>Reasons</name>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="102"/>
        <source>no project</source>
        <translation>kein Projekt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="106"/>
        <source>project {id}</source>
        <translation>Projekt {id}</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="115"/>
        <source>this project</source>
        <translation>dieses Projekt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="123"/>
        <source>using memory is paused</source>
        <translation>das Nutzen des Gedächtnisses ist pausiert</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="125"/>
        <source>using memory was paused</source>
        <translation>das Nutzen des Gedächtnisses war pausiert</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="129"/>
        <source>using memory is paused until you resume it</source>
        <translation>das Nutzen des Gedächtnisses ist pausiert, bis Sie es fortsetzen</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="131"/>
        <source>using memory was paused until you resume it</source>
        <translation>das Nutzen des Gedächtnisses war pausiert, bis Sie es fortsetzen</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="134"/>
        <source>using memory is paused until {when}</source>
        <translation>das Nutzen des Gedächtnisses ist bis {when} pausiert</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="136"/>
        <source>using memory was paused until {when}</source>
        <translation>das Nutzen des Gedächtnisses war bis {when} pausiert</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="157"/>
        <source>it was strong and stable enough, and there was room for it</source>
        <translation>sie war stark und stabil genug, und es war Platz für sie</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="161"/>
        <source>creative memory is switched off (the “Creative memory” switch)</source>
        <translation>das kreative Gedächtnis ist ausgeschaltet (der Schalter „Kreatives Gedächtnis“)</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="163"/>
        <source>creative memory was switched off (the “Creative memory” switch)</source>
        <translation>das kreative Gedächtnis war ausgeschaltet (der Schalter „Kreatives Gedächtnis“)</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="171"/>
        <source>the conversation is temporary, so memory is neither used nor fed</source>
        <translation>das Gespräch ist vorübergehend, daher wird das Gedächtnis weder genutzt noch gefüttert</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="175"/>
        <source>the conversation was temporary, so memory was neither used nor fed</source>
        <translation>das Gespräch war vorübergehend, daher wurde das Gedächtnis weder genutzt noch gefüttert</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="181"/>
        <source>{name} uses neither global memory nor its own (both switches are off)</source>
        <translation>{name} nutzt weder das globale noch das eigene Gedächtnis (beide Schalter sind aus)</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="185"/>
        <source>{name} uses neither global memory nor its own (both switches were off)</source>
        <translation>{name} nutzte weder das globale noch das eigene Gedächtnis (beide Schalter waren aus)</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="192"/>
        <source>its strength {strength:.2f} was below the {threshold:.2f} threshold</source>
        <translation>ihre Stärke {strength:.2f} lag unter der Schwelle von {threshold:.2f}</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="199"/>
        <source>it was under review, because it was contradicted in several sessions</source>
        <translation>sie war in Prüfung, weil ihr in mehreren Sitzungen widersprochen wurde</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="205"/>
        <source>it was archived after {days} days without a signal</source>
        <translation>sie wurde nach {days} Tagen ohne Signal archiviert</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="209"/>
        <source>it was not stable then</source>
        <translation>sie war damals nicht stabil</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="212"/>
        <source>its confidence was low (only medium and high confidence are used)</source>
        <translation>ihre Konfidenz war niedrig (nur mittlere und hohe Konfidenz werden genutzt)</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="220"/>
        <source>only {types} preferences were asked for</source>
        <translation>nur Präferenzen vom Typ {types} waren gefragt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="223"/>
        <source>its type was not asked for</source>
        <translation>ihr Typ war nicht gefragt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="226"/>
        <source>{cap} stronger preferences filled the {cap} places</source>
        <translation>{cap} stärkere Präferenzen belegten die {cap} Plätze</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="231"/>
        <source>at most {slots} things to avoid fit beside the preferences kept, and stronger ones took those places</source>
        <translation>neben den behaltenen Präferenzen passen höchstens {slots} zu vermeidende Dinge, und stärkere belegten diese Plätze</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="243"/>
        <source>at most {cap} preferences of one type ({type}) are used, and stronger ones took those places</source>
        <translation>höchstens {cap} Präferenzen eines Typs ({type}) werden genutzt, und stärkere belegten diese Plätze</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="251"/>
        <source>at most {cap} preferences of one type are used, and stronger ones took those places</source>
        <translation>höchstens {cap} Präferenzen eines Typs werden genutzt, und stärkere belegten diese Plätze</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="262"/>
        <source>the project-override line may use at most half of the {budget}-token budget</source>
        <translation>die Zeile für Projektvorrang darf höchstens die Hälfte des Budgets von {budget} Token nutzen</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="270"/>
        <source>the block had used {used} of its {budget} tokens, and this one did not fit</source>
        <translation>der Block hatte {used} seiner {budget} Token verbraucht, und diese passte nicht mehr hinein</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="277"/>
        <source>the block reached its budget of {budget} tokens</source>
        <translation>der Block erreichte sein Budget von {budget} Token</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="282"/>
        <source>{name} has its own preference for the same pattern, which is used instead</source>
        <translation>{name} hat eine eigene Präferenz für dasselbe Muster, die stattdessen genutzt wird</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="288"/>
        <source>it was learned after that generation</source>
        <translation>sie wurde erst nach dieser Generierung gelernt</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="290"/>
        <source>no preference is strong and stable enough yet</source>
        <translation>noch ist keine Präferenz stark und stabil genug</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="293"/>
        <source>of a reason this version does not describe ({code})</source>
        <translation>aus einem Grund, den diese Version nicht beschreibt ({code})</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="323"/>
        <source>Open Design has not used creative memory for {project} yet.</source>
        <translation>Open Design hat das kreative Gedächtnis für {project} noch nicht genutzt.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="327"/>
        <source>Open Design has not used creative memory in a generation yet.</source>
        <translation>Open Design hat das kreative Gedächtnis noch in keiner Generierung genutzt.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="333"/>
        <source>Used in the last generation for {where} ({when}).</source>
        <translation>Genutzt in der letzten Generierung für {where} ({when}).</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="338"/>
        <source>Not used in the last generation for {where} ({when}): {because}.</source>
        <translation>Nicht genutzt in der letzten Generierung für {where} ({when}): {because}.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="366"/>
        <source>Nothing is injected: {because}.</source>
        <translation>Nichts wird eingefügt: {because}.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="33"/>
        <source>positive</source>
        <translation>positiv</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="35"/>
        <source>negative</source>
        <translation>negativ</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="59"/>
        <source>Kept.</source>
        <translation>Behalten.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="61"/>
        <source>Kept {label} (strength {strength:.2f}).</source>
        <translation>Behalten: {label} (Stärke {strength:.2f}).</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="67"/>
        <source>{n} {why}</source>
        <translation>{n} {why}</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="75"/>
        <source>{count} left out by the lifecycle filter: {parts}. Among them: {sample}.</source>
        <translation>{count} vom Lebenszyklusfilter ausgelassen: {parts}. Darunter: {sample}.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="81"/>
        <source>{count} left out by the lifecycle filter: {parts}.</source>
        <translation>{count} vom Lebenszyklusfilter ausgelassen: {parts}.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="91"/>
        <source>{total} preferences were eligible; the {cap} strongest fill the {cap} places. Next in line: {next}.</source>
        <translation>{total} Präferenzen kamen infrage; die {cap} stärksten belegen die {cap} Plätze. Als Nächstes an der Reihe: {next}.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="99"/>
        <source>{total} preferences were eligible; the {cap} strongest fill the {cap} places.</source>
        <translation>{total} Präferenzen kamen infrage; die {cap} stärksten belegen die {cap} Plätze.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="109"/>
        <source>Places freed by a ceiling went to {what}.</source>
        <translation>Durch eine Obergrenze frei gewordene Plätze gingen an {what}.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="116"/>
        <source>Left out: {cut}: {because}.</source>
        <translation>Ausgelassen: {cut}: {because}.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="122"/>
        <source>Left out {what}: {because}.</source>
        <translation>Ausgelassen: {what}: {because}.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="133"/>
        <source>Lowered here: {label} was rated not relevant in this project and mode (strength {strength:.2f}, here {score:.2f}), so it was left out.</source>
        <translation>Hier abgeschwächt: {label} wurde in diesem Projekt und Modus als nicht relevant bewertet (Stärke {strength:.2f}, hier {score:.2f}) und daher weggelassen.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="141"/>
        <source>Lowered here: {label} was rated not relevant in this project and mode (strength {strength:.2f}, here {score:.2f}); still kept.</source>
        <translation>Hier abgeschwächt: {label} wurde in diesem Projekt und Modus als nicht relevant bewertet (Stärke {strength:.2f}, hier {score:.2f}); trotzdem behalten.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="150"/>
        <source>Narrowed here: rated too much in this project and mode, so preferences need {threshold:.2f} instead of {usual:.2f}; {count} left out.</source>
        <translation>Hier eingeengt: in diesem Projekt und Modus als zu viel bewertet, daher brauchen Präferenzen {threshold:.2f} statt {usual:.2f}; {count} weggelassen.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="164"/>
        <source>Global {label} not used: {because}.</source>
        <translation>Globale Präferenz {label} nicht genutzt: {because}.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="168"/>
        <source>{count} more global preferences not used: {because}.</source>
        <translation>{count} weitere globale Präferenzen nicht genutzt: {because}.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="171"/>
        <source>Nothing injected: {because}.</source>
        <translation>Nichts eingefügt: {because}.</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="201"/>
        <source>below the {threshold:.2f} strength threshold</source>
        <translation>unter der Stärkeschwelle von {threshold:.2f}</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="205"/>
        <source>not stable (under review or archived)</source>
        <translation>nicht stabil (in Prüfung oder archiviert)</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="207"/>
        <source>of low confidence</source>
        <translation>mit niedriger Konfidenz</translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="209"/>
        <source>of a type not asked for</source>
        <translation>von einem nicht gefragten Typ</translation>
    </message>
</context>
<context>
    <name>ReceiptDialog</name>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="41"/>
        <source>project {project}</source>
        <translation>Projekt {project}</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="45"/>
        <source>global</source>
        <translation>global</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="47"/>
        <source>everywhere</source>
        <translation>überall</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="50"/>
        <source>prefer only</source>
        <translation>nur bevorzugen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="50"/>
        <source>avoid only</source>
        <translation>nur vermeiden</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="69"/>
        <source>Deletion receipt — Creative Memory Studio</source>
        <translation>Löschbeleg – Creative Memory Studio</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="90"/>
        <location filename="../../gui/dialogs/receipt.py" line="154"/>
        <source>Verified</source>
        <translation>Geprüft</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="90"/>
        <source>Not verified</source>
        <translation>Nicht geprüft</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="92"/>
        <source>Reset and verified</source>
        <translation>Zurückgesetzt und geprüft</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="92"/>
        <source>Reset, but not verified</source>
        <translation>Zurückgesetzt, aber nicht geprüft</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="95"/>
        <source>Forgotten and verified</source>
        <translation>Vergessen und geprüft</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="95"/>
        <source>Forgotten, but not verified</source>
        <translation>Vergessen, aber nicht geprüft</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="122"/>
        <source>Patterns</source>
        <translation>Muster</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="126"/>
        <source>What was erased</source>
        <translation>Was gelöscht wurde</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="129"/>
        <source>… and {n} more</source>
        <translation>… und {n} weitere</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="134"/>
        <source>Learned preferences erased</source>
        <translation>Gelöschte gelernte Präferenzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="135"/>
        <source>Events deleted</source>
        <translation>Gelöschte Ereignisse</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="137"/>
        <source>Events with the pattern removed</source>
        <translation>Ereignisse, aus denen das Muster entfernt wurde</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="138"/>
        <source>Diagnostics erased</source>
        <translation>Gelöschte Diagnosedaten</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="142"/>
        <source>Blocked from being learned again</source>
        <translation>Für erneutes Lernen gesperrt</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="143"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="143"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="147"/>
        <source>yes — a byte search of the database files found no trace</source>
        <translation>ja – eine Bytesuche in den Datenbankdateien fand keine Spur</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="149"/>
        <source>no — a byte search still found {n} occurrence(s)</source>
        <translation>nein – eine Bytesuche fand noch {n} Vorkommen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="153"/>
        <source>no — see the notes below</source>
        <translation>nein – siehe die Hinweise unten</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="156"/>
        <source>Backup</source>
        <translation>Sicherung</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="159"/>
        <source>Time taken</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="160"/>
        <source>{ms} ms</source>
        <translation>{ms} ms</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="180"/>
        <source>The write-ahead log could not be emptied (another program holds the store open); old page images may remain until Open Design closes it.</source>
        <translation>Das Write-Ahead-Log konnte nicht geleert werden (ein anderes Programm hält den Speicher offen); alte Seitenabbilder können bleiben, bis Open Design ihn schließt.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="188"/>
        <source>Notes</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="195"/>
        <source>Close the receipt</source>
        <translation>Den Beleg schließen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="196"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>ReplaceDialog</name>
    <message>
        <location filename="../../gui/replace.py" line="25"/>
        <source>Replace the file? — Creative Memory Studio</source>
        <translation>Datei ersetzen? – Creative Memory Studio</translation>
    </message>
    <message>
        <location filename="../../gui/replace.py" line="29"/>
        <source>{name} already exists. Replace it?</source>
        <translation>{name} existiert bereits. Ersetzen?</translation>
    </message>
    <message>
        <location filename="../../gui/replace.py" line="34"/>
        <source>Its contents will be lost. The new file is written completely before the old one is replaced.</source>
        <translation>Ihr Inhalt geht verloren. Die neue Datei wird vollständig geschrieben, bevor die alte ersetzt wird.</translation>
    </message>
    <message>
        <location filename="../../gui/replace.py" line="40"/>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
</context>
<context>
    <name>ResetActions</name>
    <message>
        <location filename="../../gui/tabs/overview/reset.py" line="91"/>
        <source>Back up creative memory to</source>
        <translation>Kreatives Gedächtnis sichern nach</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/reset.py" line="103"/>
        <source>The backup could not be written, so nothing was erased.</source>
        <translation>Die Sicherung konnte nicht geschrieben werden, daher wurde nichts gelöscht.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/reset.py" line="109"/>
        <source>Resetting creative memory</source>
        <translation>Kreatives Gedächtnis wird zurückgesetzt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/reset.py" line="109"/>
        <source>Erasing…</source>
        <translation>Wird gelöscht…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/reset.py" line="123"/>
        <source>The reset did not finish.</source>
        <translation>Das Zurücksetzen wurde nicht abgeschlossen.</translation>
    </message>
</context>
<context>
    <name>ResetDialog</name>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="49"/>
        <location filename="../../gui/dialogs/reset.py" line="50"/>
        <source>Reset creative memory</source>
        <translation>Kreatives Gedächtnis zurücksetzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="80"/>
        <source>Erase all creative memory?</source>
        <translation>Das gesamte kreative Gedächtnis löschen?</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="88"/>
        <source>• {n} learned preferences (every tier, including archived ones)</source>
        <translation>• {n} gelernte Präferenzen (jede Stufe, auch archivierte)</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="91"/>
        <source>• {n} raw events they were learned from</source>
        <translation>• {n} Rohereignisse, aus denen sie gelernt wurden</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="92"/>
        <source>• {n} recorded retrievals and their {d} stage diagnostics</source>
        <translation>• {n} aufgezeichnete Abrufe und ihre {d} Phasendiagnosen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="97"/>
        <source> of user “{user}”</source>
        <translation> des Benutzers „{user}“</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="98"/>
        <source>This erases, for good,{who}:</source>
        <translation>Dies löscht endgültig{who}:</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="102"/>
        <source>The store is then compacted and searched to prove nothing recoverable remains. The activity log keeps one line saying a reset happened. Open Design&apos;s own projects and chats are not touched.</source>
        <translation>Danach wird der Speicher verdichtet und durchsucht, um nachzuweisen, dass nichts Wiederherstellbares bleibt. Das Aktivitätsprotokoll behält eine Zeile, die das Zurücksetzen vermerkt. Die eigenen Projekte und Chats von Open Design bleiben unberührt.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="112"/>
        <source>Also reset &amp;settings: the switch, pauses, project switches and the blocklist</source>
        <translation>Auch &amp;Einstellungen zurücksetzen: den Schalter, Pausen, Projektschalter und die Sperrliste</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="115"/>
        <source>Also reset settings</source>
        <translation>Auch Einstellungen zurücksetzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="117"/>
        <source>Unchecked, your switches and blocked patterns stay as they are</source>
        <translation>Nicht angekreuzt bleiben Ihre Schalter und gesperrten Muster, wie sie sind</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="122"/>
        <source>E&amp;xport a backup first, to:</source>
        <translation>&amp;Vorher eine Sicherung exportieren, nach:</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="124"/>
        <source>Export a backup first</source>
        <translation>Vorher eine Sicherung exportieren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="126"/>
        <source>Write everything to a file (readable only by you) before erasing; import it to undo</source>
        <translation>Alles in eine Datei schreiben (nur für Sie lesbar), bevor gelöscht wird; importieren Sie sie, um es rückgängig zu machen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="131"/>
        <source>Backup file</source>
        <translation>Sicherungsdatei</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="132"/>
        <source>Where the backup is written</source>
        <translation>Wohin die Sicherung geschrieben wird</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="133"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="134"/>
        <source>Choose the backup file</source>
        <translation>Sicherungsdatei wählen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="135"/>
        <source>Choose where the backup is written</source>
        <translation>Wählen, wohin die Sicherung geschrieben wird</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="147"/>
        <source>Type RESET to confirm</source>
        <translation>RESET eingeben zum Bestätigen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="148"/>
        <source>Type the word RESET in capitals to enable the Reset button</source>
        <translation>Das Wort RESET in Großbuchstaben eingeben, um die Schaltfläche Zurücksetzen freizugeben</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="149"/>
        <source>&amp;Type RESET to confirm:</source>
        <translation>&amp;RESET eingeben zum Bestätigen:</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="160"/>
        <source>Close without erasing anything</source>
        <translation>Schließen, ohne etwas zu löschen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="161"/>
        <source>&amp;Reset</source>
        <translation>&amp;Zurücksetzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="164"/>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="165"/>
        <source>Erase all creative memory now (type RESET first)</source>
        <translation>Das gesamte kreative Gedächtnis jetzt löschen (zuerst RESET eingeben)</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="186"/>
        <source>Choose a file for the backup, or uncheck “Export a backup first”.</source>
        <translation>Wählen Sie eine Datei für die Sicherung, oder entfernen Sie das Häkchen bei „Vorher eine Sicherung exportieren“.</translation>
    </message>
</context>
<context>
    <name>RetrievalFilters</name>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="47"/>
        <source>Temporary conversation</source>
        <extracomment>diagnostic event types (engine notes), in stage order, with the label the filter shows (the Diagnostics tab&apos;s RetrievalFilters translates it)</extracomment>
        <translation>Vorübergehendes Gespräch</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="48"/>
        <source>Memory off</source>
        <translation>Gedächtnis aus</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="49"/>
        <source>Using paused</source>
        <translation>Nutzen pausiert</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="50"/>
        <source>Project ignores memory</source>
        <translation>Projekt ignoriert Gedächtnis</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="51"/>
        <source>Project override suppression</source>
        <translation>Unterdrückt durch Projektvorrang</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="52"/>
        <source>Below threshold</source>
        <translation>Unter dem Schwellenwert</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="53"/>
        <source>Lowered here by a rating</source>
        <translation>Durch Bewertung abgeschwächt</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="54"/>
        <source>Narrowed here by a rating</source>
        <translation>Durch Bewertung eingeengt</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="55"/>
        <source>Hard cap applied</source>
        <translation>Obergrenze angewendet</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="56"/>
        <source>Polarity ceiling applied</source>
        <translation>Polaritätsgrenze angewendet</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="57"/>
        <source>Polarity backfill</source>
        <translation>Polaritätsauffüllung</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="58"/>
        <source>Category ceiling applied</source>
        <translation>Kategoriegrenze angewendet</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="59"/>
        <source>Category backfill</source>
        <translation>Kategorieauffüllung</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="60"/>
        <source>Token budget exceeded</source>
        <translation>Tokenbudget überschritten</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="61"/>
        <source>Kept</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="25"/>
        <source>Open Design (daemon)</source>
        <translation>Open Design (Daemon)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="26"/>
        <source>Command line</source>
        <translation>Befehlszeile</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="27"/>
        <source>Recorded here (Diagnostics)</source>
        <translation>Hier aufgezeichnet (Diagnose)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="28"/>
        <source>Preview (older versions)</source>
        <translation>Vorschau (ältere Versionen)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="29"/>
        <source>Self-test</source>
        <translation>Selbsttest</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="36"/>
        <source>All origins</source>
        <extracomment>how long the time bounds must stay put before the list follows them (ms) a filter changed: the list should follow now</extracomment>
        <translation>Alle Herkünfte</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="40"/>
        <source>Origin filter</source>
        <translation>Herkunftsfilter</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="40"/>
        <source>Show retrievals made by this caller only</source>
        <translation>Nur Abrufe dieses Aufrufers anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="45"/>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="233"/>
        <source>All projects</source>
        <translation>Alle Projekte</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="50"/>
        <source>Project filter</source>
        <translation>Projektfilter</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="50"/>
        <source>Show retrievals for this project only</source>
        <translation>Nur Abrufe für dieses Projekt anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="54"/>
        <source>Any event</source>
        <translation>Jedes Ereignis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="60"/>
        <source>Event type filter</source>
        <translation>Ereignistypfilter</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="61"/>
        <source>Show only retrievals in which a stage emitted this diagnostic event</source>
        <translation>Nur Abrufe anzeigen, in denen eine Phase dieses Diagnoseereignis ausgegeben hat</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="66"/>
        <source>Search by pattern, type or project…</source>
        <translation>Nach Muster, Typ oder Projekt suchen…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="70"/>
        <source>Search retrievals</source>
        <translation>Abrufe durchsuchen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="71"/>
        <source>Show retrievals that name this pattern, type or project (Ctrl+F); Escape clears</source>
        <translation>Abrufe anzeigen, die dieses Muster, diesen Typ oder dieses Projekt nennen (Strg+F); Esc löscht</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="74"/>
        <source>C&amp;lear filters</source>
        <translation>Filter &amp;löschen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="76"/>
        <source>Clear filters</source>
        <translation>Filter löschen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="76"/>
        <source>Show every recorded retrieval again</source>
        <translation>Wieder jeden aufgezeichneten Abruf anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="81"/>
        <source>&amp;Origin:</source>
        <translation>&amp;Herkunft:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="82"/>
        <source>&amp;Project:</source>
        <translation>&amp;Projekt:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="83"/>
        <source>E&amp;vent:</source>
        <translation>Ereig&amp;nis:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="84"/>
        <source>&amp;Search:</source>
        <translation>&amp;Suche:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="94"/>
        <source>&amp;From</source>
        <translation>&amp;Von</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="98"/>
        <source>Filter from a time</source>
        <translation>Ab einem Zeitpunkt filtern</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="99"/>
        <source>Show only retrievals at or after this time</source>
        <translation>Nur Abrufe zu oder nach diesem Zeitpunkt anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="102"/>
        <source>From time</source>
        <translation>Startzeit</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="102"/>
        <source>The earliest time to show (local time)</source>
        <translation>Der früheste anzuzeigende Zeitpunkt (Ortszeit)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="103"/>
        <source>&amp;Until</source>
        <translation>&amp;Bis</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="106"/>
        <source>Filter up to a time</source>
        <translation>Bis zu einem Zeitpunkt filtern</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="106"/>
        <source>Show only retrievals up to this time</source>
        <translation>Nur Abrufe bis zu diesem Zeitpunkt anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="111"/>
        <source>To time</source>
        <translation>Endzeit</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="112"/>
        <source>The latest time to show (local time, the whole minute)</source>
        <translation>Der späteste anzuzeigende Zeitpunkt (Ortszeit, die ganze Minute)</translation>
    </message>
</context>
<context>
    <name>RetrievalList</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="51"/>
        <source>Retrievals</source>
        <extracomment>the current retrieval changed: its RecordedRetrieval, or None when none is current &quot;Clear filters&quot; in the empty state</extracomment>
        <translation>Abrufe</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="54"/>
        <source>Recorded retrievals, newest first; select one to see its stage events</source>
        <translation>Aufgezeichnete Abrufe, neueste zuerst; wählen Sie einen, um seine Phasenereignisse zu sehen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="72"/>
        <source>How many retrievals are shown</source>
        <translation>Wie viele Abrufe angezeigt werden</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="87"/>
        <source>No retrieval matches these filters.</source>
        <translation>Kein Abruf passt zu diesen Filtern.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="88"/>
        <source>Clear filters</source>
        <translation>Filter löschen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="88"/>
        <source>Show every recorded retrieval again</source>
        <translation>Wieder jeden aufgezeichneten Abruf anzeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="92"/>
        <source>No retrievals recorded yet. Open Design records one each time it adds Creative memory to a prompt; “Run a retrieval now” records one from here.</source>
        <translation>Noch keine Abrufe aufgezeichnet. Open Design zeichnet jedes Mal einen auf, wenn es das kreative Gedächtnis in einen Prompt einfügt; „Jetzt abrufen“ zeichnet einen von hier aus auf.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="103"/>
        <source>%n retrievals loaded — scroll down for more</source>
        <translation>
            <numerusform>%n Abruf geladen – für mehr nach unten scrollen</numerusform>
            <numerusform>%n Abrufe geladen – für mehr nach unten scrollen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="105"/>
        <source>{n} retrievals</source>
        <translation>{n} Abrufe</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="107"/>
        <source>1 retrieval</source>
        <translation>1 Abruf</translation>
    </message>
</context>
<context>
    <name>RetrievalsModel</name>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="65"/>
        <source>temporary</source>
        <translation>vorübergehend</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="66"/>
        <source>memory off</source>
        <translation>Gedächtnis aus</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="67"/>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="68"/>
        <source>project off</source>
        <translation>Projekt aus</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="69"/>
        <source>nothing eligible</source>
        <translation>nichts infrage kommend</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="82"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="83"/>
        <source>Origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="84"/>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="85"/>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="86"/>
        <source>Kept +/−</source>
        <translation>Behalten +/−</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="87"/>
        <source>Tokens</source>
        <translation>Token</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="88"/>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="115"/>
        <source>(no project)</source>
        <translation>(kein Projekt)</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="145"/>
        <source>{pos} preferred, {neg} avoided ({high} high, {medium} medium)</source>
        <translation>{pos} bevorzugt, {neg} vermieden ({high} hoch, {medium} mittel)</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="166"/>
        <source>Estimated tokens of the Creative memory block (4 characters a token)</source>
        <translation>Geschätzte Token des Blocks „Creative memory“ (4 Zeichen pro Token)</translation>
    </message>
</context>
<context>
    <name>RunActions</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="53"/>
        <location filename="../../gui/tabs/diagnostics/run.py" line="123"/>
        <source>No project (global only)</source>
        <extracomment>a dry run was shown nowhere yet: its summary and its stage events (the engine&apos;s DiagEvents) a recorded retrieval is in the reloaded list: its id (select it)</extracomment>
        <translation>Kein Projekt (nur global)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="60"/>
        <source>Project to retrieve for</source>
        <translation>Projekt für den Abruf</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="61"/>
        <source>The project the retrieval runs for</source>
        <translation>Das Projekt, für das der Abruf läuft</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="67"/>
        <source>Block format</source>
        <translation>Blockformat</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="67"/>
        <source>Which prompt block format to build</source>
        <translation>Welches Format der Prompt-Block haben soll</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="68"/>
        <source>&amp;Dry run</source>
        <translation>P&amp;robelauf</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="72"/>
        <source>Dry run</source>
        <translation>Probelauf</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="73"/>
        <location filename="../../gui/tabs/diagnostics/run.py" line="134"/>
        <source>Run the engine and show its stage events here without recording anything</source>
        <translation>Die Engine ausführen und ihre Phasenereignisse hier anzeigen, ohne etwas aufzuzeichnen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="76"/>
        <location filename="../../gui/tabs/diagnostics/run.py" line="145"/>
        <source>&amp;Run (dry run)</source>
        <translation>&amp;Ausführen (Probelauf)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="80"/>
        <source>Run a retrieval now</source>
        <translation>Jetzt abrufen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="81"/>
        <source>Retrieve for the chosen project now; a recorded run appears at the top of the list</source>
        <translation>Jetzt für das gewählte Projekt abrufen; ein aufgezeichneter Lauf erscheint oben in der Liste</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="83"/>
        <source>E&amp;xport…</source>
        <translation>E&amp;xportieren…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="85"/>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="85"/>
        <source>Save the filtered list as JSON or CSV</source>
        <translation>Die gefilterte Liste als JSON oder CSV speichern</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="87"/>
        <source>Run a retrieval now:</source>
        <translation>Jetzt abrufen:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="96"/>
        <source>Pro&amp;ject:</source>
        <translation>Pro&amp;jekt:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="99"/>
        <source>&amp;Mode:</source>
        <translation>&amp;Modus:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="109"/>
        <source>Last action</source>
        <translation>Letzte Aktion</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="130"/>
        <source>This store is read-only: a retrieval can only be a dry run</source>
        <translation>Dieser Speicher ist schreibgeschützt: Ein Abruf kann nur ein Probelauf sein</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="145"/>
        <source>&amp;Run a recorded retrieval</source>
        <translation>&amp;Aufgezeichneten Abruf ausführen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="155"/>
        <source>The retrieval could not run.</source>
        <translation>Der Abruf konnte nicht laufen.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="179"/>
        <source>kept +{pos} / −{neg}, {tokens} tokens</source>
        <translation>behalten +{pos} / −{neg}, {tokens} Token</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="183"/>
        <source>Dry run (not recorded) · {where} · {mode} · {kept}</source>
        <translation>Probelauf (nicht aufgezeichnet) · {where} · {mode} · {kept}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="191"/>
        <source>Dry run for {where}: {kept}. Nothing was recorded.</source>
        <translation>Probelauf für {where}: {kept}. Nichts wurde aufgezeichnet.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="195"/>
        <source>Recorded retrieval #{id} for {where}: {kept}.</source>
        <translation>Abruf Nr. {id} für {where} aufgezeichnet: {kept}.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="199"/>
        <source>The current filters hide it.</source>
        <translation>Die aktuellen Filter blenden ihn aus.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="208"/>
        <source>Export retrievals</source>
        <translation>Abrufe exportieren</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="212"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="212"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="227"/>
        <source>The retrievals could not be exported.</source>
        <translation>Die Abrufe konnten nicht exportiert werden.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/diagnostics/run.py" line="234"/>
        <source>Exported %n retrievals to {path}.</source>
        <translation>
            <numerusform>%n Abruf nach {path} exportiert.</numerusform>
            <numerusform>%n Abrufe nach {path} exportiert.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="32"/>
        <source>Generation</source>
        <translation>Generierung</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="33"/>
        <source>Critique</source>
        <translation>Kritik</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="34"/>
        <source>Legacy format</source>
        <translation>Altes Format</translation>
    </message>
</context>
<context>
    <name>Scripts</name>
    <message>
        <location filename="../../gui/visible.py" line="124"/>
        <source>Greek</source>
        <extracomment>the scripts whose look-alike letters are named in a word that mixes them with Latin ones (``model.inert.mixed_scripts_marked``: ``FLAT DESIGΝ[Greek]``), in the window&apos;s language</extracomment>
        <translation>griechisch</translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="125"/>
        <source>Cyrillic</source>
        <translation>kyrillisch</translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="126"/>
        <source>Armenian</source>
        <translation>armenisch</translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="127"/>
        <source>Cherokee</source>
        <translation>Cherokee</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <location filename="../../services/keychain/secret_status.py" line="29"/>
        <source>The key that keeps your blocked patterns unreadable is in the system keychain ({backend}).</source>
        <translation>Der Schlüssel, der Ihre gesperrten Muster unlesbar hält, liegt im Schlüsselbund des Systems ({backend}).</translation>
    </message>
    <message>
        <location filename="../../services/keychain/secret_status.py" line="44"/>
        <source>The key that keeps your blocked patterns unreadable is in a file only you can read, {path}: it was made before this computer had a system keychain.</source>
        <translation>Der Schlüssel, der Ihre gesperrten Muster unlesbar hält, liegt in einer Datei, die nur Sie lesen können, {path}: Er entstand, bevor dieser Computer einen Schlüsselbund des Systems hatte.</translation>
    </message>
    <message>
        <location filename="../../services/keychain/secret_status.py" line="54"/>
        <source>No system keychain was found; the key that keeps your blocked patterns unreadable is in a file only you can read, {path}.</source>
        <translation>Es wurde kein Schlüsselbund des Systems gefunden; der Schlüssel, der Ihre gesperrten Muster unlesbar hält, liegt in einer Datei, die nur Sie lesen können, {path}.</translation>
    </message>
    <message>
        <location filename="../../services/keychain/secret_status.py" line="64"/>
        <source>Others could read that file, so it was made readable only by you.</source>
        <translation>Andere konnten diese Datei lesen, daher ist sie jetzt nur für Sie lesbar.</translation>
    </message>
</context>
<context>
    <name>SelfTest</name>
    <message>
        <location filename="../../services/selftest.py" line="103"/>
        <source> Your settings were set aside for the test and put back.</source>
        <extracomment>the translation context of what a check says to a person what was seen in a person&apos;s words, which the window translates (``detail`` stays the wire form and the command line&apos;s words)</extracomment>
        <translation> Ihre Einstellungen wurden für den Test beiseitegelegt und wiederhergestellt.</translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="116"/>
        <source>With memory on, a test preference is added to the prompt.{then}</source>
        <translation>Bei eingeschaltetem Gedächtnis wird eine Testpräferenz in den Prompt eingefügt.{then}</translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="130"/>
        <source>A test preference was not added to the prompt even with memory on, so the switches cannot be proven.{then}</source>
        <translation>Eine Testpräferenz wurde selbst bei eingeschaltetem Gedächtnis nicht in den Prompt eingefügt, daher lassen sich die Schalter nicht prüfen.{then}</translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="302"/>
        <source>Nothing was added to the prompt; the test run is listed in Diagnostics.</source>
        <translation>Nichts wurde in den Prompt eingefügt; der Testlauf ist in der Diagnose aufgeführt.</translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="306"/>
        <source>Something was still added to the prompt ({n} characters).</source>
        <translation>Es wurde trotzdem etwas in den Prompt eingefügt ({n} Zeichen).</translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="323"/>
        <source>Your settings are as they were.</source>
        <translation>Ihre Einstellungen sind wie zuvor.</translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="325"/>
        <source>Your settings changed during the test; check them here and in Projects.</source>
        <translation>Ihre Einstellungen haben sich während des Tests geändert; prüfen Sie sie hier und unter Projekte.</translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="337"/>
        <source>More than the switch allows was added to the prompt.</source>
        <translation>Es wurde mehr in den Prompt eingefügt, als der Schalter erlaubt.</translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="342"/>
        <source>Only what was learned in the project was added to the prompt.</source>
        <translation>Nur was im Projekt gelernt wurde, wurde in den Prompt eingefügt.</translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="346"/>
        <source>Only your global preferences were added to the prompt.</source>
        <translation>Nur Ihre globalen Präferenzen wurden in den Prompt eingefügt.</translation>
    </message>
</context>
<context>
    <name>SelfTestCard</name>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="39"/>
        <source>Self-test</source>
        <translation>Selbsttest</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="44"/>
        <source>Proves the gates: with memory off, using paused or a project disabled, a retrieval returns nothing. Your settings are put back exactly as they were.</source>
        <translation>Weist die Sperren nach: Bei ausgeschaltetem Gedächtnis, pausiertem Nutzen oder deaktiviertem Projekt liefert ein Abruf nichts. Ihre Einstellungen werden genau so zurückgestellt, wie sie waren.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="51"/>
        <source>Run sel&amp;f-test</source>
        <translation>Selbst&amp;test ausführen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="52"/>
        <source>Run the checks now (takes a moment)</source>
        <translation>Die Prüfungen jetzt ausführen (dauert einen Moment)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="58"/>
        <source>Reb&amp;uild from events</source>
        <translation>Aus Ereignissen neu auf&amp;bauen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="59"/>
        <source>Re-derive every preference from the raw events (shows progress; can be cancelled)</source>
        <translation>Jede Präferenz aus den Rohereignissen neu ableiten (zeigt den Fortschritt; kann abgebrochen werden)</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="64"/>
        <source>Self-test result</source>
        <translation>Ergebnis des Selbsttests</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="67"/>
        <source>Self-test checks</source>
        <translation>Prüfungen des Selbsttests</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="109"/>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="109"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="132"/>
        <source>✓ All {n} checks passed.</source>
        <translation>✓ Alle {n} Prüfungen bestanden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="135"/>
        <source>✗ {bad} of {n} checks failed.</source>
        <translation>✗ {bad} von {n} Prüfungen fehlgeschlagen.</translation>
    </message>
</context>
<context>
    <name>StageEventsModel</name>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="58"/>
        <source>Stored as:</source>
        <translation>Gespeichert als:</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="76"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="77"/>
        <source>Stage</source>
        <translation>Phase</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="78"/>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="79"/>
        <source>Preference</source>
        <translation>Präferenz</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="107"/>
        <source>Stored as stage {code}</source>
        <extracomment>Open Design&apos;s names of projects by id (a project&apos;s preference says &quot;in Brand refresh only&quot;)</extracomment>
        <translation>Gespeichert als Phase {code}</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="109"/>
        <source>Stored as {code}</source>
        <translation>Gespeichert als {code}</translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="81"/>
        <source>What happened</source>
        <translation>Was geschah</translation>
    </message>
</context>
<context>
    <name>StartWindow</name>
    <message>
        <location filename="../../gui/startwindow.py" line="30"/>
        <source>Creative Memory Studio</source>
        <translation>Creative Memory Studio</translation>
    </message>
    <message>
        <location filename="../../gui/startwindow.py" line="36"/>
        <source>Opening your creative memory…</source>
        <translation>Ihr kreatives Gedächtnis wird geöffnet…</translation>
    </message>
    <message>
        <location filename="../../gui/startwindow.py" line="45"/>
        <source>Opening Creative Memory Studio</source>
        <translation>Creative Memory Studio wird geöffnet</translation>
    </message>
</context>
<context>
    <name>StoreCard</name>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="233"/>
        <source>Where it is stored</source>
        <translation>Wo es gespeichert ist</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="238"/>
        <source>Data folder</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="240"/>
        <source>How the folder was chosen</source>
        <translation>Wie der Ordner gewählt wurde</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="242"/>
        <source>Store file</source>
        <translation>Speicherdatei</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="244"/>
        <source>Keychain</source>
        <translation>Schlüsselbund</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="246"/>
        <source>Where the install secret (used for blocked patterns) is kept</source>
        <translation>Wo das Installationsgeheimnis (für gesperrte Muster) aufbewahrt wird</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="248"/>
        <source>Folder:</source>
        <translation>Ordner:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="249"/>
        <source>Why here:</source>
        <translation>Warum hier:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="250"/>
        <source>Store:</source>
        <translation>Speicher:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="251"/>
        <source>Keychain:</source>
        <translation>Schlüsselbund:</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="254"/>
        <source>&amp;Open folder</source>
        <translation>&amp;Ordner öffnen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="255"/>
        <source>Show the data folder in the file manager</source>
        <translation>Den Datenordner in der Dateiverwaltung zeigen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="261"/>
        <source>C&amp;hange…</source>
        <translation>Ä&amp;ndern…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="262"/>
        <source>Every store found on this computer, or a folder of your choosing</source>
        <translation>Jeder auf diesem Computer gefundene Speicher oder ein Ordner Ihrer Wahl</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="268"/>
        <source>Mo&amp;ve to this program&apos;s folder…</source>
        <translation>In den Ordner dieses Programms &amp;verschieben…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="269"/>
        <source>This store is in the first release&apos;s folder, which Open Design may use later</source>
        <translation>Dieser Speicher liegt im Ordner der ersten Version, den Open Design später verwenden könnte</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="305"/>
        <source>{name} — read-only: {reason}</source>
        <translation>{name} – schreibgeschützt: {reason}</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="309"/>
        <source>{name} — demo data only; Open Design never reads it</source>
        <translation>{name} – nur Demodaten; Open Design liest ihn nie</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="312"/>
        <source>{name} — shared with Open Design</source>
        <translation>{name} – gemeinsam mit Open Design genutzt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="317"/>
        <source>{name} — no Open Design data was found in this folder</source>
        <translation>{name} – in diesem Ordner wurden keine Daten von Open Design gefunden</translation>
    </message>
</context>
<context>
    <name>StoreDialog</name>
    <message>
        <location filename="../../gui/dialogs/store.py" line="53"/>
        <source>first release&apos;s folder</source>
        <translation>Ordner der ersten Version</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="62"/>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="63"/>
        <source>Channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="64"/>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="65"/>
        <source>Last write</source>
        <translation>Letzter Schreibvorgang</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="66"/>
        <source>Open Design&apos;s tables</source>
        <translation>Tabellen von Open Design</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="74"/>
        <location filename="../../gui/dialogs/store.py" line="75"/>
        <source>Where creative memory is stored</source>
        <translation>Wo das kreative Gedächtnis gespeichert ist</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="79"/>
        <source>Stores found on this computer. The one you pick is remembered for the window and od-memory; OD_DATA_DIR and --data-dir still come first.</source>
        <translation>Auf diesem Computer gefundene Speicher. Der gewählte wird für das Fenster und od-memory gemerkt; OD_DATA_DIR und --data-dir haben weiterhin Vorrang.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="108"/>
        <source>Stores found</source>
        <translation>Gefundene Speicher</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="125"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="127"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="123"/>
        <source>unreadable</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="86"/>
        <source>Open Design&apos;s store was not found on this computer.</source>
        <translation>Der Speicher von Open Design wurde auf diesem Computer nicht gefunden.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="142"/>
        <source>&amp;Use this store</source>
        <translation>Diesen Speicher ver&amp;wenden</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="144"/>
        <source>Open the selected store and remember it</source>
        <translation>Den gewählten Speicher öffnen und merken</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="145"/>
        <source>Choose a &amp;folder…</source>
        <translation>&amp;Ordner wählen…</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="146"/>
        <source>Pick the folder that holds app.sqlite</source>
        <translation>Den Ordner wählen, der app.sqlite enthält</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="201"/>
        <source>Choose the folder that holds app.sqlite</source>
        <translation>Den Ordner wählen, der app.sqlite enthält</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="240"/>
        <source>Could not use that folder.</source>
        <translation>Dieser Ordner konnte nicht verwendet werden.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="254"/>
        <source>Move the store</source>
        <translation>Speicher verschieben</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="255"/>
        <source>This store is in the folder the first release used, which Open Design may use later. Move it to this program&apos;s own folder? It is copied, checked, and only then removed here.</source>
        <translation>Dieser Speicher liegt in dem Ordner, den die erste Version verwendet hat und den Open Design später verwenden könnte. In den eigenen Ordner dieses Programms verschieben? Er wird kopiert, geprüft und erst dann hier entfernt.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="266"/>
        <source>&amp;Move</source>
        <translation>&amp;Verschieben</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="281"/>
        <source>Could not move the store.</source>
        <translation>Der Speicher konnte nicht verschoben werden.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="297"/>
        <source>Create the data folder</source>
        <translation>Datenordner anlegen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="298"/>
        <source>The data folder
{folder}
({how}) does not exist: perhaps its disk is not attached, or the name has a typo. Create it there now, or quit and change nothing?</source>
        <translation>Der Datenordner
{folder}
({how}) existiert nicht: Vielleicht ist sein Laufwerk nicht angeschlossen, oder der Name enthält einen Tippfehler. Jetzt dort anlegen, oder beenden, ohne etwas zu ändern?</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="308"/>
        <source>Create it &amp;here</source>
        <translation>&amp;Hier anlegen</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="335"/>
        <source>Creative memory keeps its own tables (creative_memory_*) in Open Design&apos;s store:
{store}

They are added now. Open Design&apos;s own tables are not changed.</source>
        <translation>Das kreative Gedächtnis führt eigene Tabellen (creative_memory_*) im Speicher von Open Design:
{store}

Sie werden jetzt angelegt. Die eigenen Tabellen von Open Design werden nicht verändert.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="341"/>
        <source>Creative memory&apos;s tables in
{store}
are upgraded from schema {old} to {new}.</source>
        <translation>Die Tabellen des kreativen Gedächtnisses in
{store}
werden von Schema {old} auf {new} aktualisiert.</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="347"/>
        <source>Prepare the store</source>
        <translation>Speicher vorbereiten</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="350"/>
        <source>A backup copy of the store is made beside it first (only the latest copy is kept).</source>
        <translation>Zuerst wird daneben eine Sicherungskopie des Speichers angelegt (nur die neueste Kopie wird behalten).</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="359"/>
        <source>&amp;Continue</source>
        <translation>&amp;Fortfahren</translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="311"/>
        <location filename="../../gui/dialogs/store.py" line="361"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
</context>
<context>
    <name>StrengthChart</name>
    <message>
        <location filename="../../gui/widgets/chart.py" line="66"/>
        <source>Strength over time</source>
        <translation>Stärke im Zeitverlauf</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="68"/>
        <source>How the strength changed with each signal; the dashed line is the injection threshold</source>
        <translation>Wie sich die Stärke mit jedem Signal verändert hat; die gestrichelte Linie ist die Einfügeschwelle</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="104"/>
        <source>positive</source>
        <translation>positiv</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="104"/>
        <source>negative</source>
        <translation>negativ</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="108"/>
        <source>No strength history.</source>
        <translation>Kein Stärkeverlauf.</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="119"/>
        <source>{polarity}: {n} points, from {first:.2f} on {d0} to {last:.2f} on {d1}, highest {top:.2f}</source>
        <translation>{polarity}: {n} Punkte, von {first:.2f} am {d0} bis {last:.2f} am {d1}, höchstens {top:.2f}</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="143"/>
        <source>{date} {strength:.2f}</source>
        <extracomment>at most this many points per series are read out (the events list holds every one)</extracomment>
        <translation>{date} {strength:.2f}</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="152"/>
        <source> (the last {n} of {total})</source>
        <translation> (die letzten {n} von {total})</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="157"/>
        <source>{polarity} strength{more}: {items}.</source>
        <translation>{polarity}e Stärke{more}: {items}.</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="206"/>
        <source>No strength history yet</source>
        <translation>Noch kein Stärkeverlauf</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="328"/>
        <source>injected above {value:.2f}</source>
        <translation>eingefügt über {value:.2f}</translation>
    </message>
</context>
<context>
    <name>SwitchDelegate</name>
    <message>
        <location filename="../../gui/tabs/projects/switches.py" line="52"/>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
</context>
<context>
    <name>TransferActions</name>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="67"/>
        <source>Export creative memory</source>
        <extracomment>the last import that blocks or a project&apos;s switch left events out of: its file, its passphrase and its result, so that &quot;Lift and import again&quot; can import it again the system keychain holds secrets (the tab says so): an export may remember its passphrase</extracomment>
        <translation>Kreatives Gedächtnis exportieren</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="114"/>
        <source>Could not export creative memory.</source>
        <translation>Das kreative Gedächtnis konnte nicht exportiert werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="117"/>
        <source>Exported {events} events ({prefs} preferences) to {path}{enc}.</source>
        <translation>{events} Ereignisse ({prefs} Präferenzen) nach {path}{enc} exportiert.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="121"/>
        <source>, encrypted</source>
        <translation>, verschlüsselt</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="128"/>
        <source>The passphrase is remembered in the keychain.</source>
        <translation>Die Passphrase ist im Schlüsselbund gemerkt.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="130"/>
        <source>The passphrase could not be remembered: no system keychain is available.</source>
        <translation>Die Passphrase konnte nicht gemerkt werden: Kein Schlüsselbund des Systems ist verfügbar.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="141"/>
        <source>Save a report of creative memory</source>
        <translation>Bericht über das kreative Gedächtnis speichern</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="184"/>
        <source>Could not save the report.</source>
        <translation>Der Bericht konnte nicht gespeichert werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="187"/>
        <source>Saved the report to {path}, locked: it opens in a browser with the passphrase.</source>
        <translation>Bericht unter {path} gespeichert, gesperrt: Er öffnet sich im Browser mit der Passphrase.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="189"/>
        <source>Saved the report to {path}.</source>
        <translation>Bericht gespeichert unter {path}.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="199"/>
        <source>Import creative memory</source>
        <translation>Kreatives Gedächtnis importieren</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="234"/>
        <source>{name} is encrypted. Enter the passphrase it was exported with.</source>
        <translation>{name} ist verschlüsselt. Geben Sie die Passphrase ein, mit der die Datei exportiert wurde.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="238"/>
        <source>The passphrase remembered in the keychain for this file is filled in.</source>
        <translation>Die im Schlüsselbund für diese Datei gemerkte Passphrase ist eingetragen.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="370"/>
        <source>Could not lift the blocks or switches.</source>
        <translation>Die Sperren oder Schalter konnten nicht aufgehoben werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="226"/>
        <location filename="../../gui/tabs/overview/transfer.py" line="293"/>
        <location filename="../../gui/tabs/overview/transfer.py" line="317"/>
        <source>Could not import {name}.</source>
        <translation>{name} konnte nicht importiert werden.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="253"/>
        <source>This passphrase does not open {name}: it is wrong, or the file was changed after export. Type the passphrase again.</source>
        <translation>Diese Passphrase öffnet {name} nicht: Sie ist falsch, oder die Datei wurde nach dem Export verändert. Geben Sie die Passphrase erneut ein.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="296"/>
        <source>Nothing was imported from {name}.</source>
        <translation>Aus {name} wurde nichts importiert.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="300"/>
        <source>Importing</source>
        <translation>Import läuft</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="300"/>
        <source>Importing {name}…</source>
        <translation>{name} wird importiert…</translation>
    </message>
</context>
<context>
    <name>TransferCard</name>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="144"/>
        <source>Export and import</source>
        <translation>Export und Import</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="149"/>
        <source>Move memory between computers without a cloud. Exports are readable only by you; encrypt them to carry them safely. Import also reads the prototype&apos;s preferences.json.</source>
        <translation>Gedächtnis ohne Cloud zwischen Computern übertragen. Exporte sind nur für Sie lesbar; verschlüsseln Sie sie, um sie sicher mitzunehmen. Der Import liest auch die preferences.json des Prototyps.</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="156"/>
        <source>E&amp;xport…</source>
        <translation>E&amp;xportieren…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="157"/>
        <source>Write all creative memory to a file</source>
        <translation>Das gesamte kreative Gedächtnis in eine Datei schreiben</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="161"/>
        <source>E&amp;ncrypt with a passphrase</source>
        <translation>Mit einer P&amp;assphrase verschlüsseln</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="163"/>
        <source>Encrypt with a passphrase</source>
        <translation>Mit einer Passphrase verschlüsseln</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="165"/>
        <source>Ask for a passphrase and encrypt the export, the reset&apos;s backup and the report</source>
        <translation>Nach einer Passphrase fragen und damit den Export, die Sicherung vor dem Zurücksetzen und den Bericht verschlüsseln</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="169"/>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="170"/>
        <source>Merge or replace memory from an exported file</source>
        <translation>Gedächtnis aus einer exportierten Datei zusammenführen oder ersetzen</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="176"/>
        <source>Save &amp;a report…</source>
        <translation>Be&amp;richt speichern…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="177"/>
        <source>Write one printable page of everything memory knows about you, to read or to share</source>
        <translation>Eine druckbare Seite mit allem, was das Gedächtnis über Sie weiß – zum Lesen oder Weitergeben</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="182"/>
        <source>Last export or import</source>
        <translation>Letzter Export oder Import</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="186"/>
        <source>Lift and import a&amp;gain…</source>
        <translation>Auf&amp;heben und erneut importieren…</translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="188"/>
        <source>Lift the blocks or turn on the projects&apos; learning that left the last import&apos;s events out, then import the file again</source>
        <translation>Die Sperren aufheben oder das Lernen der Projekte einschalten, die Ereignisse des letzten Imports ausgeschlossen haben, dann die Datei erneut importieren</translation>
    </message>
</context>
<context>
    <name>WindowBanners</name>
    <message>
        <location filename="../../gui/window_banners.py" line="40"/>
        <source>Memory state</source>
        <translation>Zustand des Gedächtnisses</translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="43"/>
        <source>Demo data notice</source>
        <translation>Hinweis zu Demodaten</translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="44"/>
        <source>Notice</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="57"/>
        <source>&amp;Turn on</source>
        <translation>&amp;Einschalten</translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="57"/>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="88"/>
        <source>O&amp;K, hide this notice</source>
        <translation>O&amp;K, diesen Hinweis ausblenden</translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="105"/>
        <source>Demo data — not your memory. Nothing here is used by Open Design.</source>
        <translation>Demodaten – nicht Ihr Gedächtnis. Nichts hiervon wird von Open Design verwendet.</translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="106"/>
        <source>&amp;Back to my memory</source>
        <translation>Zu&amp;rück zu meinem Gedächtnis</translation>
    </message>
</context>
</TS>
