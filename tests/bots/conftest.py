"""Puts tests/ on the import path so bot tests can use the shared toy games (`toy_games`)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
