"""The stepper's data: a traced backtracking search, frame by frame, and its tree.

The page replays what is precomputed here: for every step of the trace the board, the
counters and one sentence; the tree of search states with tidy positions, each state
with the step that made it and the step its fate became known; the options of every
choice; and the *stops*, where playing always pauses: a dead end, a backtrack, a
solution, or the end. Stops back to back (a dead end and the backtrack it causes) are
one stop, at the first.
"""

from __future__ import annotations

from typing import Any

from dominosa_lab.core.options import check_count
from dominosa_lab.core.puzzle import Placement, Puzzle
from dominosa_lab.core.search import Event, SearchResult
from dominosa_lab.errors import TraceError
from dominosa_lab.solvers import method_info, solve
from dominosa_lab.trace.tree import ROOT, Snapshot, replay, search_tree, tidy_layout

__all__ = ["COUNTERS", "STOP_KINDS", "search_steps", "stepper_record", "stops"]

#: The kinds of event the stepper stops at (``remove`` only when it is a backtrack).
STOP_KINDS = ("dead_end", "remove", "solution")

#: The counters the page shows, each with what it counts.
COUNTERS: dict[str, str] = {
    "nodes": "dominoes put down so far, each try counted once (the states in the tree)",
    "backtracks": "times the search took a domino back because nothing could follow it",
    "depth": "dominoes on the board now: how far down the tree the search is",
    "solutions": "complete boards found",
}


def search_steps(puzzle: Puzzle, *, method: str = "rowscan", max_nodes: int = 2000,
                 limit: int | None = 1) -> SearchResult:
    """Solve ``puzzle`` by ``method`` with a trace, within ``max_nodes`` placements.

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> search_steps(Puzzle([[0, 0, 1], [1, 1, 0]])).status
    'solved'
    """
    info = method_info(method)
    max_nodes = check_count("max_nodes", max_nodes, minimum=1, allow_none=False)
    return solve(puzzle, method=info.name, limit=limit, max_nodes=max_nodes, trace=True)


def stepper_record(puzzle: Puzzle, result: SearchResult) -> dict[str, Any]:
    """The JSON-ready record of a traced run for the page's stepper.

    Parameters
    ----------
    puzzle : Puzzle
        The board that was solved.
    result : SearchResult
        Its run with ``trace=True`` (:func:`search_steps`).

    Returns
    -------
    dict
        ``name``, ``rows``, ``method``, ``status``, ``placements`` (``[r, c, r, c]`` and a
        label each), ``frames`` (per step: ``kind``, ``text``, ``node``, ``board``, the
        counters), ``stops``, ``tree`` (nodes: ``parent``, ``x``, ``y``, ``label``,
        ``outcome``, ``step``, ``decided``), ``options`` (per state: the placements it
        tried in order, and how many it never tried) and ``counters`` (what each counts).

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> p = Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]])
    >>> record = stepper_record(p, search_steps(p))
    >>> len(record["frames"]), record["stops"]
    (66, [10, 14, 19, 28, 32, 45, 51, 65])
    >>> record["frames"][10]["text"]
    'Dead end: no domino fits at (2, 0).'
    """
    if result.trace is None:
        raise TraceError("result has no trace to step through; solve it again with trace=True")
    frames = list(replay(result.trace))
    tree = search_tree(result)
    ids: dict[Placement, int] = {}
    records = [_frame(frame, puzzle, ids) for frame in frames]
    return {
        "name": puzzle.name or "puzzle",
        "rows": [list(row) for row in puzzle.rows],
        "method": result.method,
        "status": result.status,
        "reason": result.reason,
        "placements": [{"cells": [*pl.a, *pl.b], "label": _domino(puzzle, pl)}
                       for pl in ids],
        "frames": records,
        "stops": stops(frames),
        "tree": _tree(tree, ids, puzzle),
        "options": _options(tree, ids),
        "counters": COUNTERS,
    }


