"""From clicks to actions: the board's selection logic, without widgets.

The manual's GUI chapter: the left button selects a piece to Move (its legal destinations are
highlighted yellow, a click on one moves it); the right button fires (click the firing piece, choose
the weapon, then a direction square or a highlighted homing target); the Action menu switches the
left button to Pickup, Drop, Exchange or Reinforce. `Picker` works on the game's legal action list
only and answers each click with an `Outcome`: an action to apply, a choice to put to the player
(a level chooser, a weapon, a variant), or a message explaining why nothing happened.
"""
from __future__ import annotations

import functools

from dataclasses import dataclass, field
from typing import Any, Callable

from wec import Action
from wec import rules
from wec.gui.play import doze_choice

Square3 = tuple[int, int, str]
LEVEL_NAMES = {"G": "Ground", "A": "Air", "S": "Sub"}
MODES = ("move", "pickup", "drop", "exchange", "reinforce")
ARTICLE_NAMES = {
    "FL": "Flame", "ST": "Stunner", "CS": "Conversion", "RL": "Rocket Launcher",
    "SL": "SAM Launcher", "TL": "Torpedo Launcher", "BI": "Bicycle", "JP": "Jump Pack",
    "JU": "Jump Pack", "SC": "Scuba Suit", "AFL": "Anti-Flame", "AST": "Anti-Stunner",
    "ACS": "Anti-Conversion", "ARL": "Anti-Rocket", "ASL": "Anti-SAM", "ATL": "Anti-Torpedo",
    "SH": "Stealth", "ASH": "Anti-Stealth", "XXX": "XXX box"}


def piece_name(code: str | None) -> str:
    if code is None:
        return "piece"
    try:
        return rules.PIECE_TYPES[rules.TYPE_INDEX[code]].name
    except KeyError:
        return code


def where(sq: Square3 | tuple[int, int] | None) -> str:
    if sq is None:
        return ""
    text = f"({sq[0]},{sq[1]})"
    return text + (f" {LEVEL_NAMES[sq[2]]}" if len(sq) > 2 else "")  # type: ignore[misc]


def describe(a: Action) -> str:
    """An action in words, for choosers, the status bar and tool tips."""
    who = piece_name(a.piece)
    if a.hand:
        who += " <" if a.hand == "left" else " >"
    if a.kind == "end":
        return "End Turn"
    if a.kind == "reinforce":
        return f"Reinforce: {who} enters at {where(a.dest[:2] if a.dest else None)}"
    src = f"{who} at {where(a.origin)}"
    if a.kind == "move":
        text = f"{src} moves to {where(a.dest)}"
        return text + (" with its passenger" if a.passenger else "")
    if a.kind == "doze":
        group = ", ".join(where(g) for g in a.group) or "no neighbours"
        return f"{src} dozes to {where(a.dest)} pushing {group}"
    art = ARTICLE_NAMES.get(a.article or "", a.article or "")
    if a.kind == "fire":
        if a.article in ("BI", "JU", "SC"):
            return f"{src} travels by {art} to {where(a.dest[:2] if a.dest else None)} ({a.path})"
        if a.target is not None:
            return f"{src} fires {art} at {a.other or where(a.target)}"
        return f"{src} fires {art} towards {where(a.dest[:2] if a.dest else None)}"
    if a.kind == "pickup":
        return f"{src} picks up {art} ({a.article})"
    if a.kind == "drop":
        return f"{src} drops {art} ({a.article})"
    if a.kind == "exchange":
        back = f" for {ARTICLE_NAMES.get(a.swap, a.swap)} ({a.swap})" if a.swap else ""
        return f"{src} gives {art} ({a.article}){back} to {a.other or where(a.target)}"
    return str(a)


def _piece_key(a: Action) -> tuple:
    return (a.origin, a.piece, a.hand, a.articles)


