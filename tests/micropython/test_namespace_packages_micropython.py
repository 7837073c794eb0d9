"""The page's MicroPython imports a folder's modules without an __init__ (a namespace package):
the bundles leave out the packages' empty __init__ files (scripts/build/pages.py's module_files)."""

from tests.micropython.runner import needs_micropython, run_micropython

SCRIPT = r'''
import os
import sys
os.mkdir("/bare")
os.mkdir("/bare/inner")
with open("/bare/inner/leaf.py", "w") as handle:
    handle.write("VALUE = 7\n")
sys.path.insert(0, "/")
from bare.inner import leaf
import bare.inner.leaf
print(leaf.VALUE, bare.inner.leaf.VALUE)
'''


@needs_micropython
def test_a_folder_without_init_imports_under_micropython():
    assert run_micropython(SCRIPT) == "7 7\n"
