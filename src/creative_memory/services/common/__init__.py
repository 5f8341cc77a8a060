"""What every group of services shares: the typed errors (`errors`), the one clock (`clock.now_ms`,
`clock.parse_now`), sentences for people (`sentence.Sentence`), names at the service boundary
(`naming.valid_name`, `naming.optional_project`), how a name is spelled (`spellings`) and the one
rule for a passphrase (`passphrase.check_passphrase`).

Imports nothing else of the program but `model`."""
