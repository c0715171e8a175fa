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
        column = odds_column(sum(c for _, c in live[horse]))
        if column is None:
            continue
        rate = ODDS[place][column - 1]
        for seat, chip in live[horse]:
            pay(seat, horse, f"place{place}", rate * chip * m, chip)
    for seat, chip in live[pacemaker]:
        pay(seat, pacemaker, "pacemaker", PACE_BONUS * chip * m, chip)
    for seat, chip in live[last]:
        pay(seat, last, "last", -min(money[seat], LAST_PENALTY * chip * m), chip)
    return payouts