def stops(frames: list[Snapshot]) -> list[int]:
    """The steps where playing pauses: each dead end, backtrack and solution, and the last
    step; a stop right after another is merged into it.

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> frames = list(replay(search_steps(Puzzle([[0, 0, 1], [1, 1, 0]]), limit=None).trace))
    >>> [(s, frames[s].event.kind) for s in stops(frames)]
    [(7, 'solution'), (13, 'dead_end')]
    """
    wanted = [f.step for f in frames if f.event is not None and _stops_at(f.event)]
    wanted.append(frames[-1].step)
    return _drop_chained(wanted)


def _drop_chained(steps: list[int]) -> list[int]:
    """``steps`` without each one that directly follows another of them."""
    present = set(steps)
    return sorted(s for s in present if s - 1 not in present)


def _stops_at(event: Event) -> bool:
    return event.kind in STOP_KINDS and (event.kind != "remove" or event.backtrack)


def _frame(frame: Snapshot, puzzle: Puzzle, ids: dict[Placement, int]) -> dict[str, Any]:
    board = [ids.setdefault(pl, len(ids)) for pl in frame.placements]
    event = frame.event
    if event is not None and isinstance(event.item, Placement):
        ids.setdefault(event.item, len(ids))
    return {
        "kind": "start" if event is None else event.kind,
        "text": _say(event, puzzle),
        "item": ids[event.item] if event is not None and event.item in ids else None,
        "node": frame.node,
        "board": board,
        "nodes": frame.nodes,
        "backtracks": frame.backtracks,
        "depth": frame.depth,
        "solutions": frame.solutions,
    }


def _say(event: Event | None, puzzle: Puzzle) -> str:
    """What an event did, in one plain sentence."""
    if event is None:
        return "The empty board: the search has not started."
    item = event.item
    what = (f"{_domino(puzzle, item)} {'across' if item.horizontal else 'down'} on "
            f"{_cells(item)}") if isinstance(item, Placement) else ""
    if event.kind == "place":
        return f"Put down {what}."
    if event.kind == "remove":
        return f"Took back {what}" + (": a backtrack." if event.backtrack else ".")
    if event.kind == "solution":
        return "Solved: every square is covered and every domino used once."
    if event.kind == "choice":
        return {0: "No domino fits the next square.", 1: "Only one domino can go next."}.get(
            event.options, f"A choice among {event.options} options (shown dashed).")
    if event.kind == "dead_end":
        return f"Dead end: {event.text}." if event.text else "Dead end."
    return f"Note: {event.text}."


def _domino(puzzle: Puzzle, pl: Placement) -> str:
    lo, hi = puzzle.domino_of(pl)
    return f"{lo}-{hi}"


def _cells(pl: Placement) -> str:
    return "-".join(f"({r}, {c})" for r, c in pl.cells)


def _tree(tree: Any, ids: dict[Placement, int], puzzle: Puzzle) -> list[dict[str, Any]]:
    """The states of the search tree with tidy positions, in node order, each labelled with
    the domino it put down and an arrow for its direction (``0-2→``)."""
    positions = tidy_layout(tree, ROOT)
    out = []
    for node in sorted(tree):
        data = tree.nodes[node]
        parent = next(tree.predecessors(node), None)
        x, y = positions[node]
        out.append({"id": node, "parent": parent, "x": x, "y": -y,
                    "label": _label(puzzle, data), "outcome": data["outcome"],
                    "step": data["step"], "decided": data["decided"],
                    "item": ids.get(data["item"])})
    return out


def _label(puzzle: Puzzle, data: dict[str, Any]) -> str:
    item = data["item"]
    if isinstance(item, Placement):
        return _domino(puzzle, item) + ("→" if item.horizontal else "↓")
    return data.get("label", "")


def _options(tree: Any, ids: dict[Placement, int]) -> dict[str, dict[str, Any]]:
    """For each state that made a choice: the placements it tried, in order, and how many of
    its options it never tried."""
    out = {}
    for node in tree:
        data = tree.nodes[node]
        if not data["options"]:
            continue
        tried = [ids[tree.nodes[c]["item"]] for c in tree.successors(node)
                 if tree.nodes[c]["item"] is not None]
        out[str(node)] = {"count": data["options"], "tried": tried,
                          "untried": max(0, data["options"] - len(tried)
                                         - len(data["dead_ends"]))}
    return out