def _piece_label(a: Action) -> str:
    name = piece_name(a.piece) + ({"left": " <", "right": " >"}.get(a.hand or "", ""))
    arts = f" carrying {' '.join(a.articles)}" if a.articles else ""
    return f"{name}{arts} ({LEVEL_NAMES[a.origin[2]] if a.origin else ''})"


@dataclass
class Outcome:
    """The answer to a click."""

    action: Action | None = None
    """Apply this."""
    choices: list[tuple[str, Callable[[], "Outcome"]]] = field(default_factory=list)
    """Ask the player to pick one (label, what follows)."""
    title: str = ""
    message: str = ""
    """Explain (an illegal attempt) or prompt (what to click next)."""


class Picker:
    """The selection state of the board for the side to move."""

    def __init__(self) -> None:
        self.legal: list[Action] = []
        self.moved = False
        self.over = False
        self.own: Callable[[int, int], list] = lambda r, c: []
        self.hits: Callable[[Action], list] = lambda a: []
        self.reset([])

    def reset(self, legal: list[Action], *, moved: bool = False, over: bool = False,
              own: Callable[[int, int], list] | None = None,
              hits: Callable[[Action], list] | None = None) -> None:
        """New legal list (after every action); `own(row, col)` lists the side's pieces there,
        `hits(fire)` the side's own pieces a Fire would hit (wec/gui/play/self_hits.py)."""
        self.legal = legal
        self.moved = moved
        self.over = over
        if own is not None:
            self.own = own
        if hits is not None:
            self.hits = hits
        self.cancel()

    def cancel(self) -> None:
        self.piece: Any = None
        """The piece clicked in a level panel for this click (no chooser then)."""
        self.stage = ""
        self.candidates: list[Action] = []
        self.selected: Square3 | None = None
        self.push: Action | None = None
        """Stage "doze": the Dozer's choice of the moment (wec/gui/play/doze_choice.py)."""

    # --- highlights --------------------------------------------------------------------------

    def destinations(self) -> set[Square3]:
        if self.stage == "move":
            return {a.dest for a in self.candidates if a.dest is not None}
        if self.stage == "doze" and self.push is not None and self.push.dest is not None:
            return {self.push.dest} | {(*p.dest, "G") for p in self.pushes()}
        if self.stage == "fire":
            return {a.dest for a in self.candidates if a.target is None and a.dest is not None}
        return set()

    def targets(self) -> set[Square3]:
        if self.stage in ("fire", "exchange"):
            return {a.target for a in self.candidates if a.target is not None}
        return set()

    def pushes(self) -> list[doze_choice.Push]:
        """Stage "doze": the squares the Dozer may push and where their pieces would go."""
        if self.stage != "doze" or self.push is None:
            return []
        return doze_choice.pushes(self.candidates, self.push)

    def self_hits(self) -> dict[Square3, list]:
        """Stage "fire": each aim (direction square or target) whose Fire hits the side's own
        pieces, with those pieces."""
        if self.stage != "fire":
            return {}
        out: dict[Square3, list] = {}
        for a in self.candidates:
            aim = a.target if a.target is not None else a.dest
            hit = self.hits(a)
            if aim is not None and hit:
                out.setdefault(aim, []).extend(p for p in hit if p not in out.get(aim, []))
        return out

    # --- helpers -----------------------------------------------------------------------------

    def _why_not(self, row: int, col: int, what: str) -> str:
        if self.over:
            return "The game is over."
        mine = self.own(row, col)
        if what == "move":
            if self.moved:
                return ("The Move of this turn is already made (R6.1): fire, pick up, drop, "
                        "exchange, reinforce or End Turn.")
            if not mine:
                return f"No piece of yours at {where((row, col))} to move."
            stunned = [p for p in mine if p.stun]
            if stunned and len(stunned) == len(mine):
                return (f"The {piece_name(stunned[0].type)} at {where((row, col))} is stunned "
                        f"for {stunned[0].stun} more turns and cannot move (R4.2.5).")
            return f"No piece of yours at {where((row, col))} has a legal move now."
        if not mine and what != "reinforce":
            return f"No piece of yours at {where((row, col))}."
        if what == "fire":
            return (f"No piece of yours at {where((row, col))} can fire now (a weapon must be "
                    "ready, R7.2; at most two Fires a turn, R6.2).")
        if what == "pickup":
            return f"Nothing at {where((row, col))} can be picked up by your pieces there (R8.1)."
        if what == "drop":
            return f"No piece of yours at {where((row, col))} can drop an article now (R8.2)."
        if what == "exchange":
            return f"No piece of yours at {where((row, col))} can exchange an article now (R8.3)."
        if what == "reinforce":
            return f"No reserve of yours can enter at {where((row, col))} now (R8.4)."
        return "Not possible."

    def _choose_piece(self, actions: list[Action], level: str,
                      then: Callable[[list[Action]], Outcome], title: str) -> Outcome:
        """Pick the acting piece among the actions' pieces: the piece clicked in a level panel
        (`self.piece`), else the one at the clicked level if it is the only one there, else ask
        (the level chooser)."""
        groups: dict[tuple, list[Action]] = {}
        for a in actions:
            groups.setdefault(_piece_key(a), []).append(a)
        if self.piece is not None:
            p = self.piece
            exact = [k for k in groups if k[0] == (p.row, p.col, p.level) and k[1] == p.type
                     and k[2] == p.hand and tuple(k[3] or ()) == tuple(p.articles)]
            if exact:
                return then(groups[exact[0]])
            self.cancel()  # that very piece, never another one of its square
            return Outcome(message=f"The {piece_name(p.type)} at {where((p.row, p.col, p.level))} "
                                   f"has no such action now.")
        if len(groups) == 1:
            return then(actions)
        at_level = [k for k in groups if k[0][2] == level]
        if len(at_level) == 1:
            return then(groups[at_level[0]])
        return Outcome(title=title, choices=[
            (_piece_label(acts[0]), functools.partial(then, acts)) for acts in groups.values()])

    def _one_of(self, actions: list[Action], title: str) -> Outcome:
        uniq = list({str(a): a for a in actions}.values())
        if len(uniq) == 1:
            self.cancel()
            return Outcome(action=uniq[0])
        return Outcome(title=title, choices=[
            (describe(a) + self._hit_note(a), functools.partial(self._finish, a)) for a in uniq])

    def _hit_note(self, a: Action) -> str:
        """A Fire that hits one's own pieces is marked in the chooser."""
        hit = self.hits(a) if a.kind == "fire" else []
        return f"  ⚠ hits your own {', '.join(piece_name(p.type) for p in hit)}" if hit else ""

    def _move_or_doze(self, here: list[Action]) -> Outcome:
        """A Move to one square: played, or, for a Dozer that may push several ways, the push
        chosen on the board (stage "doze")."""
        uniq = list({str(a): a for a in here}.values())
        dozes = [a for a in uniq if a.kind == "doze"]
        if len(uniq) == 1 or not dozes or \
                any(_piece_key(a) != _piece_key(dozes[0]) for a in uniq):
            return self._one_of(uniq, "Move")  # no push to choose, or which piece goes first
        self.stage = "doze"
        self.candidates = uniq
        self.selected = uniq[0].origin
        self.push = doze_choice.first_choice(uniq)
        dest = where(uniq[0].dest[:2] if uniq[0].dest else None)
        return Outcome(message=f"Dozer to {dest}: the arrows show where pushed pieces would go "
                               f"— click one's destination to add or take out its square, "
                               f"then click {dest} again. Now: {describe(self.push)}.")

    def _doze_click(self, row: int, col: int) -> Outcome | None:
        """Stage "doze": the Dozer's destination plays the choice, a pushed piece's destination
        changes it; None for any other square (the stage ends)."""
        push = self.push
        assert push is not None and push.dest is not None
        if push.dest[:2] == (row, col):
            return self._finish(push)
        changed = doze_choice.toggle(self.candidates, push, (row, col))
        if changed is None:
            self.cancel()
            return None
        self.push = changed
        return Outcome(message=f"Now: {describe(changed)}. Click {where(push.dest[:2])} to play "
                               f"it.")

    # --- helpers ---

    def _finish(self, a: Action) -> Outcome:
        self.cancel()
        return Outcome(action=a)

    # --- the left button -------------------------------------------------------------------------

    def left_click(self, row: int, col: int, level: str, mode: str = "move") -> Outcome:
        if self.stage == "fire":
            return self.right_click(row, col, level)
        if mode == "move":
            return self._move_click(row, col, level)
        if mode in ("pickup", "drop"):
            acts = [a for a in self.legal if a.kind == mode and a.origin
                    and a.origin[:2] == (row, col)]
            if not acts:
                return Outcome(message=self._why_not(row, col, mode))
            return self._one_of(acts, "Pick up" if mode == "pickup" else "Drop")
        if mode == "exchange":
            return self._exchange_click(row, col, level)
        if mode == "reinforce":
            acts = [a for a in self.legal if a.kind == "reinforce" and a.dest
                    and a.dest[:2] == (row, col)]
            if not acts:
                return Outcome(message=self._why_not(row, col, "reinforce"))
            return self._one_of(acts, "Reinforce")
        return Outcome(message=f"unknown mode {mode}")

    def _move_click(self, row: int, col: int, level: str) -> Outcome:
        if self.stage == "doze":
            out = self._doze_click(row, col)
            if out is not None:
                return out
        if self.stage == "move":
            here = [a for a in self.candidates if a.dest and a.dest[:2] == (row, col)]
            if here:
                exact = [a for a in here if a.dest and a.dest[2] == level]
                levels = {a.dest[2] for a in here if a.dest}
                if exact and len(levels) > 1:
                    here = exact
                return self._move_or_doze(here)
            if self.selected and self.selected[:2] == (row, col) and self.piece is None:
                self.cancel()
                return Outcome(message="Selection cleared.")
        movers = [a for a in self.legal if a.kind in ("move", "doze") and a.origin
                  and a.origin[:2] == (row, col)]
        if not movers:
            had = self.stage == "move" and self.candidates
            sel = self.candidates[0] if had else None
            self.cancel()
            if sel is not None:
                return Outcome(message=f"The {piece_name(sel.piece)} at {where(sel.origin)} cannot "
                                       f"move to {where((row, col))}: not one of its legal "
                                       f"destinations (highlighted yellow).")
            return Outcome(message=self._why_not(row, col, "move"))

        def select(acts: list[Action]) -> Outcome:
            self.stage = "move"
            self.candidates = acts
            self.selected = acts[0].origin
            return Outcome(message=f"{_piece_label(acts[0])} selected: click a yellow square "
                                   f"({len({a.dest for a in acts})} destinations).")
        return self._choose_piece(movers, level, select, "Which piece moves?")

    def _exchange_click(self, row: int, col: int, level: str) -> Outcome:
        if self.stage == "exchange":
            here = [a for a in self.candidates if a.target and a.target[:2] == (row, col)]
            if here:
                return self._one_of(here, "Exchange")
        acts = [a for a in self.legal if a.kind == "exchange" and a.origin
                and a.origin[:2] == (row, col)]
        if not acts:
            self.cancel()
            return Outcome(message=self._why_not(row, col, "exchange"))

        def select(acts: list[Action]) -> Outcome:
            self.stage = "exchange"
            self.candidates = acts
            self.selected = acts[0].origin
            return Outcome(message="Click the piece to exchange with (framed yellow).")
        return self._choose_piece(acts, level, select, "Which piece gives?")

    # --- the right button: Fire ------------------------------------------------------------------

    def right_click(self, row: int, col: int, level: str) -> Outcome:
        if self.stage == "fire":
            here = [a for a in self.candidates
                    if (a.target is not None and a.target[:2] == (row, col))
                    or (a.target is None and a.dest is not None and a.dest[:2] == (row, col))]
            if here:
                exact = [a for a in here if a.target is not None and a.target[2] == level]
                if exact:
                    here = exact
                return self._one_of(here, "Fire")
            if self.selected and self.selected[:2] == (row, col) and self.piece is None:
                self.cancel()
                return Outcome(message="Fire cancelled.")
        fires = [a for a in self.legal if a.kind == "fire" and a.origin
                 and a.origin[:2] == (row, col)]
        if not fires:
            self.cancel()
            return Outcome(message=self._why_not(row, col, "fire"))

        def weapon(acts: list[Action]) -> Outcome:
            by_art: dict[str, list[Action]] = {}
            for a in acts:
                by_art.setdefault(a.article or "", []).append(a)

            def aim(group: list[Action]) -> Outcome:
                self.stage = "fire"
                self.candidates = group
                self.selected = group[0].origin
                art = ARTICLE_NAMES.get(group[0].article or "", group[0].article)
                return Outcome(message=f"{art}: right-click a yellow direction square or a "
                                       f"framed target.")
            if len(by_art) == 1:
                return aim(acts)
            return Outcome(title="Which weapon?", choices=[
                (f"{ARTICLE_NAMES.get(k, k)} ({k})"
                 + ("  ⚠ some aims hit your own pieces" if any(self.hits(a) for a in g) else ""),
                 functools.partial(aim, g)) for k, g in by_art.items()])
        return self._choose_piece(fires, level, weapon, "Which piece fires?")

    def click_piece(self, piece: Any, button: str, mode: str = "move") -> Outcome:
        """A piece clicked in a level panel: that piece acts, never another one of its square
        ("left": as the left button's `mode`; "right": Fire)."""
        self.piece = piece
        try:
            if button == "right":
                return self.right_click(piece.row, piece.col, piece.level)
            return self.left_click(piece.row, piece.col, piece.level, mode)
        finally:
            self.piece = None

    def destinations_of(self, piece: Any) -> set[Square3]:
        """Where `piece` (a PieceInfo) may Move (highlighted while it is dragged)."""
        origin = (piece.row, piece.col, piece.level)
        return {a.dest for a in self.legal if a.kind in ("move", "doze") and a.origin == origin
                and a.piece == piece.type and a.hand == piece.hand
                and tuple(a.articles or ()) == tuple(piece.articles) and a.dest is not None}

    # --- drag and drop ---------------------------------------------------------------------------

    def drag(self, origin: tuple[int, int, str], row: int, col: int) -> Outcome:
        """A piece dragged from `origin` and dropped on (row, col): that Move, if legal."""
        movers = [a for a in self.legal if a.kind in ("move", "doze") and a.origin == origin]
        here = [a for a in movers if a.dest and a.dest[:2] == (row, col)]
        if not here:
            self.cancel()
            if not movers:
                return Outcome(message=self._why_not(origin[0], origin[1], "move"))
            return Outcome(message=f"The {piece_name(movers[0].piece)} at {where(origin)} cannot "
                                   f"move to {where((row, col))}.")
        return self._move_or_doze(here)


CURSORS = {"move": "open_hand", "pickup": "pointing_hand", "drop": "pointing_hand",
           "exchange": "drag_copy", "reinforce": "cross", "fire": "cross"}
"""The board's cursor for the left button's action (the manual: the cursor shows what a left
click does): a hand to Move, a pointing hand to Pick up or Drop, a copy arrow to Exchange, a
cross to Reinforce or to aim a Fire."""


def cursor_name(mode: str, stage: str) -> str:
    return CURSORS["fire"] if stage == "fire" else CURSORS.get(mode, "arrow")
