"""Effect Monsters."""
from __future__ import annotations
