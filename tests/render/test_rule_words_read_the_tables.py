"""`rules show` reads what it does not decide from where it is written once (render/rule_words.py).

Which keys do nothing, and why, come from `game.inert` (the table `rules check` warns from): each section's
line "Not used with these rules: ..." names exactly the keys `inert.unused_keys` gives, each after its
entry's words, and the sentences said only where a key counts follow the same table, so `rules show` and
`rules check` never disagree (`play.pass_pot` takes the fines of improper leads under `play.improper_lead =
"pay-board"`, though nothing is paid for passing). Which rules say what may be led come from the lead law
(`game.laws`): a rule added to it that rules show has no sentence for is named by its citation, through the
render function and through `popejoan rules show` on a rule file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import Cli, rules_with
from popejoan_cli.base.records import replace
from popejoan_cli.formats.presets import PRESET_ORDER, preset
from popejoan_cli.game.inert import unused_keys
from popejoan_cli.game.laws import extended, law_of
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.render import i18n
from popejoan_cli.render.rule_words import choices_in_words
from toy_rules import TOY, RedFirst

NOT_USED = re.compile(r"Not used with these rules: (.*)\.$")
NOTE = re.compile(r"([a-z_.]+(?:, [a-z_.]+)*) \(([^()]*)\)")


def sentences(rules: HouseRules, lang: str = "en") -> list[str]:
    i18n.use(lang)
    try:
        # The typesetting's no-break spaces read as spaces: these tests read the words
        return [s.replace("\u00a0", " ") for _, said in choices_in_words(rules) for s in said]
    finally:
        i18n.use("en")


def named_unused(rules: HouseRules) -> dict[str, str]:
    """Each key `rules show` names as not used, with the words after it."""
    found: dict[str, str] = {}
    for sentence in sentences(rules):
        line = NOT_USED.match(sentence)
        if line is None:
            continue
        notes = NOTE.findall(line.group(1))
        assert "; ".join(f"{keys} ({why})" for keys, why in notes) == line.group(1), sentence
        for keys, why in notes:
            for key in keys.split(", "):
                assert key not in found, f"{key} is named twice"
                found[key] = why
    return found


COMBINATIONS = [
    *((name, {}) for name in PRESET_ORDER),
    ("modern-stops", {"play__improper_lead": "pay-board", "play__pass_pot": "game"}),
    ("hoyle", {"play__improper_lead": "pay-each", "play__improper_penalty": 3}),
    ("michigan", {"play__pass_pays": 1, "play__no_new_suit": "same-suit", "turnup__pope_limit": 2}),
    ("modern-stops", {"deal__spare_hand": False, "deal__exchange_bar": "pot-card", "play__pope_stakes": 2}),
    ("newmarket", {"stakes__payer": "dealer", "final__deal": "holders", "settle__pope_exempt": "card"}),
    ("russian", {"final__deal": "none", "play__pairs": "split", "turnup__pope_limit": 2}),
]


@pytest.mark.parametrize(("name", "keys"), COMBINATIONS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(COMBINATIONS)])
def test_the_keys_named_not_used_are_the_tables_with_its_words(name: str, keys: dict[str, object]) -> None:
    rules = rules_with(name, **keys)
    assert named_unused(rules) == {e.key: str(e.because) for e in unused_keys(rules)}


def test_the_pass_pot_that_takes_the_fines_is_not_called_unused() -> None:
    """The disagreement rule_words once had with game/inert.py: with no payment for passing, the pass pot still
    takes the fines of improper leads under pay-board."""
    fined = rules_with("modern-stops", play__improper_lead="pay-board", play__pass_pot="king")
    said = " ".join(sentences(fined))
    assert "play.pass_pot" not in said
    assert ("A lead that breaks these rules is allowed, but when the hand ends its leader puts 1 counter on King."
            in said)
    refused = rules_with("modern-stops", play__pass_pot="king")  # improper leads refused: nothing goes on it
    assert named_unused(refused)["play.pass_pot"] == "no counters go on that pot"


def test_a_fine_where_no_lead_can_be_improper_is_not_said_and_is_named_unused() -> None:
    rules = rules_with("hoyle", play__improper_lead="pay-each")
    assert law_of(rules) == ()
    assert not any("breaks these rules" in s for s in sentences(rules))
    assert named_unused(rules)["play.improper_lead"] == "no lead rule to break"
    assert ("При этих правилах ни на что не влияют: play.no_new_suit (масть менять не нужно); play.improper_lead "
            "(нет правила хода, которое можно нарушить).") in sentences(rules, "ru")


# ---------------------------------------------------------------------------------- a rule of the lead law
OTHER_RULES = "Other rules on what may be led: play.red_first = true."


def test_a_lead_rule_with_no_sentence_of_its_own_is_named_by_its_citation() -> None:
    rules = rules_with("hoyle", play__improper_lead="pay-each")
    toy_rules = replace(rules, values={**rules.values, "name": TOY})
    assert OTHER_RULES not in sentences(toy_rules)  # not while the rule is not in the law
    with extended(RedFirst()):
        said = sentences(toy_rules)
        play = next(s for title, s in choices_in_words(toy_rules) if title == "Play")
        assert said.count(OTHER_RULES) == 1 and OTHER_RULES in play
        # the lead law is no longer empty: a lead can break it, so its fine is said and not called unused
        assert ("A lead that breaks these rules is allowed, but when the hand ends its leader pays 1 counter to "
                "each other player.") in said
        assert "play.improper_lead" not in named_unused(toy_rules)
        assert "Ещё правила о том, с какой карты можно ходить: play.red_first = true." in sentences(toy_rules, "ru")
        assert OTHER_RULES not in sentences(rules)  # another rule set does not set it
    # The rules the sentences already describe are not named again.
    assert not any(s.startswith("Other rules on what may be led") for name in PRESET_ORDER
                   for s in sentences(preset(name)))


def test_rules_show_on_a_rule_file_names_the_toy_rule(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "toy.toml"
    path.write_text(f'name = "{TOY}"\n[play]\nlead = "any"\n', encoding="utf-8")
    assert "red_first" not in cli.ok("rules", "show", str(path)).stdout
    with extended(RedFirst()):
        out = " ".join(cli.ok("rules", "show", str(path)).stdout.split())
        assert "A lead may be any card. • " in out and OTHER_RULES in out
        russian = " ".join(cli.ok("rules", "show", str(path), POPEJOAN_LANG="ru").stdout.split())
        assert "Ещё правила о том, с какой карты можно ходить: play.red_first = true." in russian
