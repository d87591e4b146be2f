"""The arithmetic of a ledger export: its parts must add up, and the standings they give.

The second pass of `exports.from_document` (see docs/exports.md), once `ledgercheck` has
found every part whole: each hand against itself and the board before it, the final deal,
then the board, the totals and each player's balance against the history, and the counters
brought in and taken away against what the players and the board hold. A document edited
by hand, or cut short and mended, fails here. `standings` is what `ledger stats` shows for
the exported session, from the same history.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from popejoan_cli.base.errors import Said
from popejoan_cli.base.limits import clip, quoted
from popejoan_cli.formats.ledgercheck import Checker, FinalDeal, Seats


@dataclass
class Ledger:
    """The checked parts the arithmetic joins: seats, boards, history and the declared sums."""

    seats: Seats
    pots: list[str]
    opening: dict[str, int]
    board: dict[str, int]
    hands: list[dict[str, Any]]
    final: FinalDeal | None
    totals: dict[str, int] | None
    brought_in: int
    taken_away: int
    corrections: list[dict[str, Any]] = field(default_factory=list)
    """Past hands corrected (`ledgercheck.corrections`): each moves counters between two players."""


def check(ck: Checker, ledger: Ledger) -> None:
    """Every sum between the parts, each wrong one a problem in `ck`, in the document's order."""
    everyone = ledger.seats.everyone
    known_players = set(everyone)
    prev = dict(ledger.opening)
    nets: dict[str, int] = dict.fromkeys(everyone, 0)
    for h in ledger.hands:
        _hand(ck, h, prev, ledger.pots, known_players)
        for n, v in h["net"].items():
            if n in nets:
                nets[n] += v
        prev = h["board"]
    if ledger.final is not None:
        _final(ck, ledger.final, prev, ledger.pots, nets)
        prev = ledger.final.board
    _corrections(ck, ledger.corrections, nets)
    if prev != ledger.board:
        ck.bad("board", Said("the history leaves {history} on the board, file says {said}", history=_pots(prev),
                             said=_pots(ledger.board)))
    if ledger.totals is not None:
        for n in everyone:
            if ledger.totals[n] != nets[n]:
                ck.bad(f"totals.net.{n}", Said("{player}: history gives {history}, file says {said}", player=n,
                                               history=nets[n], said=ledger.totals[n]))
    _balances(ck, ledger, nets)


def _corrections(ck: Checker, corrections: list[dict[str, Any]], nets: dict[str, int]) -> None:
    """Each correction of a past hand added to the nets: a transfer between two players of the ledger."""
    for i, c in enumerate(corrections):
        _transfer(ck, f"corrections[{i}]", Said("a correction names {payer} → {payee}, not players of this ledger",
                                                payer=quoted(c["from"]), payee=quoted(c["to"])),
                  nets, c["from"], c["to"], c["counters"])


def _transfer(ck: Checker, where: str, refused: str, moves: dict[str, int], payer: str, payee: str,
              amount: int) -> None:
    """`amount` moved from `payer` to `payee` in `moves` (a hand's payment, a correction), or, where either is
    not among them, the problem `refused` at `where`."""
    if payer not in moves or payee not in moves:
        ck.bad(where, refused)
        return
    moves[payer] -= amount
    moves[payee] += amount


