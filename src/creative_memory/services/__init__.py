"""What the program does, grouped by what a maintainer looks for; never imports Qt.

Each group's ``__init__`` names its entry points. From the bottom up (a group imports only groups
below it; the import-linter contracts in ``pyproject.toml`` hold this):

- ``common``: errors, the clock, sentences, names and spellings;
- ``engine``: the pure engine: events to preferences, retrieval stages, the prompt block;
- ``location``: where the store is, found without opening it;
- ``store``: opening, migrations, backups, short writes beside the daemon, ``where``;
- ``keychain``: the install secret;
- ``controls``: switches, pauses, projects, notes, status, the activity log;
- ``derivation``: the preference cache kept current (incremental, rebuild, decay);
- ``extract``: pure: a page's style features, the patterns they show and its style digest (it reads
  a named page through the store's held files); ingest extracts the pages events carry;
- ``ingest``: events in, blocks;
- ``retrieval``: memory out, its record and its reasons, the preview;
- ``forget``: forget a pattern or a session, reset, and the proof;
- ``inspection``: what the Inspector, Diagnostics and ``explain`` read;
- ``transfer``: export and import;
- ``demo``: generated memory to try the program on;
- ``rpc``: what ``od-memory serve`` answers the daemon.

Two modules compose groups for the adapters: ``context`` (the store, user and clock a command or
the window holds) and ``selftest``.
"""
