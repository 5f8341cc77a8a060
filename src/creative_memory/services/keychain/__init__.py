"""The install secret in the system keychain, with an honest fallback (`secrets.SecretStore`,
`secrets.passphrase_key`) and what the window says about it (`secret_status`)."""
