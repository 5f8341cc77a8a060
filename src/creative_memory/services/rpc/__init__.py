"""What `od-memory serve` answers the Open Design daemon: the JSON-RPC methods (`host.Host`), the
params each accepts (`params.RetrieveParams` and the others, checked by `params.parse`) and their
JSON Schema for the daemon (`wire_schema.params_schema`)."""