def _hand(ck: Checker, h: dict[str, Any], before: Mapping[str, int], pots: list[str], known: set[str]) -> None:
    """One hand: its players, its nets from the dressing, awards and payments, and its board."""
    place, net = h["place"], h["net"]
    for n in net:
        if n not in known:
            ck.bad(f"{place}.net.{clip(n, 40)}", Said("{name} is not a player of this ledger", name=quoted(n)))
    if h["dealer"] not in net:
        ck.bad(f"{place}.dealer", Said("{name} is not in the hand", name=quoted(h["dealer"])))
    moves, pot_moves = _moves(ck, h, pots)
    for n, v in net.items():
        if moves.get(n) != v:
            ck.bad(f"{place}.net.{clip(n, 40)}",
                   Said("{player}: dressing, awards and payments give {moves}, file says {said}", player=clip(n, 40),
                        moves=moves.get(n), said=v))
    # The board: what was on it, plus the dressing, less the awards (pot by pot, dressing in total).
    before_total, after_total = sum(before.values()), sum(h["board"].values())
    expect_total = before_total + sum(h["dressed"].values()) + sum(pot_moves.values())
    if expect_total != after_total:
        ck.bad(f"{place}.board", Said("the board should hold {expected} after the hand, file says {said}",
                                      expected=expect_total, said=after_total))


