"""Imports every command module so that each registers its commands on ygosim.cli.main.

One line per module; a module that is not there yet is simply not listed.
"""
from . import cli_sim  # noqa: F401
from . import cli_cards  # noqa: F401
from . import cli_match  # noqa: F401
from . import terminal  # noqa: F401
from . import cli_reports  # noqa: F401
from . import cli_web  # noqa: F401
from . import cli_puzzle  # noqa: F401
