"""The protocol and its two sides: the engine interface, the message schemas, an engine's
process, the client, the server, and the adapters' common pieces."""
