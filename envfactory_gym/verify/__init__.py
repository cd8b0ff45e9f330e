"""The verification gate: every environment earns its place in the catalog by passing the same checks."""
