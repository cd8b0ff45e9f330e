"""The shipped environment folders; each subfolder is one environment, discovered at import."""
