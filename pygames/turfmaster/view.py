"""TurfMaster's view: what one seat (or the public table) may see, as typed data (spec §9).

Horses are ints 1–8, cards ids such as ``"10b"`` or ``"J12"``, squares ids
``"<lane>-<row>"``. :func:`build_view` makes fresh data on every call: editing a
view never changes the game or the next view. The board's ~1,000 squares are the
same in every state, so a view names the side and :func:`board_squares` gives
them (a fresh copy too).

>>> from pygames.turfmaster import GAME
>>> view = GAME.new_state(["Ann", "Ben"]).view(None)
>>> view["phase"], view["horses_per_player"], view["board"]["side"]
('deal', 3, 'A')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast

from ..core.view import BaseView, ViewParts, view_of_parts, whole_view
from .data import CARD_VALUE, COLOURS, HAND_SIZE, HANDICAP, JOKERS, POINTS, SIDE_NAMES, SIDES

if TYPE_CHECKING:
    from .state import TurfMasterState

Status = Literal["track", "finished", "out"]
"""On the board, placed in this race, or fallen at a hurdle (V1)."""
RoundKind = Literal["card", "dice"]


class TurfMasterOptions(TypedDict):
    """The variant switches of this game (spec §5)."""

    horses_per_player: int  # as chosen: 0 = the default for the table size
    grand_national: bool  # V1: side B with six hurdles
    blind_cards: bool  # V2: cards chosen face down, then revealed
    free_jokers: bool  # V3: a joker's value is chosen 9–12
    quick_race: bool  # V4: a single race


class Square(TypedDict):
    """One square of a board side (spec §1.6) with its place on the drawn oval."""

    id: str
    lane: int
    row: int
    segment: str  # start_straight, curve_1, back_straight, curve_2, home_straight, run_out
    curve: bool
    hurdle: bool
    box: int | None  # the start box on row 0, else None
    past_finish: bool  # row >= F
    straight: str | None  # the square directly in front
    behind: str | None  # the square directly behind
    diag_in: str | None  # the next square of the lane inside
    diag_out: str | None  # the next square of the lane outside
    span: int  # rows the square covers
    lap: float  # row / rows (0 = start boxes)
    x: float  # centre on a stadium oval out of scale: bottom straight left to right,
    y: float  # bend 1 at the right, y grows downwards


class BoardView(TypedDict):
    """The board side in play. Its ~1,000 squares are static data, the same for every
    state, so they are not repeated in every view: :func:`board_squares` gives them."""

    side: Literal["A", "B"]
    name: str
    lanes: int
    finish_row: int  # F: the line lies between rows F-1 and F
    last_row: int
    hurdle_rows: list[int]
    start_boxes: list[str]


class HorseView(TypedDict):
    """One horse, public facts plus its owner's secrets (None for other viewers)."""

    horse: int
    colour: str
    owner: int
    square: str | None  # None when not on the board
    lane: int | None
    row: int | None
    status: Status
    box: int | None  # start box this race
    position: int | None  # this round's snapshot (P3); None off track or between rounds
    limit: int | None  # the handicap of that snapshot
    hand_count: int  # V2: a bonus taken face down is not counted until the reveal
    pile_count: int
    discard: list[str]  # played cards in order (public)
    bonus_available: bool  # the bonus pair not yet taken (V2: others learn at the reveal)
    set_aside_count: int
    chosen: bool  # V2: this horse's face-down choice is made this round
    hand: list[str] | None  # own horses only
    set_aside: list[str] | None  # own horses only
    chosen_card: str | None  # V2: own face-down card; everyone's once revealed, until it moves
    chosen_value: int | None  # V2: what that card moves (a free joker's chosen value, V3)
    useless: list[str] | None  # own number cards above the limit that applies now
    jokers: list[str] | None  # own jokers in hand


class Cap(TypedDict):
    """An occupied top-three position of this round's snapshot and its limit."""

    position: int
    limit: int
    horses: list[int]


class BlindView(TypedDict):
    """V2: the riders choosing face down this card round."""

    queue: list[int]  # horses choosing, in seat order
    index: int  # how many have chosen
    revealed: bool


class PaceChoice(TypedDict):
    """One pace the roller may choose, and the horses it would put over their limit."""

    value: int
    is_sum: bool  # the sum of two different dice (not one die's value)
    over_limit: list[int]  # these horses' owners then pick a die instead (P9)


