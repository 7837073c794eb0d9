"""The project's tools, run from the repository root as modules (python -m scripts.build.NAME)."""
