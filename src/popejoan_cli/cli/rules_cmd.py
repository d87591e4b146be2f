"""`popejoan rules list|show|check|new|diff`: read, check, write and compare house rules.

Fast start-up matters (`rules list --json` is run by scripts), so this module imports only
typer and the CLI helpers at the top; the rules core, rich and `render.rule_views` are imported
inside the commands that need them. `--json` paths never import rich. At a Russian table
`list` and `show` speak Russian (the words are in `render.rule_words` and `render.rule_views`), and so
do `check`'s and `diff`'s own lines and `new`'s note on stderr; the file `new` writes is English.
`check` warns on stderr of keys that do nothing in their combination (`game.inert`), at their lines.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from popejoan_cli.base.visible import shown
from popejoan_cli.cli import command, console, emit_json, rules_app

if TYPE_CHECKING:
    from popejoan_cli.base.errors import Problem
    from popejoan_cli.game.rules import HouseRules

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON on stdout instead of a table.")]


def plain(data: Any) -> Any:
    """JSON-ready data: cards in file form (`8D`), never as the integers they are inside."""
    from popejoan_cli.game.cards import Card

    if isinstance(data, Card):
        return str(data)
    if isinstance(data, dict):
        return {k: plain(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [plain(v) for v in data]
    return data


def differences(a: HouseRules, b: HouseRules) -> list[tuple[str, Any, Any]]:
    """Every key of `HouseRules.flat()` whose values differ; a key one side lacks gives None."""
    fa, fb = plain(a.flat()), plain(b.flat())
    keys = [*fa, *(k for k in fb if k not in fa)]
    return [(k, fa.get(k), fb.get(k)) for k in keys if k not in fa or k not in fb or fa[k] != fb[k]]


@command(rules_app, "list")
def list_rules(as_json: JsonOpt = False) -> None:
    """List the presets: name, title and what each one is."""
    from popejoan_cli.formats import presets

    rows = presets.summaries()
    if as_json:
        emit_json([{"name": n, "title": t, "description": d} for n, t, d in rows])
        return
    from popejoan_cli.render import rule_views

    console().print(rule_views.presets_table(rows))


@command(rules_app, "show")
def show(
    spec: Annotated[str, typer.Argument(metavar="NAME|FILE", help="A preset name or a house-rule file.")],
    as_json: JsonOpt = False,
) -> None:
    """Show a rule set as people read it: the board, its stakes, and every choice in words."""
    from popejoan_cli.formats import presets

    rules = presets.load_rules(spec)
    if as_json:
        emit_json(plain(rules.to_dict()))
        return
    from popejoan_cli.render import rule_views

    console().print(rule_views.rules_view(rules))


@command(rules_app, "check")
def check(
    # Plain strings: Typer's Path type looks at the disk while parsing and trips on a NUL;
    # the reader says what is wrong with each path.
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="House-rule files to check.")],
    as_json: JsonOpt = False,
) -> None:
    """Check house-rule files; report every problem of every file at once (exit 5 if any)."""
    # The help above is translated as it stands (help.po); the warnings of keys that do nothing (exit 0) are
    # told in docs/house-rules.md.
    from popejoan_cli.base.errors import DataError
    from popejoan_cli.formats import presets
    from popejoan_cli.formats.rulefile import from_toml
    from popejoan_cli.formats.userfiles import label

    problems: list[Problem] = []
    checked: list[tuple[str, HouseRules, bytes]] = []
    for given in files:
        path = Path(given)
        try:
            data = presets.read_file_bytes(path)
            checked.append((label(path), from_toml(data, label(path)), data))
        except DataError as err:
            problems.extend(err.problems)
    if problems:
        raise DataError(problems)
    warned = [(f, r, inert_warnings(f, r, data)) for f, r, data in checked]
    if as_json:
        # The warnings' words in English, as all JSON is (docs/i18n.md).
        emit_json([{"file": f, "ok": True, "name": r.name, "title": r.title, "pots": len(r.pots),
                    "players": {"min": r.players.min, "max": r.players.max},
                    "warnings": [{"key": w.key, "message": str(w.message)} for w in ws]} for f, r, ws in warned])
        return
    _say_checked(warned)


def inert_warnings(file: str, rules: HouseRules, data: bytes) -> list[Problem]:
    """A warning for each key of `rules` that does nothing in its combination (`game.inert`), at its line of the
    file's `data` as a problem is; the text is scanned for places only when there is something to place."""
    from popejoan_cli.game.inert import inert_keys

    found = inert_keys(rules)
    if not found:
        return []
    from popejoan_cli.base.errors import Problem
    from popejoan_cli.formats.tomlsource import locate, located

    text = data.decode("utf-8")  # it was read as TOML already
    places = locate(text)
    told = []
    for entry in found:
        line, col = places.get(tuple(entry.key.split(".")), (0, 0))
        told.append(Problem(entry.why, entry.key, line, col))
    told.sort(key=lambda p: (p.line, p.col))  # in the file's order, as a reader goes down it
    return located(told, file, text)


