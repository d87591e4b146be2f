"""The journal's events as records (`base.records.Record`): every kind pickles and copies to an equal event,
goes to its JSON object and back unchanged, stays frozen, and compares, hashes and shows as a frozen
dataclass did; a malformed object is still refused by name."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest

from popejoan_cli.base.errors import DataError
from popejoan_cli.table import events as E

SAMPLES: list[E.Event] = [
    E.TableOpened(name="t", rules={"name": "russian", "deck": {"removed": ["8D"]}}, rules_name="russian",
                  players=["Ann", "Bob"], counters=50, dealer="Ann"),
    E.TableOpened(name="т", rules={}, rules_name="russian", players=["Аня"], counters=5, dealer="Аня", lang="ru"),
    E.BalancesCarried(balances={"Ann": 3, "Bob": -3}, board={"pope": 2}, session=2, continues="t"),
    E.HistoryCarried(sessions=["s1"], players={"Ann": {"hands": 1, "balances": [1, 2]}}),
    E.HistoryCarried(sessions=["s1"], players={}, dates=["2026-01-01T10:00/2026-01-01T12:00"]),
    E.PlayerJoined(player="Cat", counters=40),
    E.PlayerDescribed(player="Аня", gender="f", forms={"gen": "Ани"}),
    E.ComputerSeated(player="Computer 1", level="good"),
    E.PlayerLeft(player="Cat"),
    E.PaceChosen(speed="step"),
    E.HandDealt(seed=7, dealer="Ann"),
    E.HandDealt(seed="evening", dealer="Bob"),
    E.SpareTaken(player="Ann", price=2),
    E.CardLed(player="Ann", card="9D"),
    E.CardLed(player="Computer 1", card="2C", level="strong", seed=12345),
    E.RealHandDealt(dealer="Ann", turnup=""),
    E.CardPlayed(player="Bob", card="10S"),
    E.StopCalled(),
    E.HandShown(player="Ann", cards=["AS", "2C"]),
    E.VoidDeclared(),
    E.OutDeclared(player="Ann", pope="spare"),
    E.TallyHandDealt(dealer="Ann", turnup="QD"),
    E.PotsPaid(player="Bob", pots=["ace", "king"]),
    E.TallyOut(player="Ann", left={"Bob": 3}, pope=""),
    E.Counted(target="pope", counters=6),
    E.EventVoided(seq=12),
    E.HandCheckpointed(hand=3, balances={"Ann": 1}, board={"game": 0}),
    E.FinalDealt(seed=99),
    E.SessionEnded(),
    E.HandCorrected(hand=3, payer="Cat", payee="Bob", counters=2, by="Ann", why="Bob had 4 cards left, not 6"),
]


def test_the_samples_hold_every_kind() -> None:
    assert {type(e).__name__ for e in SAMPLES} == set(E.KINDS)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_an_event_round_trips_through_pickle_copy_and_json(event: E.Event) -> None:
    for again in (pickle.loads(pickle.dumps(event)), copy.copy(event), copy.deepcopy(event)):
        assert again == event and type(again) is type(event) and hash(repr(again)) == hash(repr(event))
    data = E.to_data(event)
    assert data["type"] == type(event).__name__
    assert E.from_data(json.loads(json.dumps(data))) == event
    assert E.to_data(E.from_data(data)) == data


def test_to_data_copies_the_events_lists_and_dicts_and_leaves_out_defaults() -> None:
    opened = SAMPLES[0]
    assert isinstance(opened, E.TableOpened)
    data = E.to_data(opened)
    assert data == {"type": "TableOpened", "name": "t", "rules": {"name": "russian", "deck": {"removed": ["8D"]}},
                    "rules_name": "russian", "players": ["Ann", "Bob"], "counters": 50, "dealer": "Ann"}
    data["players"].append("Eve")
    data["rules"]["deck"]["removed"].append("7C")
    assert opened.players == ["Ann", "Bob"] and opened.rules["deck"] == {"removed": ["8D"]}
    assert list(data) == ["type", "name", "rules", "rules_name", "players", "counters", "dealer"]
    assert E.to_data(SAMPLES[1])["lang"] == "ru"
    assert "dates" not in E.to_data(SAMPLES[3]) and E.to_data(SAMPLES[4])["dates"]


def test_events_are_frozen_keyword_only_and_compare_like_dataclasses() -> None:
    led = E.CardLed(player="Ann", card="9D")
    with pytest.raises(AttributeError):
        led.card = "10D"  # type: ignore[misc]  # frozen, as the type checker says too
    with pytest.raises(AttributeError):
        del led.player
    with pytest.raises(TypeError):
        E.CardLed("Ann", "9D")  # type: ignore[call-arg]  # keyword-only
    with pytest.raises(TypeError):
        E.CardLed(player="Ann")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        E.CardLed(player="Ann", card="9D", seat=1)  # type: ignore[call-arg]
    assert repr(led) == "CardLed(player='Ann', card='9D', ordinary=False, page=False, level='', seed=0)"
    assert led == E.CardLed(player="Ann", card="9D") and hash(led) == hash(E.CardLed(player="Ann", card="9D"))
    assert led != E.CardPlayed(player="Ann", card="9D") and led != E.CardLed(player="Ann", card="10D")
    assert E.HistoryCarried(sessions=[], players={}).dates == [] and not hasattr(led, "__dict__")
    first, second = E.HistoryCarried(sessions=[], players={}), E.HistoryCarried(sessions=[], players={})
    assert first.dates is not second.dates  # a fresh list each, never one shared default


@pytest.mark.parametrize(("data", "words"), [
    ({"type": "CardLed", "player": "Ann"}, "CardLed has fields"),
    ({"type": "CardLed", "player": "Ann", "card": 9}, "CardLed.card has the wrong type"),
    ({"type": "CardLedd", "player": "Ann", "card": "9D"}, "unknown event type"),
    ({"type": "EventVoided", "seq": True}, "EventVoided.seq has the wrong type"),
])
def test_a_malformed_object_is_refused_by_name(data: dict[str, Any], words: str) -> None:
    with pytest.raises(DataError) as refused:
        E.from_data(data, where="line 3")
    assert words in str(refused.value)
