<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1">
<context>
    <name>Activity</name>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="65"/>
        <source>global only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="66"/>
        <location filename="../../gui/itemmodels/audit.py" line="118"/>
        <source>a forgotten pattern (fingerprint {fp}…)</source>
        <extracomment>Open Design&apos;s names of projects by id (a project&apos;s entry names it)</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ActivityTab</name>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="76"/>
        <source>Filter by actor, action, target or outcome…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="79"/>
        <source>Filter the activity log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="81"/>
        <source>Show entries whose actor, action, target or outcome contains this text (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="83"/>
        <source>E&amp;xport…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="85"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="86"/>
        <source>Save the filtered activity log as JSON or CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="108"/>
        <source>Activity log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="110"/>
        <source>Every change to a control, newest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="127"/>
        <source>How many entries are shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="131"/>
        <source>Last action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tab_places.py" line="48"/>
        <location filename="../../gui/tabs/activity/view.py" line="145"/>
        <source>Activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="191"/>
        <source>No activity matches “{text}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="193"/>
        <source>Clear filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="193"/>
        <source>Show the whole activity log again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="197"/>
        <source>Nothing has been changed yet. Turning memory on or off, pausing, project switches, forgetting and resets are listed here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/activity/view.py" line="207"/>
        <source>%n entries loaded — scroll down for more</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/activity/view.py" line="251"/>
        <source>Exported %n entries to {path}.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="210"/>
        <source>1 entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="210"/>
        <source>{n} entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="217"/>
        <source>Export activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="221"/>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="221"/>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/activity/view.py" line="238"/>
        <source>The activity log could not be exported.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditModel</name>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="34"/>
        <source>forget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="35"/>
        <source>forget and block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="36"/>
        <source>forget a session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="37"/>
        <source>pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="38"/>
        <source>resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="39"/>
        <source>switch memory on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="40"/>
        <source>switch memory off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="41"/>
        <source>project switches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="42"/>
        <source>memory notes in chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="43"/>
        <source>self-test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="44"/>
        <source>lift a block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="45"/>
        <source>demo data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="46"/>
        <source>rate a retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="47"/>
        <source>reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="48"/>
        <source>export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="49"/>
        <source>import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="54"/>
        <source>global memory</source>
        <extracomment>a project switch as the audit log stores it (``use_memory=off``), in words</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="55"/>
        <source>its own memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="56"/>
        <source>learning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="74"/>
        <source>Creative Memory Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="75"/>
        <source>od-memory (command line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="76"/>
        <source>Open Design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="86"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="87"/>
        <source>Who</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="88"/>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="89"/>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="90"/>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="159"/>
        <source>{switch} on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="159"/>
        <source>{switch} off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="171"/>
        <source>Stored as {code}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="173"/>
        <source>Stored as {target}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/audit.py" line="177"/>
        <source>A forgotten pattern is named only by its fingerprint, never by its text: {target}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Banner</name>
    <message>
        <location filename="../../gui/widgets/banner.py" line="83"/>
        <source>Status banner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/banner.py" line="182"/>
        <source>Information</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/banner.py" line="183"/>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/banner.py" line="184"/>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BannerState</name>
    <message>
        <location filename="../../gui/banner_state.py" line="34"/>
        <source>{d} days {h} h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="36"/>
        <source>1 day {h} h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="39"/>
        <source>{h} h {m} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="41"/>
        <source>{m} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="43"/>
        <source>less than a minute left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="44"/>
        <source>{left} left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="50"/>
        <source>until you resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="56"/>
        <source>until {when}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="57"/>
        <source>until {when} ({left})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="77"/>
        <source>Store written by a newer version: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="84"/>
        <source>This store is read-only: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="92"/>
        <source>Creative memory is off: nothing is learned and nothing is injected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="101"/>
        <source>Paused — learning and using — {until}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="108"/>
        <source>Paused — learning — {until}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="114"/>
        <source>Paused — using — {until}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/banner_state.py" line="130"/>
        <source>No system keychain was found.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BlocksDialog</name>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="40"/>
        <location filename="../../gui/dialogs/blocks.py" line="62"/>
        <source>Blocked patterns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="44"/>
        <source>A block keeps only keyed fingerprints of a pattern, never its name, so the list shows what is kept. Lifting a block lets the pattern be learned again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="52"/>
        <source>Fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="52"/>
        <source>Blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="52"/>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="52"/>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="63"/>
        <source>Nothing is blocked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="70"/>
        <source>&amp;Lift block…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="88"/>
        <source>the pattern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="89"/>
        <source>its words in diffs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="90"/>
        <source>(older block)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="92"/>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="120"/>
        <source>Why: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="122"/>
        <source>Why: no reason was given when it was blocked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="132"/>
        <source>Lift block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="134"/>
        <source>Lift the block {fingerprint}? The pattern can be learned again, and its words are kept in diffs again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/blocks.py" line="154"/>
        <source>The block could not be lifted: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CellText</name>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="298"/>
        <source>Stored as {type} · {pattern} · {polarity}</source>
        <extracomment>Open Design&apos;s names of projects by id (the scope says &quot;in Brand refresh only&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="308"/>
        <source>Everywhere: learned across projects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="310"/>
        <source>Learned in {project}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="318"/>
        <source>{word}: strength {value:.3f} of 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="322"/>
        <source>{accepts} accepting and {rejects} rejecting signals</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CountsCard</name>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="130"/>
        <source>What is remembered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="136"/>
        <source>Preferences:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="136"/>
        <source>Learned preferences of every status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="139"/>
        <source>By confidence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="140"/>
        <source>Preferences that are not archived, by confidence tier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="144"/>
        <source>Raw events:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="145"/>
        <source>Reactions recorded from your work, the evidence behind preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="147"/>
        <source>Retrievals:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="147"/>
        <source>Recorded retrievals (see Diagnostics)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="148"/>
        <source>Last event:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="148"/>
        <source>When the newest event happened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="151"/>
        <source>Last injected:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="153"/>
        <source>When Open Design last added creative memory to a prompt (self-tests and previews do not count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="176"/>
        <source>Nothing is remembered yet. Memory grows as you react to work generated in Open Design. To look around first, explore a demo data set (about 1,000 preferences) in a separate demo store; your own memory is not touched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="183"/>
        <source>Explore with &amp;demo data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="185"/>
        <source>Explore with demo data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="187"/>
        <source>Open a separate demo store with generated data; your own memory is not touched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="217"/>
        <source>{n} {tier}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="223"/>
        <source>{n} archived</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DangerCard</name>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="212"/>
        <source>Danger zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="217"/>
        <source>Reset erases all creative memory of this user — preferences, raw events and diagnostics — and proves nothing recoverable remains. It cannot be undone; the dialog offers to export a backup first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="224"/>
        <source>Re&amp;set…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="225"/>
        <source>Erase all creative memory (asks first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="231"/>
        <source>B&amp;locked patterns…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="232"/>
        <source>What each block keeps, and lifting one</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DataDir</name>
    <message>
        <location filename="../../services/location/datadir.py" line="42"/>
        <source>chosen with --data-dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/location/datadir.py" line="43"/>
        <source>from the OD_DATA_DIR environment variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/location/datadir.py" line="44"/>
        <source>the folder you chose (od-memory use, or Change… in the window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/location/datadir.py" line="47"/>
        <source>found where Open Design keeps its data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/location/datadir.py" line="48"/>
        <source>this program&apos;s own folder: Open Design was not found on this computer; memory is kept here until it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/location/datadir.py" line="52"/>
        <source>the demo store, kept apart from your memory</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="104"/>
        <source>Details of the current preference</source>
        <extracomment>the fewest average characters a value keeps beside its label before labels go above the values the pane now shows this key (None: nothing selected / gone) Forget this session…: the stored id of the selected event&apos;s session</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="107"/>
        <source>Select a preference to see the events that built it, its strength over time and whether the last retrieval used it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="140"/>
        <source>Pattern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="144"/>
        <source>Type, scope and polarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="150"/>
        <source>Last retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="152"/>
        <source>Whether the last recorded retrieval injected this preference, and why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="161"/>
        <source>Learned from pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="162"/>
        <source>What Open Design&apos;s pages showed about this preference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="173"/>
        <source>Fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="173"/>
        <source>Every stored field of this preference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="189"/>
        <source>Strength over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="192"/>
        <source>Events that built it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="199"/>
        <source>Forget this &amp;session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="204"/>
        <source>Forget this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="205"/>
        <source>Erase every event of the selected event&apos;s generation session and what it taught</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="211"/>
        <source>Forget this session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="287"/>
        <source>The details of this preference cannot be read: {why} Forget it, or rebuild memory from the events (Overview).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="313"/>
        <source>Stored as {type} · {pattern} · {polarity}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="318"/>
        <source>{type} · {scope}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="322"/>
        <source>Type stored as {raw}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="332"/>
        <source>From pages: {evidence}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="349"/>
        <source>Events that built it (newest {shown} of {n})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/detail.py" line="354"/>
        <source>Events that built it ({n})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DiagnosticsCommon</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="89"/>
        <source>This project ignores its own memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="91"/>
        <source>This project ignores global memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="93"/>
        <source>This project uses no memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="97"/>
        <source>{project} — ignores global memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="99"/>
        <source>{project} — ignores memory</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DiagnosticsKept</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/view.py" line="289"/>
        <source>Retrieval #{id} is not in this store. Recorded retrievals are kept for the retention period, then deleted; the newest ones are listed below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="52"/>
        <source>{preference} — {type}, {where}, {strength}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DiagnosticsTab</name>
    <message>
        <location filename="../../gui/tab_places.py" line="46"/>
        <location filename="../../gui/tabs/diagnostics/view.py" line="136"/>
        <source>Diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DialogsFiles</name>
    <message>
        <location filename="../../gui/dialogs/files.py" line="25"/>
        <source>Creative memory (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/files.py" line="47"/>
        <source>Creative memory or preferences.json (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message>
        <location filename="../../gui/errors.py" line="29"/>
        <source>Invalid input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="30"/>
        <source>Not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="31"/>
        <source>Store unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="32"/>
        <source>Store written by a newer version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="33"/>
        <source>Read-only store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="34"/>
        <source>Store is busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="35"/>
        <source>Refused for safety</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="36"/>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="38"/>
        <source>The action failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="39"/>
        <source>Unexpected error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="47"/>
        <source>Something unexpected went wrong ({summary}). The action may not have finished. Try it again; if it keeps happening, open “Show Details…” and include the details when you report the problem.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="106"/>
        <source>{title} — Creative Memory Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/errors.py" line="123"/>
        <source>Close this message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EventList</name>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="47"/>
        <source>Events that built it</source>
        <extracomment>the events list keeps each event&apos;s stored session id under this role (column 4) at most this many events are listed (the newest); the heading says how many there are</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="48"/>
        <source>The raw signals that name this pattern in this scope, newest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="54"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="54"/>
        <source>Signal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="54"/>
        <source>Polarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="54"/>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="54"/>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="92"/>
        <source>no project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="93"/>
        <source>session {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="97"/>
        <source>Stored as session {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="100"/>
        <source>Event {id} from {source}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="102"/>
        <source>Its page showed: {because}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="111"/>
        <source>rated: helped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="112"/>
        <source>rated: too much</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="113"/>
        <source>rated: not relevant here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="114"/>
        <source>rated: missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/event_list.py" line="116"/>
        <source>rated</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EventsPane</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="63"/>
        <source>Selected retrieval</source>
        <extracomment>what is shown changed, once its stage events are in: the recorded retrieval&apos;s row (None for nothing or a dry run) and whether it is a dry run</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="76"/>
        <source>Stage events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="79"/>
        <source>The stage events of the selected retrieval, in the order they happened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="94"/>
        <source>Stage event detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="95"/>
        <source>The whole trace and every field of the selected stage event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="96"/>
        <source>Select a stage event to read its whole trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="147"/>
        <source>Select a retrieval to see its stage events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="176"/>
        <source>Retrieval #{id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="181"/>
        <source>kept +{pos} / −{neg}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="182"/>
        <source>{n} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/events.py" line="183"/>
        <source>{n} stage events</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="30"/>
        <source>Filter by pattern, type or project…</source>
        <extracomment>the filter text or a facet changed (the filter box after its debounce) typing started in the filter box (before the debounce)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="34"/>
        <source>Filter preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="35"/>
        <source>Type words that the pattern, type or project must contain (Ctrl+F); Escape clears</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="44"/>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="45"/>
        <source>Show global preferences, project ones, or one project&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="49"/>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="49"/>
        <source>Show one type of preference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="54"/>
        <source>Polarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="55"/>
        <source>Show wanted (positive) or avoided (negative) preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="57"/>
        <source>Both polarities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="58"/>
        <source>Positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="59"/>
        <source>Negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="62"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="62"/>
        <source>Show one status only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="63"/>
        <source>Any status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="64"/>
        <source>Stable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="65"/>
        <source>Under review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="66"/>
        <source>Archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="72"/>
        <location filename="../../gui/tabs/inspector/filters.py" line="76"/>
        <source>Show archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="77"/>
        <source>Also show preferences not seen for 180 days (they are never injected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="87"/>
        <source>Tier:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="89"/>
        <source>High</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="89"/>
        <source>Medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="89"/>
        <source>Low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="96"/>
        <source>Tier {tier}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="97"/>
        <source>Show {tier} confidence preferences (none checked: every tier)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="111"/>
        <source>All scopes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="112"/>
        <source>Used everywhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="113"/>
        <source>Only in a project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/filters.py" line="134"/>
        <source>All types</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FilterLineEdit</name>
    <message>
        <location filename="../../gui/widgets/filter_edit.py" line="35"/>
        <source>Filter…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/filter_edit.py" line="36"/>
        <location filename="../../gui/widgets/filter_edit.py" line="42"/>
        <source>Filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/filter_edit.py" line="37"/>
        <source>Type to filter; Enter applies at once, Escape clears</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/filter_edit.py" line="42"/>
        <source>Clear the filter</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ForgetActions</name>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="69"/>
        <source>Forget…</source>
        <extracomment>&quot;Forget all shown&quot; lists every row in its dialog: at most this many a forget finished; the argument is the receipt a session was forgotten; the argument is the session&apos;s receipt a forget of preferences started (True: from asking to the receipt) or ended (False)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="73"/>
        <location filename="../../gui/tabs/inspector/forget.py" line="112"/>
        <source>Erase the selected preferences and their evidence (Delete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="76"/>
        <source>Forget and block…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="79"/>
        <location filename="../../gui/tabs/inspector/forget.py" line="115"/>
        <source>Erase the selected preferences and never learn these patterns again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="83"/>
        <location filename="../../gui/tabs/inspector/forget.py" line="123"/>
        <source>Forget all shown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="109"/>
        <source>This store is read-only; nothing can be forgotten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="123"/>
        <source>Forget all {n} shown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="126"/>
        <source>Forget every preference this filter shows ({n}); the dialog lists them all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="130"/>
        <source>Filter first: this forgets every preference the filter shows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="213"/>
        <source>Could not forget the selection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="254"/>
        <source>Forget a session — Creative Memory Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="255"/>
        <source>Forget what session {session} taught?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="262"/>
        <source>This deletes the {n} events of this generation session and re-derives every preference they shaped from the events that remain. It cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="266"/>
        <source>&amp;Forget the session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="268"/>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/forget.py" line="290"/>
        <source>Could not forget the session.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ForgetDialog</name>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="86"/>
        <source>Forget — Creative Memory Studio</source>
        <extracomment>the ticked rows changed; the argument is the list of erasure targets they mean</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="116"/>
        <source>Forget this pattern?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="116"/>
        <source>Forget {n} patterns?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="122"/>
        <source>&amp;Where it is remembered (tick what to forget):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="130"/>
        <source>Where the selection is remembered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="131"/>
        <source>Tick the places to forget; Space ticks the current row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="151"/>
        <source>Tick &amp;everywhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="153"/>
        <source>Tick everywhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="156"/>
        <source>Forget the selected patterns in every scope and both polarities (their text leaves the file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="168"/>
        <source>What will be erased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="175"/>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="176"/>
        <source>This cannot be undone. Nothing recoverable is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="186"/>
        <source>Also &amp;block these patterns from being learned again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="191"/>
        <source>Keeps only a keyed fingerprint of each pattern, never its text, so it is never learned again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="194"/>
        <source>Block from being learned again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="199"/>
        <location filename="../../gui/dialogs/forget.py" line="290"/>
        <source>&amp;Forget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="201"/>
        <source>Erase what is ticked above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="206"/>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="207"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="208"/>
        <source>Keep everything as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="219"/>
        <source>global</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="221"/>
        <source>project {project}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="224"/>
        <source>1 preference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="226"/>
        <source>{n} preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="228"/>
        <source>1 event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="228"/>
        <source>{n} events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="229"/>
        <source>{name} — {where}, {polarity}: {prefs}, {events}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="232"/>
        <source>prefer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="232"/>
        <source>avoid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="266"/>
        <source>Nothing is ticked, so nothing would be erased.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="269"/>
        <source>1 learned preference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="271"/>
        <source>{n} learned preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="274"/>
        <source>1 recorded event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="276"/>
        <source>{n} recorded events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="280"/>
        <source>This erases {records} and the pattern inside {events} (an event that names nothing else is deleted), and every diagnostic that mentions it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/forget.py" line="290"/>
        <source>&amp;Forget and block</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportConfirmDialog</name>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="17"/>
        <source>Import creative memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="18"/>
        <source>Confirm the import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="19"/>
        <source>Import {name}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="23"/>
        <source>{name} holds the memory of user “{other}”. Importing adds it to the memory of “{user}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="27"/>
        <source>The import changes these settings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="42"/>
        <source>&amp;Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="43"/>
        <source>Import the file and apply these changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_confirm.py" line="45"/>
        <source>Close without importing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="36"/>
        <location filename="../../gui/dialogs/import_mode.py" line="37"/>
        <source>Import creative memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="41"/>
        <source>How should it be applied?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="42"/>
        <source>&amp;Merge: add its events to the memory here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="43"/>
        <source>Events that are already here are skipped; nothing is erased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="44"/>
        <source>Merge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="45"/>
        <source>Events already here are skipped; nothing is erased.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="46"/>
        <source>&amp;Replace: erase the memory here, then import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="48"/>
        <source>Your preferences and events are erased first; settings from the file replace yours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="50"/>
        <source>Replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="53"/>
        <source>Your current preferences and events are erased first; settings from a bundle replace yours.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="69"/>
        <source>&amp;Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="70"/>
        <source>Import the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="72"/>
        <source>Close without importing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="92"/>
        <source>Import from {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="95"/>
        <source>1 preference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="95"/>
        <source>{n} preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="96"/>
        <source>{name} is a prototype preferences.json with {preferences}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="99"/>
        <source>1 event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="99"/>
        <source>{n} events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="102"/>
        <source>{name} holds {events} of the memory of user {user}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="109"/>
        <source>{name} holds {events} of the memory of user {user}, exported {when}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/import_mode.py" line="112"/>
        <source>It is encrypted; the passphrase opened it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportWords</name>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="136"/>
        <source>{type} {pattern} ({n})</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="142"/>
        <source>, and %n more</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="147"/>
        <source>Imported {events} events from {name}; {prefs} preferences now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="152"/>
        <source>Already here: %n event(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="155"/>
        <source>Blocked: %n event(s) — {patterns}.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="162"/>
        <source>Blocked patterns left out of events that came in: {patterns}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="168"/>
        <source>Project {project} does not learn: %n event(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="175"/>
        <source>%n more project(s) that do not learn: {events} event(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="180"/>
        <source>Learning is paused: %n event(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/overview/text.py" line="182"/>
        <source>Memory is off: %n event(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InspectorFields</name>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="24"/>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="25"/>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="26"/>
        <source>Pattern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="27"/>
        <source>Polarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="28"/>
        <source>Strength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="29"/>
        <source>Confidence tier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="30"/>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="31"/>
        <source>Tier from strength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="32"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="33"/>
        <source>Sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="34"/>
        <source>Explicit tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="35"/>
        <source>Accepts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="36"/>
        <source>Rejects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="37"/>
        <source>Pairwise comparisons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="38"/>
        <source>First seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="39"/>
        <source>Last seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="40"/>
        <source>Decay due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="41"/>
        <source>Last injected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="42"/>
        <source>Reversal signals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="43"/>
        <source>Contradicts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="44"/>
        <source>Last weakened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="45"/>
        <source>Stored as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="91"/>
        <source>everywhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="98"/>
        <source>the opposite preference; this one is still gathering evidence and takes over once it is at least moderate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="150"/>
        <source>on {date}: nothing had named it for {days} days, so it faded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="156"/>
        <source>on {date}: a reaction said the opposite ({signal})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="159"/>
        <source>a reaction that said the opposite (stored as event {id})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="169"/>
        <source>{values}, record {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="173"/>
        <source>{values}, scope {scope}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="117"/>
        <source>provisional — unary signals only; at most medium until a tag, refinement, revert or comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="122"/>
        <source>confirmed by a tag, refinement, revert or comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/fields.py" line="137"/>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InspectorTab</name>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="100"/>
        <source>Preview as if forgotten</source>
        <extracomment>how long the current row must stay current before its detail is loaded (ms) &quot;Preview as if forgotten&quot;: [(preference_type, pattern, scope), …] of the selection the detail pane now shows this key (None: nothing selected / gone) a forget finished; the argument is the receipt milliseconds from the last filter change to its rows being shown (for benchmarks)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="104"/>
        <source>Show in the Preview tab the memory block as it would be without the selected patterns; nothing is changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="110"/>
        <location filename="../../gui/tabs/inspector/view.py" line="119"/>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="112"/>
        <source>Reload the preferences from the store (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="133"/>
        <source>Number of preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="134"/>
        <source>How many preferences match the filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/view.py" line="158"/>
        <source>Preferences and details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tab_places.py" line="45"/>
        <location filename="../../gui/tabs/inspector/view.py" line="215"/>
        <source>Inspector</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KeptPanel</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="76"/>
        <source>Used in this retrieval:</source>
        <extracomment>Show in Inspector: the preference&apos;s key Forget…: the preference&apos;s key (the Inspector asks and erases; :meth:`set_busy` meanwhile)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="79"/>
        <source>Preferences used in this retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="80"/>
        <source>The preferences this retrieval put into the prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="84"/>
        <source>Forg&amp;et…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="86"/>
        <source>Erase the selected preference and its evidence (asks first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="87"/>
        <source>Show in &amp;Inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="89"/>
        <source>Open the Inspector on the selected preference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="108"/>
        <source>Forget…</source>
        <extracomment>Open Design&apos;s names of projects by id (set with the Diagnostics tab&apos;s projects)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="111"/>
        <source>Show in Inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/kept.py" line="140"/>
        <source>Stored as {key}, strength {strength}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Keyboard</name>
    <message>
        <location filename="../../gui/keyboard.py" line="63"/>
        <source>&amp;Copy</source>
        <extracomment>the key that opens a context menu on every platform&apos;s keyboard convention (besides the Menu key) a second request this soon after a menu opened, while it is open, is the same key press</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/keyboard.py" line="68"/>
        <source>Copy the selected rows as text (Ctrl+C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/keyboard.py" line="99"/>
        <source>Actions for the selection</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Labels</name>
    <message>
        <location filename="../../services/retrieval/labels.py" line="22"/>
        <source>switches and pauses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="23"/>
        <source>project and global memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="24"/>
        <source>strength and status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="25"/>
        <source>your ratings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="26"/>
        <source>how many fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="27"/>
        <source>balance of likes and dislikes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="28"/>
        <location filename="../../services/retrieval/labels.py" line="29"/>
        <source>variety of kinds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="30"/>
        <source>length of the block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="31"/>
        <source>what was used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="35"/>
        <source>temporary conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="36"/>
        <source>memory switched off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="37"/>
        <source>using paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="38"/>
        <source>project uses no memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="39"/>
        <source>project leaves out global memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="40"/>
        <source>project leaves out its own memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="41"/>
        <source>project&apos;s own preference wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="42"/>
        <source>too weak or not settled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="43"/>
        <source>nothing strong enough</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="44"/>
        <source>lowered by a rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="45"/>
        <source>narrowed by a rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="46"/>
        <source>too many</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="47"/>
        <source>too many of one side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="48"/>
        <source>added for balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="49"/>
        <source>too many of one kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="50"/>
        <source>added for variety</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="51"/>
        <source>block too long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="52"/>
        <source>used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="56"/>
        <source>Open Design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="57"/>
        <source>command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="58"/>
        <source>this window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="59"/>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="60"/>
        <source>self-test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="64"/>
        <source>generation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="65"/>
        <source>critique</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="66"/>
        <source>older block format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="71"/>
        <source>explicit tag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="72"/>
        <source>manual refinement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="73"/>
        <source>repeated acceptance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="74"/>
        <source>thumbs up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="75"/>
        <source>thumbs down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="76"/>
        <source>single rejection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="77"/>
        <source>abandoned generation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="78"/>
        <source>revert after edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="79"/>
        <source>pairwise comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="80"/>
        <source>rating of a retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/labels.py" line="81"/>
        <source>imported from the prototype</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LiftSkipsDialog</name>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="21"/>
        <source>Lift and import again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="22"/>
        <source>Lift what left events out and import again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="26"/>
        <source>Lift the block on {pattern} and import {name} again?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="30"/>
        <source>Turn learning back on in project {project} and import {name} again?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="34"/>
        <source>Lift what kept events of {name} out, and import it again?</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/dialogs/lift_skips.py" line="44"/>
        <source>Lift the block on {type} {pattern} (%n event(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/dialogs/lift_skips.py" line="53"/>
        <source>Learn from project {project} again (%n event(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="66"/>
        <source>A lifted pattern can be learned again and its words are kept in diffs again. Each lift and switch is written to the activity log. The import is a merge: only the events that were skipped come in ({n} events at most).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="80"/>
        <source>&amp;Lift and import again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="81"/>
        <source>Lift what is ticked, then import the file again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/lift_skips.py" line="83"/>
        <source>Keep the blocks and switches as they are</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LogFileLine</name>
    <message>
        <location filename="../../gui/widgets/log_line.py" line="22"/>
        <source>Program log file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/log_line.py" line="30"/>
        <source>Program log (warnings and errors): {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/log_line.py" line="31"/>
        <source>Attach this file, and the older ones beside it, to a problem report</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gui/main_window.py" line="73"/>
        <source>Creative Memory Studio</source>
        <extracomment>a pass of a tab&apos;s refresh has ended: the tab&apos;s key and when the pass began (``time.time()``); what the tab shows is the store as of then (how live refresh is measured, decision 0060) closing this window ends the program (the program&apos;s own window, not a test&apos;s): its close leaves the process&apos;s memory to the process&apos;s end (``GuiCollector.release``)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="94"/>
        <source>Sections</source>
        <extracomment>the tabs whose refresh runs (the key), and whether it was asked for again meanwhile</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tab_places.py" line="66"/>
        <source>{title} (Ctrl+{n})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="225"/>
        <source>Store: {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="275"/>
        <source>Updating preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="277"/>
        <source>The rules that turn your reactions into preferences have changed. Re-deriving every preference from the raw events…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="287"/>
        <source>Could not re-derive the preferences; they are shown as stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="297"/>
        <source>No store open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="428"/>
        <source>There is nothing to search on this tab: Ctrl+3 searches preferences in the Inspector, Ctrl+4 retrievals in Diagnostics.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="435"/>
        <source>● Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="435"/>
        <source>○ Not live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="437"/>
        <source>Changes made by Open Design appear here within a second or two.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="439"/>
        <source>The store cannot be read right now; the view is not updating.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="446"/>
        <source>Working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="454"/>
        <source>Bringing memory up to today: {done} of {total} preferences aged by the time passed…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryActions</name>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="88"/>
        <source>Could not turn creative memory on.</source>
        <extracomment>an action changed the memory status; the argument is the new MemoryStatus</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="90"/>
        <source>Could not turn creative memory off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="125"/>
        <source>Could not pause creative memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="146"/>
        <source>Could not resume creative memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="161"/>
        <source>The folder {path} could not be opened in a file manager; open it by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="184"/>
        <source>Running the checks…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="190"/>
        <location filename="../../gui/tabs/overview/actions.py" line="191"/>
        <source>The self-test could not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="209"/>
        <source>Rebuilding preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="210"/>
        <source>Re-deriving every preference from the raw events…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="241"/>
        <source>Could not rebuild the preferences.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="247"/>
        <source>Rebuilt {n} preferences from {e} events in {s:.1f} s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="270"/>
        <source>Loading demo data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="271"/>
        <source>Generating the demo data set ({size})…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/actions.py" line="295"/>
        <source>Could not load the demo data.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryCard</name>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="54"/>
        <source>Creative &amp;memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="56"/>
        <source>Creative memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="57"/>
        <source>Turn creative memory on or off. Off keeps what is stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="60"/>
        <source>&amp;Pause…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="61"/>
        <source>Pause learning and/or using for a while</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="67"/>
        <source>R&amp;esume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="68"/>
        <source>End the pause now: learn and use again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="77"/>
        <source>When on, Open Design learns your style from how you react to the work it generates (what you accept, refine, rate or revert) and adds it to the next prompt as a “Creative memory” block. When off, nothing is learned and nothing is added; what is already stored is kept.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryNotesCheck</name>
    <message>
        <location filename="../../gui/memory_notes.py" line="22"/>
        <source>Show memor&amp;y notes in chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/memory_notes.py" line="26"/>
        <source>Show memory notes in chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/memory_notes.py" line="29"/>
        <source>After each generation, Open Design shows one short line such as “memory: 7 preferences used; 2 capped”, which opens that retrieval here. Off by default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/memory_notes.py" line="46"/>
        <source>This store is read-only, so this cannot be changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/memory_notes.py" line="67"/>
        <source>Could not change memory notes.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MissedDialog</name>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="43"/>
        <source>Name what was missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="46"/>
        <source>Name a preference this retrieval should have used. Memory learns it as if you had tagged it yourself in this retrieval&apos;s project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="57"/>
        <source>Kind of preference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="58"/>
        <source>What the preference is about, such as layout or typography</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="61"/>
        <source>e.g. layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="64"/>
        <source>e.g. airy_spacing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="65"/>
        <source>What was missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="66"/>
        <source>The preference itself, in a few words or as memory names it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="67"/>
        <source>&amp;Prefer it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="69"/>
        <source>You want this in your designs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="70"/>
        <source>A&amp;void it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="72"/>
        <source>You want this kept out of your designs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="83"/>
        <source>&amp;Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="85"/>
        <source>&amp;Missed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="89"/>
        <source>Polarity:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="93"/>
        <source>&amp;Rate as missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="96"/>
        <source>Tell memory this retrieval should have used it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="98"/>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="124"/>
        <source>Name the kind of preference, such as layout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/missed.py" line="126"/>
        <source>Name what was missed, such as airy_spacing.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <location filename="../../gui/visible.py" line="69"/>
        <source>Project id: {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="70"/>
        <source>{name} (project id: {id})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="80"/>
        <source>{name} (stored as {raw})</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/view.py" line="285"/>
        <source>This store is read-only, so this cannot be changed: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/view.py" line="286"/>
        <source>no change can be made.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OverviewText</name>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="27"/>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="39"/>
        <source>until you resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="40"/>
        <source>until {when}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="48"/>
        <source>Off — nothing is learned and nothing is added to prompts. What is stored is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="56"/>
        <source>Paused — learning and using — {until}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="59"/>
        <source>Paused — learning {l_until}, using {u_until}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="66"/>
        <source>On, but learning is paused {until}; what is remembered is still used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="70"/>
        <source>On, but using is paused {until}; learning goes on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="73"/>
        <source>On — learning from your reactions and adding what it learned to prompts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="82"/>
        <source>your global preferences are not used there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="84"/>
        <source>what was learned in it is not used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="86"/>
        <source>nothing new is learned there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="87"/>
        <source>{project}: {what} (see Projects).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="89"/>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="101"/>
        <source>Baseline: with memory on, a probe preference is injected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="104"/>
        <source>Memory off returns nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="105"/>
        <source>Using paused returns nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="106"/>
        <source>A disabled project returns nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="107"/>
        <source>A project without global memory gets only its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="110"/>
        <source>A project without its own memory gets only global memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="113"/>
        <source>Your settings are unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="120"/>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="121"/>
        <source>medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/text.py" line="122"/>
        <source>low</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PassphraseDialog</name>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="45"/>
        <source>Encrypt the export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="45"/>
        <source>Passphrase needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="50"/>
        <source>Choose a passphrase of at least {n} characters. Without it the export cannot be opened, so keep it somewhere safe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="54"/>
        <source>This file is encrypted. Enter the passphrase it was exported with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="84"/>
        <source>Passphrase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="85"/>
        <source>The passphrase (hidden as you type)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="89"/>
        <source>Repeat the passphrase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="90"/>
        <source>Type the same passphrase again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="91"/>
        <source>S&amp;how the passphrase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="92"/>
        <source>Show the characters instead of dots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="93"/>
        <source>Show the passphrase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="98"/>
        <source>&amp;Remember it in the system keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="100"/>
        <source>Remember the passphrase in the system keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="104"/>
        <source>Keep the passphrase in the keychain so importing this file on this computer does not ask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="110"/>
        <source>No system keychain was found, so it cannot be remembered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="116"/>
        <source>&amp;Passphrase:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="120"/>
        <source>Repe&amp;at:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="133"/>
        <source>&amp;Encrypt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="133"/>
        <source>&amp;Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="134"/>
        <source>Use this passphrase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="136"/>
        <source>Go back without a passphrase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="154"/>
        <source>Enter a passphrase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="157"/>
        <source>The passphrase is too short: use at least {n} characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/passphrase.py" line="161"/>
        <source>The two passphrases do not match; type the same passphrase twice.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PauseDialog</name>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="143"/>
        <location filename="../../gui/dialogs/pause.py" line="144"/>
        <source>Pause creative memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="149"/>
        <source>A pause ends by itself at the time you choose; you can also resume earlier.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="181"/>
        <source>How long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="185"/>
        <source>For &amp;1 hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="185"/>
        <source>Pause for one hour from now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="186"/>
        <source>For &amp;2 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="186"/>
        <source>Pause for two hours from now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="188"/>
        <source>Until &amp;tomorrow, 08:00</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="189"/>
        <source>Pause until eight in the morning tomorrow (local time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="191"/>
        <source>For 1 &amp;week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="191"/>
        <source>Pause for seven days from now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="192"/>
        <source>Until I &amp;resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="192"/>
        <source>Pause with no end; resume it yourself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="194"/>
        <source>Until a &amp;date and time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="195"/>
        <source>Pause until the date and time you choose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="216"/>
        <source>Pause until (date and time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="218"/>
        <source>The local date and time when the pause ends by itself; type the digits or pick a day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="340"/>
        <source>Learning and using will stay paused until you resume.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="341"/>
        <source>Learning will stay paused until you resume.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="342"/>
        <source>Using will stay paused until you resume.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="345"/>
        <source>Learning and using will be paused until {when}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="346"/>
        <source>Learning will be paused until {when}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="347"/>
        <source>Using will be paused until {when}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="226"/>
        <source>What to pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="231"/>
        <source>&amp;Both learning and using</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="232"/>
        <source>Nothing new is learned and nothing is added to prompts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="235"/>
        <source>&amp;Learning only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="236"/>
        <source>Keep using what is remembered, but learn nothing new from your work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="239"/>
        <source>&amp;Using only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="240"/>
        <source>Keep learning, but add nothing to Open Design&apos;s prompts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="261"/>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="263"/>
        <source>Start the pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="264"/>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="266"/>
        <source>Close without pausing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/pause.py" line="331"/>
        <source>The end of the pause must be in the future; choose a later date and time.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PreferenceList</name>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="96"/>
        <source>Nothing learned yet.</source>
        <extracomment>the selected rows changed (not while a reload puts them back) the current row changed (not while a reload puts it back) a reload put the selection back; True when it was a refresh (the scroll position kept too)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="112"/>
        <source>Preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="113"/>
        <source>Learned preferences; select rows to see details, Delete forgets them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="147"/>
        <source>Right-click a column title to show the stored values as columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="271"/>
        <source>Nothing learned yet. Preferences appear here as Open Design sees what you accept, refine, tag or reject.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="277"/>
        <source>Every preference is archived (not seen for 180 days).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="278"/>
        <source>Show archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="278"/>
        <source>Also show archived preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="280"/>
        <source>No preference matches these filters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="282"/>
        <source>Clear filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="282"/>
        <source>Remove every filter and show all preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="291"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="293"/>
        <source>1 preference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="295"/>
        <source>{n} preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/inspector/selection.py" line="298"/>
        <source>{count} · {n} selected</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PreferenceTableModel</name>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="76"/>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="77"/>
        <source>Pattern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="78"/>
        <source>Polarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="79"/>
        <source>Strength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="80"/>
        <source>Tier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="81"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="82"/>
        <source>Sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="83"/>
        <source>Accepts / rejects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="84"/>
        <source>Last seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="85"/>
        <source>Decay due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="86"/>
        <source>Last injected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="98"/>
        <source>The kind of preference (typography, color, layout …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="101"/>
        <source>What was learned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="102"/>
        <source>Positive: wanted; negative: to avoid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="74"/>
        <source>Preference</source>
        <extracomment>the columns a new window hides (a person shows them from the header&apos;s context menu) the columns that show a name (untrusted text: readable form, controls visible, bidi isolated)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="75"/>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="92"/>
        <source>What you prefer or avoid (sorts by what it names)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="95"/>
        <source>Everywhere, or only in the project it was learned in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="105"/>
        <source>How strong the preference is: faint, moderate or strong (a number from 0 to 1 in the tooltip; added to prompts from 0.40)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="110"/>
        <source>Confidence tier: low below 0.35, high above 0.65</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="113"/>
        <source>Stable, under review (recently contradicted) or archived (not seen for 180 days)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="117"/>
        <source>The kinds of signal that built it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="118"/>
        <source>How many signals accepted and rejected it (sorts by accepts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="121"/>
        <source>When a signal last named it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="122"/>
        <source>When it weakens next if nothing names it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="125"/>
        <source>When it was last put into a generation prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="134"/>
        <source>global</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="135"/>
        <source>positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="136"/>
        <source>negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="137"/>
        <source>low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="138"/>
        <source>medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="139"/>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="140"/>
        <source>stable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="141"/>
        <source>under review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="142"/>
        <source>archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="143"/>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="144"/>
        <location filename="../../gui/itemmodels/preference_columns.py" line="174"/>
        <source>everywhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="151"/>
        <source>strong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="152"/>
        <source>moderate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="153"/>
        <source>faint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="160"/>
        <source>Avoids {pattern}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="162"/>
        <source>Prefers {pattern}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/preference_columns.py" line="175"/>
        <source>in {project} only</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PreviewRender</name>
    <message>
        <location filename="../../gui/tabs/preview/render.py" line="124"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/render.py" line="126"/>
        <source>1 token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/render.py" line="128"/>
        <source>{n} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/render.py" line="131"/>
        <source>Personal memory: {p} · Creative memory: {c}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PreviewTab</name>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="60"/>
        <source>Generation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="61"/>
        <source>Critique</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="62"/>
        <source>Legacy ([MEMORY CONTEXT])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="127"/>
        <location filename="../../gui/tabs/preview/view.py" line="261"/>
        <source>No project</source>
        <extracomment>the Inspector&apos;s selection handed over by &quot;Preview as if forgotten&quot;: (type, pattern[, scope])</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="134"/>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="135"/>
        <source>Compose the prefix as Open Design would for a generation in this project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="143"/>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="145"/>
        <source>Generation (preferences first), critique (things to avoid first) or the prototype&apos;s legacy [MEMORY CONTEXT] format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="149"/>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="151"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="151"/>
        <source>Copy the exact prefix text to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="152"/>
        <source>R&amp;ecompose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="156"/>
        <source>Recompose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="157"/>
        <source>Compose the prefix again from the store now (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="160"/>
        <source>&amp;Project:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="162"/>
        <source>&amp;Mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="172"/>
        <source>As if &amp;forgotten (Inspector selection)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="176"/>
        <source>As if forgotten (Inspector selection)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="177"/>
        <source>Show the prefix as if the preferences selected in the Inspector were forgotten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="179"/>
        <source>As if this project were &amp;disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="181"/>
        <source>As if this project were disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="182"/>
        <source>As if without &amp;global memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="186"/>
        <source>As if this project did not use global memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="189"/>
        <source>What if:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="200"/>
        <source>What-if notice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="203"/>
        <source>Why there is no Creative memory block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="206"/>
        <source>Personal memory warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="224"/>
        <source>Composed prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="225"/>
        <source>The memory part of the prompt, as Open Design would send it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="231"/>
        <source>Token estimates: 4 characters a token, as the engine counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="234"/>
        <source>Preview status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tab_places.py" line="47"/>
        <location filename="../../gui/tabs/preview/view.py" line="256"/>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="281"/>
        <source>Choose a project first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="286"/>
        <source>Show the prefix as if these preferences were forgotten: {names}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="291"/>
        <source>Select preferences in the Inspector first; this shows the prefix as if they were forgotten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="362"/>
        <source>In this what-if: {sentence}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/view.py" line="370"/>
        <source>Personal memory: some entries were skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="10"/>
        <source>Show the prefix as if this project used no memory at all (both “Use …memory” switches off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="13"/>
        <source>Show the prefix as if “Use global memory in this project” were off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="93"/>
        <source>Copied {n} characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="95"/>
        <source> — exactly what the model gets, including control or direction characters (shown as symbols here); check the text before pasting it into a terminal.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PreviewWhatif</name>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="33"/>
        <source>this project were disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="35"/>
        <source>this project did not use global memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="40"/>
        <source>the Inspector selection were forgotten (nothing is selected there)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="46"/>
        <source>{names} were forgotten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="52"/>
        <source>{n} selected preferences were forgotten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="56"/>
        <source>What-if preview — nothing has changed. This is the prefix as if {what}; the store is untouched and this preview is not recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/preview/whatif.py" line="60"/>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProgressDialog</name>
    <message>
        <location filename="../../gui/dialogs/progress.py" line="57"/>
        <source>How much of the work is done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/progress.py" line="63"/>
        <source>Stop; what was done so far is undone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/progress.py" line="64"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/progress.py" line="97"/>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Projects</name>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="15"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="16"/>
        <source>The project&apos;s name in Open Design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="19"/>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="20"/>
        <source>The project id used in events and on the command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="23"/>
        <source>Use global memory in this project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="24"/>
        <source>On: your global preferences are added to this project&apos;s prompts. Off: they are not (client or NDA work); the project&apos;s own preferences still are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="31"/>
        <source>Use this project&apos;s memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="32"/>
        <source>On: the preferences learned in this project are added to its prompts. Off: they are not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="38"/>
        <source>Learn from this project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="39"/>
        <source>On: reactions to this project&apos;s work feed memory. Off: its work is not learned from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="45"/>
        <source>Preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="46"/>
        <source>Preferences learned for this project only (project scope)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="51"/>
        <source>Last activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/project_words.py" line="52"/>
        <source>When the newest memory event of this project happened</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProjectsModel</name>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="172"/>
        <source>On</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="172"/>
        <source>Off</source>
        <extracomment>the roles :meth:`ProjectsModel.data` may answer (None for any other, at once) the columns from &quot;preferences&quot; on show these fields (the events in a tooltip), and no other does (project id, field &quot;use_global_memory&quot; | &quot;use_memory&quot; | &quot;learn_from_project&quot;, new value)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="178"/>
        <location filename="../../gui/itemmodels/projects.py" line="184"/>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="178"/>
        <location filename="../../gui/itemmodels/projects.py" line="184"/>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="179"/>
        <source>{what} is {state} for {project}. Click or press Space to switch it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="183"/>
        <source>{what}: {state}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="190"/>
        <source>(known from events only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="196"/>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="215"/>
        <source>{shown}: Open Design&apos;s project list does not have this project; memory events name it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="219"/>
        <source>No memory events yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/projects.py" line="221"/>
        <source>{n} project-scoped preferences; {e} events</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProjectsTab</name>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="82"/>
        <location filename="../../gui/tabs/projects/view.py" line="329"/>
        <source>No projects yet. Projects appear here when Open Design creates them or when memory events name them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="113"/>
        <source>Switch off “Use global memory in this project” to keep your general preferences out of a project&apos;s prompts (client or NDA work), “Use this project&apos;s memory” to leave out what was learned there, “Learn from this project” to keep its work out of memory. All are reversible and take effect at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="124"/>
        <source>Filter by name or id…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="126"/>
        <source>Filter projects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="128"/>
        <source>Show the projects whose name or id contains these words (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="131"/>
        <source>&amp;Filter:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="135"/>
        <source>Number of projects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tab_places.py" line="44"/>
        <location filename="../../gui/tabs/projects/view.py" line="152"/>
        <location filename="../../gui/tabs/projects/view.py" line="184"/>
        <source>Projects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="154"/>
        <location filename="../../gui/tabs/projects/view.py" line="281"/>
        <source>Click a switch or press Space on it to change it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="198"/>
        <source>Preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="204"/>
        <source>Last activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="276"/>
        <source>This store is read-only, so the switches cannot be changed: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="337"/>
        <source>No project matches “{text}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="339"/>
        <source>&amp;Clear the filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="339"/>
        <source>Show every project again</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/projects/view.py" line="344"/>
        <source>%n project(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="346"/>
        <source>{shown} of {n} projects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/projects/view.py" line="381"/>
        <source>Could not change “{name}”; the switch was put back.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RateActions</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="48"/>
        <source>Rate this retrieval:</source>
        <extracomment>a sentence for the tab&apos;s message line: what a rating did, or why it was not stored</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="52"/>
        <source>&amp;Helped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="54"/>
        <source>Too mu&amp;ch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="56"/>
        <source>Missed somethin&amp;g…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="58"/>
        <source>&amp;Not relevant here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="64"/>
        <source>Why rating is not possible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="90"/>
        <source>A dry run is recorded nowhere, so it cannot be rated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="91"/>
        <source>Select a recorded retrieval to rate it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="94"/>
        <source>This retrieval was for a temporary conversation, which memory neither uses nor learns from, so it cannot be rated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="98"/>
        <source>This store is read-only, so a rating cannot be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="108"/>
        <source>This retrieval put nothing into the prompt; only something it missed can be named.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="111"/>
        <source>Select a preference it used, then say it was not relevant here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="118"/>
        <source>Rated helped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="120"/>
        <source>What memory put into this prompt helped: it leans a little more on those preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="125"/>
        <source>Rated too much</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="127"/>
        <source>This prompt got more memory than it needed: this project&apos;s prompts of this kind get fewer preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="133"/>
        <source>Rate the selected preference not relevant here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="135"/>
        <source>The selected preference did not belong in this project&apos;s prompts: it is used less here, and as before everywhere else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="141"/>
        <source>Name what this retrieval missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="142"/>
        <source>Name a preference this retrieval should have used (asks which)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="222"/>
        <source>Retrieval #{id} was not rated. {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="236"/>
        <source>The same rating was given a moment ago.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="237"/>
        <source>The preference it names is blocked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="238"/>
        <source>Memory is off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="239"/>
        <source>Learning is paused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="240"/>
        <source>This project does not feed memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="242"/>
        <source>Retrieval #{id} was not rated: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="246"/>
        <source>Retrieval #{id} rated helped: the preferences it used count a little more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="249"/>
        <source>Retrieval #{id} rated too much: its project gets fewer preferences in prompts of this kind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="252"/>
        <source>{pattern} rated not relevant in retrieval #{id}: it is used less in this project, and as before everywhere else.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/rate.py" line="256"/>
        <source>{pattern} named as missed by retrieval #{id}: memory learns it as a tag you gave.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Reasons</name>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="102"/>
        <source>no project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="106"/>
        <source>project {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="115"/>
        <source>this project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="123"/>
        <source>using memory is paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="125"/>
        <source>using memory was paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="129"/>
        <source>using memory is paused until you resume it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="131"/>
        <source>using memory was paused until you resume it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="134"/>
        <source>using memory is paused until {when}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="136"/>
        <source>using memory was paused until {when}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="157"/>
        <source>it was strong and stable enough, and there was room for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="161"/>
        <source>creative memory is switched off (the “Creative memory” switch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="163"/>
        <source>creative memory was switched off (the “Creative memory” switch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="171"/>
        <source>the conversation is temporary, so memory is neither used nor fed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="175"/>
        <source>the conversation was temporary, so memory was neither used nor fed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="181"/>
        <source>{name} uses neither global memory nor its own (both switches are off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="185"/>
        <source>{name} uses neither global memory nor its own (both switches were off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="192"/>
        <source>its strength {strength:.2f} was below the {threshold:.2f} threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="199"/>
        <source>it was under review, because it was contradicted in several sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="205"/>
        <source>it was archived after {days} days without a signal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="209"/>
        <source>it was not stable then</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="212"/>
        <source>its confidence was low (only medium and high confidence are used)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="220"/>
        <source>only {types} preferences were asked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="223"/>
        <source>its type was not asked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="226"/>
        <source>{cap} stronger preferences filled the {cap} places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="231"/>
        <source>at most {slots} things to avoid fit beside the preferences kept, and stronger ones took those places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="243"/>
        <source>at most {cap} preferences of one type ({type}) are used, and stronger ones took those places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="251"/>
        <source>at most {cap} preferences of one type are used, and stronger ones took those places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="262"/>
        <source>the project-override line may use at most half of the {budget}-token budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="270"/>
        <source>the block had used {used} of its {budget} tokens, and this one did not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="277"/>
        <source>the block reached its budget of {budget} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="282"/>
        <source>{name} has its own preference for the same pattern, which is used instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="288"/>
        <source>it was learned after that generation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="290"/>
        <source>no preference is strong and stable enough yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="293"/>
        <source>of a reason this version does not describe ({code})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="323"/>
        <source>Open Design has not used creative memory for {project} yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="327"/>
        <source>Open Design has not used creative memory in a generation yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="333"/>
        <source>Used in the last generation for {where} ({when}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="338"/>
        <source>Not used in the last generation for {where} ({when}): {because}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/reasons.py" line="366"/>
        <source>Nothing is injected: {because}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="33"/>
        <source>positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="35"/>
        <source>negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="59"/>
        <source>Kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="61"/>
        <source>Kept {label} (strength {strength:.2f}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="67"/>
        <source>{n} {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="75"/>
        <source>{count} left out by the lifecycle filter: {parts}. Among them: {sample}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="81"/>
        <source>{count} left out by the lifecycle filter: {parts}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="91"/>
        <source>{total} preferences were eligible; the {cap} strongest fill the {cap} places. Next in line: {next}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="99"/>
        <source>{total} preferences were eligible; the {cap} strongest fill the {cap} places.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="109"/>
        <source>Places freed by a ceiling went to {what}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="116"/>
        <source>Left out: {cut}: {because}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="122"/>
        <source>Left out {what}: {because}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="133"/>
        <source>Lowered here: {label} was rated not relevant in this project and mode (strength {strength:.2f}, here {score:.2f}), so it was left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="141"/>
        <source>Lowered here: {label} was rated not relevant in this project and mode (strength {strength:.2f}, here {score:.2f}); still kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="150"/>
        <source>Narrowed here: rated too much in this project and mode, so preferences need {threshold:.2f} instead of {usual:.2f}; {count} left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="164"/>
        <source>Global {label} not used: {because}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="168"/>
        <source>{count} more global preferences not used: {because}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="171"/>
        <source>Nothing injected: {because}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="201"/>
        <source>below the {threshold:.2f} strength threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="205"/>
        <source>not stable (under review or archived)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="207"/>
        <source>of low confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/retrieval/event_reasons.py" line="209"/>
        <source>of a type not asked for</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReceiptDialog</name>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="41"/>
        <source>project {project}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="45"/>
        <source>global</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="47"/>
        <source>everywhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="50"/>
        <source>prefer only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="50"/>
        <source>avoid only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="69"/>
        <source>Deletion receipt — Creative Memory Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="90"/>
        <location filename="../../gui/dialogs/receipt.py" line="154"/>
        <source>Verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="90"/>
        <source>Not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="92"/>
        <source>Reset and verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="92"/>
        <source>Reset, but not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="95"/>
        <source>Forgotten and verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="95"/>
        <source>Forgotten, but not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="122"/>
        <source>Patterns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="126"/>
        <source>What was erased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="129"/>
        <source>… and {n} more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="134"/>
        <source>Learned preferences erased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="135"/>
        <source>Events deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="137"/>
        <source>Events with the pattern removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="138"/>
        <source>Diagnostics erased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="142"/>
        <source>Blocked from being learned again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="143"/>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="143"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="147"/>
        <source>yes — a byte search of the database files found no trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="149"/>
        <source>no — a byte search still found {n} occurrence(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="153"/>
        <source>no — see the notes below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="156"/>
        <source>Backup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="159"/>
        <source>Time taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="160"/>
        <source>{ms} ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="180"/>
        <source>The write-ahead log could not be emptied (another program holds the store open); old page images may remain until Open Design closes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="188"/>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="195"/>
        <source>Close the receipt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/receipt.py" line="196"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplaceDialog</name>
    <message>
        <location filename="../../gui/replace.py" line="25"/>
        <source>Replace the file? — Creative Memory Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/replace.py" line="29"/>
        <source>{name} already exists. Replace it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/replace.py" line="34"/>
        <source>Its contents will be lost. The new file is written completely before the old one is replaced.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/replace.py" line="40"/>
        <source>Replace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResetActions</name>
    <message>
        <location filename="../../gui/tabs/overview/reset.py" line="91"/>
        <source>Back up creative memory to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/reset.py" line="103"/>
        <source>The backup could not be written, so nothing was erased.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/reset.py" line="109"/>
        <source>Resetting creative memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/reset.py" line="109"/>
        <source>Erasing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/reset.py" line="123"/>
        <source>The reset did not finish.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResetDialog</name>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="49"/>
        <location filename="../../gui/dialogs/reset.py" line="50"/>
        <source>Reset creative memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="80"/>
        <source>Erase all creative memory?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="88"/>
        <source>• {n} learned preferences (every tier, including archived ones)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="91"/>
        <source>• {n} raw events they were learned from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="92"/>
        <source>• {n} recorded retrievals and their {d} stage diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="97"/>
        <source> of user “{user}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="98"/>
        <source>This erases, for good,{who}:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="102"/>
        <source>The store is then compacted and searched to prove nothing recoverable remains. The activity log keeps one line saying a reset happened. Open Design&apos;s own projects and chats are not touched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="112"/>
        <source>Also reset &amp;settings: the switch, pauses, project switches and the blocklist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="115"/>
        <source>Also reset settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="117"/>
        <source>Unchecked, your switches and blocked patterns stay as they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="122"/>
        <source>E&amp;xport a backup first, to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="124"/>
        <source>Export a backup first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="126"/>
        <source>Write everything to a file (readable only by you) before erasing; import it to undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="131"/>
        <source>Backup file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="132"/>
        <source>Where the backup is written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="133"/>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="134"/>
        <source>Choose the backup file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="135"/>
        <source>Choose where the backup is written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="147"/>
        <source>Type RESET to confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="148"/>
        <source>Type the word RESET in capitals to enable the Reset button</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="149"/>
        <source>&amp;Type RESET to confirm:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="160"/>
        <source>Close without erasing anything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="161"/>
        <source>&amp;Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="164"/>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="165"/>
        <source>Erase all creative memory now (type RESET first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/reset.py" line="186"/>
        <source>Choose a file for the backup, or uncheck “Export a backup first”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RetrievalFilters</name>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="47"/>
        <source>Temporary conversation</source>
        <extracomment>diagnostic event types (engine notes), in stage order, with the label the filter shows (the Diagnostics tab&apos;s RetrievalFilters translates it)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="48"/>
        <source>Memory off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="49"/>
        <source>Using paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="50"/>
        <source>Project ignores memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="51"/>
        <source>Project override suppression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="52"/>
        <source>Below threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="53"/>
        <source>Lowered here by a rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="54"/>
        <source>Narrowed here by a rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="55"/>
        <source>Hard cap applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="56"/>
        <source>Polarity ceiling applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="57"/>
        <source>Polarity backfill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="58"/>
        <source>Category ceiling applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="59"/>
        <source>Category backfill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="60"/>
        <source>Token budget exceeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="61"/>
        <source>Kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="25"/>
        <source>Open Design (daemon)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="26"/>
        <source>Command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="27"/>
        <source>Recorded here (Diagnostics)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="28"/>
        <source>Preview (older versions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="29"/>
        <source>Self-test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="36"/>
        <source>All origins</source>
        <extracomment>how long the time bounds must stay put before the list follows them (ms) a filter changed: the list should follow now</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="40"/>
        <source>Origin filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="40"/>
        <source>Show retrievals made by this caller only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="45"/>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="233"/>
        <source>All projects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="50"/>
        <source>Project filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="50"/>
        <source>Show retrievals for this project only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="54"/>
        <source>Any event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="60"/>
        <source>Event type filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="61"/>
        <source>Show only retrievals in which a stage emitted this diagnostic event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="66"/>
        <source>Search by pattern, type or project…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="70"/>
        <source>Search retrievals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="71"/>
        <source>Show retrievals that name this pattern, type or project (Ctrl+F); Escape clears</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="74"/>
        <source>C&amp;lear filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="76"/>
        <source>Clear filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="76"/>
        <source>Show every recorded retrieval again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="81"/>
        <source>&amp;Origin:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="82"/>
        <source>&amp;Project:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="83"/>
        <source>E&amp;vent:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="84"/>
        <source>&amp;Search:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="94"/>
        <source>&amp;From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="98"/>
        <source>Filter from a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="99"/>
        <source>Show only retrievals at or after this time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="102"/>
        <source>From time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="102"/>
        <source>The earliest time to show (local time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="103"/>
        <source>&amp;Until</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="106"/>
        <source>Filter up to a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="106"/>
        <source>Show only retrievals up to this time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="111"/>
        <source>To time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/filters.py" line="112"/>
        <source>The latest time to show (local time, the whole minute)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RetrievalList</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="51"/>
        <source>Retrievals</source>
        <extracomment>the current retrieval changed: its RecordedRetrieval, or None when none is current &quot;Clear filters&quot; in the empty state</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="54"/>
        <source>Recorded retrievals, newest first; select one to see its stage events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="72"/>
        <source>How many retrievals are shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="87"/>
        <source>No retrieval matches these filters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="88"/>
        <source>Clear filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="88"/>
        <source>Show every recorded retrieval again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="92"/>
        <source>No retrievals recorded yet. Open Design records one each time it adds Creative memory to a prompt; “Run a retrieval now” records one from here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="103"/>
        <source>%n retrievals loaded — scroll down for more</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="105"/>
        <source>{n} retrievals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/retrievals.py" line="107"/>
        <source>1 retrieval</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RetrievalsModel</name>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="65"/>
        <source>temporary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="66"/>
        <source>memory off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="67"/>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="68"/>
        <source>project off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="69"/>
        <source>nothing eligible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="82"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="83"/>
        <source>Origin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="84"/>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="85"/>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="86"/>
        <source>Kept +/−</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="87"/>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="88"/>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="115"/>
        <source>(no project)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="145"/>
        <source>{pos} preferred, {neg} avoided ({high} high, {medium} medium)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/diagnostics.py" line="166"/>
        <source>Estimated tokens of the Creative memory block (4 characters a token)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunActions</name>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="53"/>
        <location filename="../../gui/tabs/diagnostics/run.py" line="123"/>
        <source>No project (global only)</source>
        <extracomment>a dry run was shown nowhere yet: its summary and its stage events (the engine&apos;s DiagEvents) a recorded retrieval is in the reloaded list: its id (select it)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="60"/>
        <source>Project to retrieve for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="61"/>
        <source>The project the retrieval runs for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="67"/>
        <source>Block format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="67"/>
        <source>Which prompt block format to build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="68"/>
        <source>&amp;Dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="72"/>
        <source>Dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="73"/>
        <location filename="../../gui/tabs/diagnostics/run.py" line="134"/>
        <source>Run the engine and show its stage events here without recording anything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="76"/>
        <location filename="../../gui/tabs/diagnostics/run.py" line="145"/>
        <source>&amp;Run (dry run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="80"/>
        <source>Run a retrieval now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="81"/>
        <source>Retrieve for the chosen project now; a recorded run appears at the top of the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="83"/>
        <source>E&amp;xport…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="85"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="85"/>
        <source>Save the filtered list as JSON or CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="87"/>
        <source>Run a retrieval now:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="96"/>
        <source>Pro&amp;ject:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="99"/>
        <source>&amp;Mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="109"/>
        <source>Last action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="130"/>
        <source>This store is read-only: a retrieval can only be a dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="145"/>
        <source>&amp;Run a recorded retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="155"/>
        <source>The retrieval could not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="179"/>
        <source>kept +{pos} / −{neg}, {tokens} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="183"/>
        <source>Dry run (not recorded) · {where} · {mode} · {kept}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="191"/>
        <source>Dry run for {where}: {kept}. Nothing was recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="195"/>
        <source>Recorded retrieval #{id} for {where}: {kept}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="199"/>
        <source>The current filters hide it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="208"/>
        <source>Export retrievals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="212"/>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="212"/>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/run.py" line="227"/>
        <source>The retrievals could not be exported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/tabs/diagnostics/run.py" line="234"/>
        <source>Exported %n retrievals to {path}.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="32"/>
        <source>Generation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="33"/>
        <source>Critique</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/diagnostics/common.py" line="34"/>
        <source>Legacy format</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Scripts</name>
    <message>
        <location filename="../../gui/visible.py" line="124"/>
        <source>Greek</source>
        <extracomment>the scripts whose look-alike letters are named in a word that mixes them with Latin ones (``model.inert.mixed_scripts_marked``: ``FLAT DESIGΝ[Greek]``), in the window&apos;s language</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="125"/>
        <source>Cyrillic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="126"/>
        <source>Armenian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/visible.py" line="127"/>
        <source>Cherokee</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <location filename="../../services/keychain/secret_status.py" line="29"/>
        <source>The key that keeps your blocked patterns unreadable is in the system keychain ({backend}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/keychain/secret_status.py" line="44"/>
        <source>The key that keeps your blocked patterns unreadable is in a file only you can read, {path}: it was made before this computer had a system keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/keychain/secret_status.py" line="54"/>
        <source>No system keychain was found; the key that keeps your blocked patterns unreadable is in a file only you can read, {path}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/keychain/secret_status.py" line="64"/>
        <source>Others could read that file, so it was made readable only by you.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SelfTest</name>
    <message>
        <location filename="../../services/selftest.py" line="103"/>
        <source> Your settings were set aside for the test and put back.</source>
        <extracomment>the translation context of what a check says to a person what was seen in a person&apos;s words, which the window translates (``detail`` stays the wire form and the command line&apos;s words)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="116"/>
        <source>With memory on, a test preference is added to the prompt.{then}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="130"/>
        <source>A test preference was not added to the prompt even with memory on, so the switches cannot be proven.{then}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="302"/>
        <source>Nothing was added to the prompt; the test run is listed in Diagnostics.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="306"/>
        <source>Something was still added to the prompt ({n} characters).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="323"/>
        <source>Your settings are as they were.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="325"/>
        <source>Your settings changed during the test; check them here and in Projects.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="337"/>
        <source>More than the switch allows was added to the prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="342"/>
        <source>Only what was learned in the project was added to the prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../services/selftest.py" line="346"/>
        <source>Only your global preferences were added to the prompt.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SelfTestCard</name>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="39"/>
        <source>Self-test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="44"/>
        <source>Proves the gates: with memory off, using paused or a project disabled, a retrieval returns nothing. Your settings are put back exactly as they were.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="51"/>
        <source>Run sel&amp;f-test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="52"/>
        <source>Run the checks now (takes a moment)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="58"/>
        <source>Reb&amp;uild from events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="59"/>
        <source>Re-derive every preference from the raw events (shows progress; can be cancelled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="64"/>
        <source>Self-test result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="67"/>
        <source>Self-test checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="109"/>
        <source>passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="109"/>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="132"/>
        <source>✓ All {n} checks passed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="135"/>
        <source>✗ {bad} of {n} checks failed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StageEventsModel</name>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="58"/>
        <source>Stored as:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="76"/>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="77"/>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="78"/>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="79"/>
        <source>Preference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="107"/>
        <source>Stored as stage {code}</source>
        <extracomment>Open Design&apos;s names of projects by id (a project&apos;s preference says &quot;in Brand refresh only&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="109"/>
        <source>Stored as {code}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/itemmodels/stage_events.py" line="81"/>
        <source>What happened</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StartWindow</name>
    <message>
        <location filename="../../gui/startwindow.py" line="30"/>
        <source>Creative Memory Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/startwindow.py" line="36"/>
        <source>Opening your creative memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/startwindow.py" line="45"/>
        <source>Opening Creative Memory Studio</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreCard</name>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="233"/>
        <source>Where it is stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="238"/>
        <source>Data folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="240"/>
        <source>How the folder was chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="242"/>
        <source>Store file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="244"/>
        <source>Keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="246"/>
        <source>Where the install secret (used for blocked patterns) is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="248"/>
        <source>Folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="249"/>
        <source>Why here:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="250"/>
        <source>Store:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="251"/>
        <source>Keychain:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="254"/>
        <source>&amp;Open folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="255"/>
        <source>Show the data folder in the file manager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="261"/>
        <source>C&amp;hange…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="262"/>
        <source>Every store found on this computer, or a folder of your choosing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="268"/>
        <source>Mo&amp;ve to this program&apos;s folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="269"/>
        <source>This store is in the first release&apos;s folder, which Open Design may use later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="305"/>
        <source>{name} — read-only: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="309"/>
        <source>{name} — demo data only; Open Design never reads it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="312"/>
        <source>{name} — shared with Open Design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/cards.py" line="317"/>
        <source>{name} — no Open Design data was found in this folder</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreDialog</name>
    <message>
        <location filename="../../gui/dialogs/store.py" line="53"/>
        <source>first release&apos;s folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="62"/>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="63"/>
        <source>Channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="64"/>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="65"/>
        <source>Last write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="66"/>
        <source>Open Design&apos;s tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="74"/>
        <location filename="../../gui/dialogs/store.py" line="75"/>
        <source>Where creative memory is stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="79"/>
        <source>Stores found on this computer. The one you pick is remembered for the window and od-memory; OD_DATA_DIR and --data-dir still come first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="108"/>
        <source>Stores found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="125"/>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="127"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="123"/>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="86"/>
        <source>Open Design&apos;s store was not found on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="142"/>
        <source>&amp;Use this store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="144"/>
        <source>Open the selected store and remember it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="145"/>
        <source>Choose a &amp;folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="146"/>
        <source>Pick the folder that holds app.sqlite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="201"/>
        <source>Choose the folder that holds app.sqlite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="240"/>
        <source>Could not use that folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="254"/>
        <source>Move the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="255"/>
        <source>This store is in the folder the first release used, which Open Design may use later. Move it to this program&apos;s own folder? It is copied, checked, and only then removed here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="266"/>
        <source>&amp;Move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="281"/>
        <source>Could not move the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="297"/>
        <source>Create the data folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="298"/>
        <source>The data folder
{folder}
({how}) does not exist: perhaps its disk is not attached, or the name has a typo. Create it there now, or quit and change nothing?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="308"/>
        <source>Create it &amp;here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="335"/>
        <source>Creative memory keeps its own tables (creative_memory_*) in Open Design&apos;s store:
{store}

They are added now. Open Design&apos;s own tables are not changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="341"/>
        <source>Creative memory&apos;s tables in
{store}
are upgraded from schema {old} to {new}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="347"/>
        <source>Prepare the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="350"/>
        <source>A backup copy of the store is made beside it first (only the latest copy is kept).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="359"/>
        <source>&amp;Continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/dialogs/store.py" line="311"/>
        <location filename="../../gui/dialogs/store.py" line="361"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StrengthChart</name>
    <message>
        <location filename="../../gui/widgets/chart.py" line="66"/>
        <source>Strength over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="68"/>
        <source>How the strength changed with each signal; the dashed line is the injection threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="104"/>
        <source>positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="104"/>
        <source>negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="108"/>
        <source>No strength history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="119"/>
        <source>{polarity}: {n} points, from {first:.2f} on {d0} to {last:.2f} on {d1}, highest {top:.2f}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="143"/>
        <source>{date} {strength:.2f}</source>
        <extracomment>at most this many points per series are read out (the events list holds every one)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="152"/>
        <source> (the last {n} of {total})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="157"/>
        <source>{polarity} strength{more}: {items}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="206"/>
        <source>No strength history yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/widgets/chart.py" line="328"/>
        <source>injected above {value:.2f}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SwitchDelegate</name>
    <message>
        <location filename="../../gui/tabs/projects/switches.py" line="52"/>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TransferActions</name>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="67"/>
        <source>Export creative memory</source>
        <extracomment>the last import that blocks or a project&apos;s switch left events out of: its file, its passphrase and its result, so that &quot;Lift and import again&quot; can import it again the system keychain holds secrets (the tab says so): an export may remember its passphrase</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="114"/>
        <source>Could not export creative memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="117"/>
        <source>Exported {events} events ({prefs} preferences) to {path}{enc}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="121"/>
        <source>, encrypted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="128"/>
        <source>The passphrase is remembered in the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="130"/>
        <source>The passphrase could not be remembered: no system keychain is available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="141"/>
        <source>Save a report of creative memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="184"/>
        <source>Could not save the report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="187"/>
        <source>Saved the report to {path}, locked: it opens in a browser with the passphrase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="189"/>
        <source>Saved the report to {path}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="199"/>
        <source>Import creative memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="234"/>
        <source>{name} is encrypted. Enter the passphrase it was exported with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="238"/>
        <source>The passphrase remembered in the keychain for this file is filled in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="370"/>
        <source>Could not lift the blocks or switches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="226"/>
        <location filename="../../gui/tabs/overview/transfer.py" line="293"/>
        <location filename="../../gui/tabs/overview/transfer.py" line="317"/>
        <source>Could not import {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="253"/>
        <source>This passphrase does not open {name}: it is wrong, or the file was changed after export. Type the passphrase again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="296"/>
        <source>Nothing was imported from {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="300"/>
        <source>Importing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/transfer.py" line="300"/>
        <source>Importing {name}…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TransferCard</name>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="144"/>
        <source>Export and import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="149"/>
        <source>Move memory between computers without a cloud. Exports are readable only by you; encrypt them to carry them safely. Import also reads the prototype&apos;s preferences.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="156"/>
        <source>E&amp;xport…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="157"/>
        <source>Write all creative memory to a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="161"/>
        <source>E&amp;ncrypt with a passphrase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="163"/>
        <source>Encrypt with a passphrase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="165"/>
        <source>Ask for a passphrase and encrypt the export, the reset&apos;s backup and the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="169"/>
        <source>&amp;Import…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="170"/>
        <source>Merge or replace memory from an exported file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="176"/>
        <source>Save &amp;a report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="177"/>
        <source>Write one printable page of everything memory knows about you, to read or to share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="182"/>
        <source>Last export or import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="186"/>
        <source>Lift and import a&amp;gain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/tabs/overview/tool_cards.py" line="188"/>
        <source>Lift the blocks or turn on the projects&apos; learning that left the last import&apos;s events out, then import the file again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WindowBanners</name>
    <message>
        <location filename="../../gui/window_banners.py" line="40"/>
        <source>Memory state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="43"/>
        <source>Demo data notice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="44"/>
        <source>Notice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="57"/>
        <source>&amp;Turn on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="57"/>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="88"/>
        <source>O&amp;K, hide this notice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="105"/>
        <source>Demo data — not your memory. Nothing here is used by Open Design.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/window_banners.py" line="106"/>
        <source>&amp;Back to my memory</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