def _say_checked(warned: list[tuple[str, HouseRules, list[Problem]]]) -> None:
    """Each file's line on stdout, then its warnings on stderr, in the command's language."""
    from popejoan_cli.cli.common import warn
    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.render.i18n import language, tn

    titled: Callable[[str], str] = str
    if language() != "en":  # a shipped preset's title in this language, as `rules list` gives it
        from popejoan_cli.render.i18n import preset_title

        titled = preset_title
    for file, r, warnings in warned:
        # The file's name, and a title of its own, are the file's words in any language.
        sys.stdout.write(tn("{file}: ok — {title}, {n} pot, {least}–{most} players",
                            "{file}: ok — {title}, {n} pots, {least}–{most} players", len(r.pots),
                            file=shown(str(file)), title=titled(r.title), least=r.players.min, most=r.players.max)
                         + "\n")
        if warnings:
            sys.stdout.flush()  # the file's line before what is said of it, on a terminal that shows both
            warn([w.render(spoken) for w in warnings])


@command(rules_app, "new")
def new(
    base: Annotated[str, typer.Option("--from", metavar="NAME|FILE",
                                      help="The preset (or file) to start from.")] = "modern-stops",
    printed: Annotated[list[str] | None, typer.Option(
        "--from-source", metavar="SOURCE",
        help="A printed source's own rules to lay on it, repeatable: peel, peel-pool, foster, indoor, "
             "peel-newmarket.")] = None,
    output: Annotated[Path | None, typer.Option("-o", "--output", metavar="FILE",
                                                help="Write here instead of stdout (- is stdout).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
) -> None:
    """Write a fully commented house-rule file to start a table's own rules from a preset."""
    from popejoan_cli import cli
    from popejoan_cli.formats import outfiles, presets
    from popejoan_cli.game.printed import with_sources
    from popejoan_cli.render import i18n
    from popejoan_cli.render.rule_template import template

    rules = with_sources(presets.load_rules(base), printed or [])
    if output is not None and str(output) in outfiles.STREAMS:
        output = None
    name = output.stem if output is not None and output.stem else "my-table"
    # A file people keep reads the same whatever language its writer speaks: the template quotes
    # the rule words (`won_by`, `stake_words`), so they are asked for in English; errors are not.
    spoken = i18n.language()
    i18n.use("en")
    try:
        text = template(rules, name, base)
    finally:
        i18n.use(spoken)
    if output is None:
        sys.stdout.write(text)
        return
    outfiles.write_text(output, text, force=force, table=cli.table_override)
    sys.stderr.write(i18n.t("wrote {file} (from {base}); check it with: popejoan rules check {file}",
                            file=shown(str(output)), base=shown(str(base))) + "\n")


@command(rules_app, "diff")
def diff(
    a: Annotated[str, typer.Argument(metavar="A", help="A preset name or a house-rule file.")],
    b: Annotated[str, typer.Argument(metavar="B", help="A preset name or a house-rule file.")],
    as_json: JsonOpt = False,
) -> None:
    """Show where two rule sets differ, key by key."""
    from popejoan_cli.formats import presets

    rules_a, rules_b = presets.load_rules(a), presets.load_rules(b)
    found = differences(rules_a, rules_b)
    if as_json:
        emit_json({"a": rules_a.name, "b": rules_b.name,
                   "differences": [{"key": k, "a": va, "b": vb} for k, va, vb in found]})
        return
    from rich.markup import escape

    from popejoan_cli.render import rule_views
    from popejoan_cli.render.i18n import t

    out = console()
    title_a = rules_a.name if a == rules_a.name else f"{rules_a.name} ({a})"
    title_b = rules_b.name if b == rules_b.name else f"{rules_b.name} ({b})"
    if not found:
        out.print(t("No differences: {a} and {b} are the same rules.", a=escape(title_a), b=escape(title_b)))
        return
    out.print(rule_views.diff_table(rules_a, rules_b, title_a, title_b, found))
