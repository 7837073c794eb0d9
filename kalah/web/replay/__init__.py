"""The replay page; its viewer is also the embed's."""
