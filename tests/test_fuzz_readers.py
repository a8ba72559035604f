"""Every reader, fed hostile input (tests/reader_fuzz.py): a clear error or a result, never a
traceback. A few hundred inputs per reader here; tools/fuzz_readers.py runs thousands."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

import reader_fuzz as F

FUZZ = settings(max_examples=200, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))


@pytest.fixture(autouse=True)
def _store(tmp_path, monkeypatch):
    """Readers that resolve cards see an empty card store of their own."""
    from ygosim.cards import db as cards_db
    monkeypatch.setenv("YGOSIM_HOME", str(tmp_path / "home"))
    cards_db.reset_card_db()
    yield
    cards_db.reset_card_db()


@FUZZ
@given(F.ydk_inputs)
def test_ydk(data):
    F.probe_ydk(data)


@FUZZ
@given(F.ydke_inputs)
def test_ydke(url):
    F.probe_ydke(url)


@FUZZ
@given(F.lflist_inputs)
def test_lflist(data):
    F.probe_lflist(data)


@settings(FUZZ, max_examples=150)
@given(F.scenario_inputs())
def test_scenario(data):
    F.probe_scenario(data)


@settings(FUZZ, max_examples=100)
@given(F.replay_inputs())
def test_replay(item):
    F.probe_replay(item)


@FUZZ
@given(F.cdb_inputs())
def test_cdb(item):
    F.probe_cdb(item)


@FUZZ
@given(F.ygoprodeck_inputs())
def test_ygoprodeck(data):
    F.probe_ygoprodeck(data)


@settings(FUZZ, max_examples=100)
@given(F.cli_inputs)
def test_command_line(item):
    F.probe_cli(item)
