"""The site's build steps (run by scripts/setup.sh)."""
