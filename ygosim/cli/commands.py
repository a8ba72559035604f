"""Imports every command module so that each registers its commands on ygosim.cli.main.

One line per module; a module that is not there yet is simply not listed.
"""
from . import sim  # noqa: F401
from . import cards  # noqa: F401
from . import match  # noqa: F401
from . import terminal  # noqa: F401
from . import reports  # noqa: F401
from . import web  # noqa: F401
from . import puzzle  # noqa: F401
