"""Shared by the pages: DOM helpers, views, files, storage, the worker."""