class DiceView(TypedDict):
    roller: int | None  # seat holding the dice right this round (None before the first)
    d1: int | None  # None before the roll
    d2: int | None
    pace: int | None
    pace_options: list[int]  # after the roll
    pace_choices: list[PaceChoice]  # the same values, with what each means for the field
    last_roller: int | None


# "from" is a Python keyword: this TypedDict is declared in the functional form.
MoveView = TypedDict(
    "MoveView",
    {
        "horse": int,
        "value": int,
        "source": RoundKind,
        "card": str | None,
        "from": str | None,
        "cost": int,  # C*: the points the farthest paths use
        "lost": int,  # value - cost
        "ends": list[str],
        "falls": list[str],  # the ends that are a fall (V1 card round)
    },
)
"""The move waiting for its end square (P14)."""


class CardOption(TypedDict):
    """A card the acting horse may play (V3: a joker once per value) and where it goes."""

    card: str
    value: int
    joker: bool
    too_high: bool  # a number card over the limit: the horse stands still
    cost: int
    ends: list[str]  # where it could end now (V2: squares may change before it moves)


class DieOption(TypedDict):
    value: int
    cost: int
    ends: list[str]


class SelectionView(TypedDict):
    """Between races (P20): the horse setting cards aside."""

    horse: int
    queue: list[int]  # horses still choosing
    keep: int
    to_set_aside: int


class FallView(TypedDict):
    race: int
    round: int
    horse: int
    seat: int
    square: str


class Place(TypedDict):
    place: int
    horse: int
    seat: int
    points: int


class Eliminated(TypedDict):
    horse: int
    seat: int
    round: int
    square: str


class RaceResult(TypedDict):
    """One finished race."""

    race: int
    rounds: int
    places: list[Place]
    eliminated: list[Eliminated]
    points: list[int]  # per seat, this race
    totals: list[int]  # meeting totals after it
    boxes: list[int]  # the next race's start boxes


class Tie(TypedDict):
    """Riders level on points at the end, and which step of the chain (§4.2) settled
    their order: ``"place"`` (more ``at``-th places, 1–4), ``"race"`` (the better best
    horse in race ``at``), or ``None`` with ``at`` 0: level on every step, a shared place."""

    seats: list[int]
    points: int
    decided_by: Literal["place", "race"] | None
    at: int
    ahead: list[int]  # the group's best-ranked seats


class TurfMasterView(BaseView[RaceResult]):
    """The whole table as one viewer may see it.

    ``phase``: "deal" | "start_order" | "card" | "blind" | "roll" | "pace" | "die" |
    "end" | "select" | "over"; ``private_turn`` is true at a card turn, a blind choice
    or a selection (they show a hand); ``holds_secrets`` during the public parts of a
    race (roll, pace, die, end square), when a rider may look at their hands again.
    """

    options: TurfMasterOptions
    horses_per_player: int
    race: int  # 1–3 (during the selection: the race about to start)
    races: int  # 3 (1 with quick race)
    round: int  # round number in the race
    round_kind: RoundKind
    acting_horse: int | None  # whose owner decides now (card, blind, die, end, selection)
    board: BoardView
    handicap: dict[str, int]  # position ("1", "2", "3") -> limit
    race_points: list[int]  # by place
    horses: list[HorseView]  # in horse-id order
    caps: list[Cap]
    order: list[int]  # this round's movement order (P4)
    turn_index: int  # index in ``order`` of the horse moving (or about to)
    next_horse: int | None
    blind: BlindView | None  # V2 only
    dice: DiceView
    move: MoveView | None
    card_options: list[CardOption] | None  # own card turn or blind choice only
    die_options: list[DieOption] | None  # when an over-limit horse picks a die
    selection: SelectionView | None
    finish_order: list[int]  # horses placed this race, in place order
    falls: list[FallView]  # every fall of the game
    points: list[int]  # meeting total per seat
    place_counts: list[list[int]]  # per seat: 1st, 2nd, 3rd, 4th places
    standings: list[int]  # seats best first by the tie-break chain (§4.2) so far
    ranking: list[int] | None  # per seat once over
    ties: list[Tie]  # once over (else []): who was level on points and what settled it


def chosen_value(chosen: list[Any]) -> int:
    """What a V2 choice ``[card, value or None]`` moves: a free joker its chosen value."""
    card, value = chosen
    return int(value) if value is not None else CARD_VALUE[card]


