"""The site's build steps (scripts/setup.sh runs them) and the local server behind ./scripts/serve."""
