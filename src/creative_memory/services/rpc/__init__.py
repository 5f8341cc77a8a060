"""What `od-memory serve` answers the Open Design daemon: the JSON-RPC methods (`host.Host`)."""
