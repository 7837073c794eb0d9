"""Page glue: the only part of the package that touches the browser.

Modules here run under MicroPython in PyScript (`from pyscript import ...`);
the rest of `kalah` stays plain Python that CPython tests can import.
"""
