"""The one dispatch: legal and apply by phase and action, and every legal action of a
state."""
