"""Ruleset plug-ins. Each sub-package registers one game with the kernel."""