def board_squares(side: Literal["A", "B"]) -> list[Square]:
    """Every square of a board side, as fresh data (what a table draws once per side).

    >>> squares = board_squares("B")
    >>> len(squares), squares[0]["id"], sum(sq["hurdle"] for sq in squares)
    (848, '1-0', 48)
    """
    # A shallow copy per square is a full copy: their values are text and numbers.
    return [cast(Square, dict(sq)) for sq in SIDES[side].layout]


def board_view(side: Literal["A", "B"]) -> BoardView:
    b = SIDES[side]
    return {
        "side": side,
        "name": SIDE_NAMES[side],
        "lanes": 8,
        "finish_row": b.finish,
        "last_row": b.last_row,
        "hurdle_rows": list(b.hurdle_rows),
        "start_boxes": [f"{lane}-0" for lane in range(1, 9)],
    }


def _horses(state: TurfMasterState, viewer: int | None) -> list[HorseView]:
    b = state.board
    phase = state.phase
    now_limits = state.limits if state.order else state.current_limits_safe()
    horses: list[HorseView] = []
    lane, row, index = b.lane, b.row, b.index
    blind_phase = phase == "blind"
    done_blind = set(state.blind_queue[: state.blind_index]) if blind_phase else set()
    blind_cards, boxes, per = state.blind, state.boxes, state.per
    for i, (sq, hand, status, position, set_limit, pile, discard, bonus_taken, aside) in enumerate(
        zip(
            state.squares,
            state.hands,
            state.status,
            state.positions,
            state.limits,
            state.piles,
            state.discards,
            state.bonus_taken,
            state.aside,
            strict=True,
        )
    ):
        h = i + 1
        owner = i // per  # as state.owner(h)
        own = viewer is not None and owner == viewer
        idx = index[sq] if sq is not None else None
        limit = now_limits[i]
        chosen = state.chosen[i] if blind_cards else None
        # V2 before the reveal: another seat sees neither a bonus taken face down
        # nor whether the choice was a card or declining (§9)
        hidden_bonus = not own and blind_phase and h in state.blind_bonus
        # V2: a face-down card is its owner's until the reveal, then face up for all
        shown = chosen if own or not blind_phase else None
        horses.append(
            {
                "horse": h,
                "colour": COLOURS[h],
                "owner": owner,
                "square": sq,
                "lane": lane[idx] if idx is not None else None,
                "row": row[idx] if idx is not None else None,
                "status": status,
                "box": boxes.index(h) + 1 if h in boxes else None,
                "position": position,
                "limit": set_limit,
                "hand_count": len(hand) if own else state.public_hand(h),
                "pile_count": len(pile),
                "discard": list(discard),
                "bonus_available": hidden_bonus or not bonus_taken,
                "set_aside_count": len(aside),
                "chosen": h in done_blind if blind_phase else chosen is not None,
                "hand": list(hand) if own else None,
                "set_aside": list(aside) if own else None,
                "chosen_card": str(shown[0]) if shown is not None else None,
                "chosen_value": chosen_value(shown) if shown is not None else None,
                "useless": [
                    c
                    for c in hand
                    if c not in JOKERS and limit is not None and CARD_VALUE[c] > limit
                ]
                if own
                else None,
                "jokers": [c for c in hand if c in JOKERS] if own else None,
            }
        )
    return horses


def _caps(state: TurfMasterState, viewer: int | None) -> list[Cap]:
    caps: list[Cap] = []
    if state.order:
        for pos in (1, 2, 3):
            at = [h for h in state.order if state.positions[h - 1] == pos]
            if at:
                caps.append({"position": pos, "limit": HANDICAP[pos], "horses": at})
    return caps


def _acting(state: TurfMasterState, viewer: int | None) -> int | None:
    return None if state.is_terminal() or state.is_chance() else state.acting_horse()


def _move(state: TurfMasterState, viewer: int | None) -> MoveView | None:
    pend = state.pending
    if state.phase != "end" or pend is None:
        return None
    return {
        "horse": pend["horse"],
        "value": pend["value"],
        "source": pend["source"],
        "card": pend["card"],
        "from": pend["from"],
        "cost": pend["cost"],
        "lost": pend["value"] - pend["cost"],
        "ends": list(pend["ends"]),
        "falls": [e for e in pend["ends"] if state.is_fall(e, pend["cost"])],
    }


