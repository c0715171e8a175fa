"""Royal Turf's race payouts (P18–P21), once: the race's end and the lens both use them."""

from __future__ import annotations

from collections.abc import Sequence

from .data import LAST_PENALTY, ODDS, PACE_BONUS
from .view import PayoutRecord

Live = dict[str, list[tuple[int, int]]]
"""Horse -> its paying chips as (seat, value); 0-chips count as no bet (V5)."""


def odds_column(bets: int) -> int | None:
    """The odds-table column (1..5) a horse with ``bets`` bets pays from (P18)."""
    return min(bets, 5) if bets > 0 else None


def place_pay(place: int, bets: int, chip: int, m: int) -> int:
    """What a ``chip`` on a horse with ``bets`` bets in all (chips count their values)
    pays for finishing ``place`` (1–3) in a race of multiplier ``m`` (P18)."""
    column = odds_column(bets)
    assert column is not None, "a paying chip is among the horse's bets"
    return ODDS[place][column - 1] * chip * m


def race_payouts(
    places: Sequence[str], pacemaker: str, last: str, live: Live, money: list[int], m: int
) -> list[PayoutRecord]:
    """Every payout of a race that finished ``places`` (1st to 3rd), in paying order:
    places, then the pacemaker bonus, then the last horse's penalty, times ``m``.

    ``money`` is updated as it goes: the penalty takes at most what a seat holds by then.
    """
    payouts: list[PayoutRecord] = []

    def pay(seat: int, horse: str, reason: str, amount: int, chip: int) -> None:
        money[seat] += amount
        payouts.append(
            {"seat": seat, "horse": horse, "reason": reason, "amount": amount, "chip": chip}
        )

    for place, horse in enumerate(places, start=1):
        bets = sum(c for _, c in live[horse])
        if not bets:
            continue
        for seat, chip in live[horse]:
            pay(seat, horse, f"place{place}", place_pay(place, bets, chip, m), chip)
    for seat, chip in live[pacemaker]:
        pay(seat, pacemaker, "pacemaker", PACE_BONUS * chip * m, chip)
    for seat, chip in live[last]:
        pay(seat, last, "last", -min(money[seat], LAST_PENALTY * chip * m), chip)
    return payouts
