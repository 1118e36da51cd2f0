"""Choosing a Dozer's push on the board (R4.11), without a list of every group.

A Dozer sent to one square may get there several ways: alone (a Move), or dozing with its
partner and a group of neighbouring squares' Ground pieces, all one square the same way. The board
shows where each piece that may be pushed would go; a click on such a destination adds that
piece's square to the group or takes it out, the choice always staying a legal doze (the
smallest legal group holding the squares asked for, or the largest left when one is taken out),
and a click on the Dozer's destination plays the choice.
"""
from __future__ import annotations

from dataclasses import dataclass

from wec import Action

Square = tuple[int, int]


@dataclass(frozen=True)
class Push:
    """One square whose Ground pieces the Dozer may push: from where to where."""

    origin: Square
    dest: Square
    chosen: bool
    """In the group of the choice of the moment."""


def direction(action: Action) -> Square:
    assert action.origin is not None and action.dest is not None
    return action.dest[0] - action.origin[0], action.dest[1] - action.origin[1]


def group_of(action: Action) -> frozenset[Square]:
    return frozenset(action.group) if action.kind == "doze" else frozenset()


def first_choice(options: list[Action]) -> Action:
    """The Dozer alone if it may go alone, else the doze with the smallest group."""
    alone = [a for a in options if a.kind == "move"]
    return alone[0] if alone else min(options, key=lambda a: len(a.group))


def pushes(options: list[Action], current: Action) -> list[Push]:
    """Every square some choice pushes, with where its pieces would go."""
    dr, dc = direction(options[0])
    chosen = group_of(current)
    squares = sorted({sq for a in options for sq in group_of(a)})
    return [Push(sq, (sq[0] + dr, sq[1] + dc), sq in chosen) for sq in squares]


def toggle(options: list[Action], current: Action, dest: Square) -> Action | None:
    """The choice after a click on `dest` (where a pushed piece would go); None when `dest` is
    not one."""
    hit = [p for p in pushes(options, current) if p.dest == dest]
    if not hit:
        return None
    square = hit[0].origin
    now = group_of(current)
    if square in now:  # out: the largest legal group left without it
        left = [a for a in options if group_of(a) <= now - {square}]
        if not left:
            return current
        return max(left, key=lambda a: (len(group_of(a)), a.kind == "doze"))
    wanted = now | {square}
    bigger = [a for a in options if group_of(a) >= wanted] or \
        [a for a in options if square in group_of(a)]
    return min(bigger, key=lambda a: len(group_of(a)))