def _card_options(state: TurfMasterState, viewer: int | None) -> list[CardOption] | None:
    if state.phase not in ("card", "blind") or viewer is None:
        return None
    acting = _acting(state, viewer)
    if acting is None or state.owner(acting) != viewer:
        return None
    return state.card_options(acting)


def _die_options(state: TurfMasterState, viewer: int | None) -> list[DieOption] | None:
    if state.phase != "die" or state.dice is None:
        return None
    acting = _acting(state, viewer)
    if acting is None:
        return None
    moves = state.moves_of(acting, state.dice)
    return [{"value": v, "cost": moves[v][0], "ends": list(moves[v][1])} for v in state.dice]


def _selection(state: TurfMasterState, viewer: int | None) -> SelectionView | None:
    if state.phase != "select" or not state.select_queue:
        return None
    h = state.select_queue[0]
    return {
        "horse": h,
        "queue": list(state.select_queue),
        "keep": HAND_SIZE,
        "to_set_aside": len(state.hands[h - 1]) - HAND_SIZE,
    }


def _blind(state: TurfMasterState, viewer: int | None) -> BlindView | None:
    if not state.blind:
        return None
    return {
        "queue": list(state.blind_queue) if state.phase == "blind" else [],
        "index": state.blind_index if state.phase == "blind" else 0,
        "revealed": state.revealed,
    }


def _next_horse(state: TurfMasterState, viewer: int | None) -> int | None:
    if state.order and state.turn_index < len(state.order) and state.phase != "over":
        return state.order[state.turn_index]
    return None


def _dice(state: TurfMasterState, viewer: int | None) -> DiceView:
    dice = state.dice
    return {
        "roller": state.roller,
        "d1": dice[0] if dice else None,
        "d2": dice[1] if dice else None,
        "pace": state.pace,
        "pace_options": state.pace_options() if dice else [],
        "pace_choices": state.pace_choices() if dice else [],
        "last_roller": state.last_roller,
    }


def _options(state: TurfMasterState, viewer: int | None) -> TurfMasterOptions:
    return {
        "horses_per_player": int(state.options.get("horses_per_player", 0)),
        "grand_national": state.steeplechase,
        "blind_cards": state.blind,
        "free_jokers": state.free_jokers,
        "quick_race": state.races == 1,
    }


def _falls(state: TurfMasterState, viewer: int | None) -> list[FallView]:
    return [
        {
            "race": f["race"],
            "round": f["round"],
            "horse": f["horse"],
            "seat": f["seat"],
            "square": f["square"],
        }
        for f in state.falls
    ]


PARTS: ViewParts[TurfMasterState] = {
    "options": _options,
    "horses_per_player": lambda s, v: s.per,
    "race": lambda s, v: s.race,
    "races": lambda s, v: s.races,
    "round": lambda s, v: s.round,
    "round_kind": lambda s, v: s.kind,
    "acting_horse": _acting,
    "board": lambda s, v: board_view("B" if s.steeplechase else "A"),
    "handicap": lambda s, v: {str(pos): limit for pos, limit in HANDICAP.items()},
    "race_points": lambda s, v: list(POINTS),
    "horses": _horses,
    "caps": _caps,
    "order": lambda s, v: list(s.order),
    "turn_index": lambda s, v: s.turn_index,
    "next_horse": _next_horse,
    "blind": _blind,
    "dice": _dice,
    "move": _move,
    "card_options": _card_options,
    "die_options": _die_options,
    "selection": _selection,
    "finish_order": lambda s, v: list(s.finish),
    "falls": _falls,
    "points": lambda s, v: list(s.points),
    "place_counts": lambda s, v: s.placings()[0],
    "standings": lambda s, v: s.standings(),
    "ranking": lambda s, v: s.ranking() if s.is_terminal() else None,
    "ties": lambda s, v: s.ties() if s.is_terminal() else [],
}
"""How each entry of the view after :meth:`State.base_view`'s is built, so that the
computer player can ask for just the few it reads (:func:`view_part`)."""


def build_view(state: TurfMasterState, viewer: int | None) -> TurfMasterView:
    """What ``viewer`` may see (``None``: the public table), as fresh data."""
    return cast("TurfMasterView", whole_view(state, viewer, PARTS))


def view_part(state: TurfMasterState, viewer: int | None, keys: Iterable[str]) -> dict[str, Any]:
    """Only ``keys`` of ``build_view(state, viewer)``, built by the same parts."""
    return view_of_parts(state, viewer, PARTS, keys)