def _moves(ck: Checker, h: dict[str, Any], pots: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """What a hand's dressing, awards and payments move: per player, and out of each pot."""
    place, net, dressed = h["place"], h["net"], h["dressed"]
    moves = {n: -dressed[n] for n in net}
    pot_moves = dict.fromkeys(pots, 0)
    for a in h["awards"]:
        if a["player"] not in net or a["pot"] not in pot_moves:
            ck.bad(f"{place}.awards", Said("an award names {player} / pot {pot}, not of this hand",
                                           player=quoted(a["player"]), pot=quoted(a["pot"])))
            continue
        moves[a["player"]] += a["amount"]
        pot_moves[a["pot"]] -= a["amount"]
    for p in h["payments"]:  # `moves` holds the hand's players, as `net` does
        _transfer(ck, f"{place}.payments", Said("a payment names {payer} → {payee}, not of this hand",
                                                payer=quoted(p["from"]), payee=quoted(p["to"])),
                  moves, p["from"], p["to"], p["amount"])
    for f in h["fed"]:
        if f["player"] not in net or f["pot"] not in pot_moves:
            ck.bad(f"{place}.fed", Said("counters put on a pot name {player} / pot {pot}, not of this hand",
                                        player=quoted(f["player"]), pot=quoted(f["pot"])))
            continue
        moves[f["player"]] -= f["amount"]
        pot_moves[f["pot"]] += f["amount"]
    return moves, pot_moves


def _final(ck: Checker, final: FinalDeal, before: Mapping[str, int], pots: list[str], nets: dict[str, int]) -> None:
    """The final deal: its players, its awards against its nets, and the board it leaves."""
    for n, v in final.net.items():
        if n not in nets:
            ck.bad(f"final.net.{clip(n, 40)}", Said("{name} is not a player of this ledger", name=quoted(n)))
        else:
            nets[n] += v
    for a in final.awards:
        if a["player"] not in final.net or a["pot"] not in pots:
            ck.bad("final.awards", Said("an award names {player} / pot {pot}, not of the final deal",
                                        player=quoted(a["player"]), pot=quoted(a["pot"])))
    won = sum(a["amount"] for a in final.awards)
    if sum(final.net.values()) != won:
        ck.bad("final.net", Said("the final deal's awards give {won}, its nets {nets}", won=won,
                                 nets=sum(final.net.values())))
    if sum(before.values()) - won != sum(final.board.values()):
        ck.bad("final.board", Said("the board should hold {expected} after the final deal, file says {said}",
                                   expected=sum(before.values()) - won, said=sum(final.board.values())))


def _balances(ck: Checker, ledger: Ledger, nets: dict[str, int]) -> None:
    """Each player's balance against the history; the counters in and out against what is held."""
    names, everyone = ledger.seats.names, ledger.seats.everyone
    brought_in, taken_away, opening = ledger.brought_in, ledger.taken_away, sum(ledger.opening.values())
    rows = {r["name"]: r for r in [*ledger.seats.seated, *ledger.seats.departed]}
    for n in everyone:
        r = rows[n]
        expect = r["brought_in"] - r["taken_away"] + nets[n]
        if expect != r["balance"]:
            gone = everyone.index(n) - len(names)
            where = f"players[{names.index(n)}].balance" if n in names else f"departed[{gone}]"
            ck.bad(where, Said("{player}: history gives {history}, file says {said}", player=n, history=expect,
                               said=r["balance"]),
                   Said("brought in {brought}, taken away {taken}, won or lost {net}", brought=r["brought_in"],
                        taken=r["taken_away"], net=nets[n]))
    if sum(r["brought_in"] for r in rows.values()) + opening != brought_in:
        players_in = sum(r["brought_in"] for r in rows.values())
        ck.bad("brought_in", Said("the players brought in {players} and the board {board}, file says {said}",
                                  players=players_in, board=opening, said=brought_in) if opening else
               Said("the players brought in {players}, file says {said}", players=players_in, said=brought_in))
    if sum(r["taken_away"] for r in rows.values()) != taken_away:
        ck.bad("taken_away", Said("the players took away {players}, file says {said}",
                                  players=sum(r["taken_away"] for r in rows.values()), said=taken_away))
    held = sum(r["balance"] for r in ledger.seats.seated) + sum(ledger.board.values())
    if held != brought_in - taken_away:
        ck.bad("board", Said("players and board hold {held}, but {brought} were brought in and {taken} taken away "
                             "({left})", held=held, brought=brought_in, taken=taken_away, left=brought_in - taken_away))


def _pots(board: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in board.items()) or Said("nothing")


def standings(seats: Seats, hands: list[dict[str, Any]], final: FinalDeal | None,
              final_dealer: str = "", corrections: list[dict[str, Any]] | None = None) -> dict[str, dict[str, Any]]:
    """What `ledger stats` shows for the exported session, from its hand-by-hand history.

    The final clearing deal counts as a deal of `final_dealer`: the document's `next_dealer`, whose deal it
    was (the final deal passes the deal on to nobody), as `ledger stats` counts it at the table.

    The balance after each hand is counted back from where each player ended (his balance,
    or what he took away when he left), so a player who left and came back is charted
    approximately; every other number is exact.
    """
    everyone, seated = seats.everyone, seats.names
    rows = {r["name"]: r for r in [*seats.seated, *seats.departed]}
    final_net = final.net if final is not None else {}
    end = {n: rows[n]["balance"] if n in seated else rows[n]["taken_away"] for n in everyone}
    total = dict.fromkeys(everyone, 0)
    for h in hands:
        for n, v in h["net"].items():
            total[n] += v
    for n, v in final_net.items():
        total[n] += v
    for c in corrections or []:  # a past hand corrected: in the net, not in any hand's row
        total[c["from"]] -= c["counters"]
        total[c["to"]] += c["counters"]
    out = {n: {"hands": 0, "net": total[n], "balance": rows[n]["balance"], "won": {}, "first_out": 0,
               "dealt": 0, "balances": []} for n in everyone}
    running = {n: end[n] - total[n] for n in everyone}
    for h in hands:
        for n, v in h["net"].items():
            running[n] += v
            st = out[n]
            st["hands"] += 1
            st["dealt"] += h["dealer"] == n
            st["first_out"] += h["out"] == n
            st["balances"].append(running[n])
        _add_awards(out, h["awards"])
    _add_final(out, final, final_dealer)
    for n, v in final_net.items():
        running[n] += v
        out[n]["balances"].append(running[n])
    return out


def _add_final(out: dict[str, dict[str, Any]], final: FinalDeal | None, dealer: str) -> None:
    """The final clearing deal in the standings: its awards, and a deal for its dealer."""
    if final is None:
        return
    _add_awards(out, final.awards)
    if dealer in out:
        out[dealer]["dealt"] += 1


def _add_awards(out: dict[str, dict[str, Any]], awards: list[dict[str, Any]]) -> None:
    for a in awards:
        won = out[a["player"]]["won"]
        won[a["pot"]] = won.get(a["pot"], 0) + a["amount"]
