import pathlib
import sys

# The shared students' players (bots.py) import as a plain module.
sys.path.insert(0, str(pathlib.Path(__file__).parent))
