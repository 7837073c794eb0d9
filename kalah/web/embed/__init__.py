"""The embedded replay (embed.html)."""
