"""Every kind of step the engine takes, one row each: its code, its name, the dead end it makes
in a trace's words, and for a propagation rule the kernels that fire it, rebuild its reasons and
run it at level 0.

The kinds of the engine's core (:data:`CORE`: a decision, an option sharing an item with a true
one, an item's last option, a learned clause, a fact, a deduction at the start) are handled where
they happen (:mod:`~dominosa_lab.solvers.engine.propagate`,
:mod:`~dominosa_lab.solvers.engine.learn`, :mod:`~dominosa_lab.solvers.engine.loop`). A rule
(:data:`RULES`) is a row only: the kernels here (:func:`fire`, :func:`reason_of`,
:func:`clause_of`, :func:`at_start`) call each row's own, unrolled by numba over the rows
(``literal_unroll``) and compiled into the engine's kernels that call them
(:data:`~dominosa_lab.solvers.engine.jit.inline`). A row holds its kernels, never a kernel passed
as an argument: numba caches no kernel that takes one. ``docs/engine.md`` walks through adding a
rule.

Examples
--------
>>> SENTENCES[BLOCKED.code]
'an option clashes with every option left to an item'
>>> len({kind.code for kind in KINDS}) == len(KINDS)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from numba import literal_unroll

from dominosa_lab.solvers.engine import rule
from dominosa_lab.solvers.engine.jit import bare, inline
from dominosa_lab.solvers.engine.state import (
    C_KILL,
    C_NONE,
    NO_CONFLICT,
    R_ALO,
    R_BIN,
    R_CL,
    R_DEC,
    R_FACT,
)

__all__ = ["BLOCKED", "CORE", "KINDS", "RULES", "SENTENCES", "Kind", "Rule", "at_start",
           "clause_of", "fire", "reason_of"]


class Kind(NamedTuple):
    """A kind of step of the engine's core: its ``code`` (in ``SearchState.reason``, and the kind of
    its conflict), its ``name``, and its ``sentence``: the dead end it makes, as a trace says it
    ("" when it makes none)."""

    code: int
    name: str
    sentence: str


class Rule(NamedTuple):
    """A propagation rule: ``code``, ``name`` and ``sentence`` as a :class:`Kind`'s (a rule's
    conflict is a dead end: its sentence is never empty), and its kernels (numba).

    ``fires(m, s, i)``: whether it rules out an option at item i, an uncovered primary item that
    has just lost an option and has two or more left; ``apply(m, s, i, code)``: makes false,
    with reason ``code``, the options it rules out there, and returns the
    :class:`~dominosa_lab.solvers.engine.state.Conflict` (``code``, i, the true option it rules
    out) or ``NO_CONFLICT``; ``reason(m, s, u, buf)``: writes the options whose values made it
    rule out option u (from u's ``reason_at``) into ``buf``, returns how many;
    ``conflict(m, s, conflict, buf)``: the same for the options of the clause false at its
    conflict; ``start(m, s, code)``: its pass at level 0, before propagation, returning a
    conflict kind.
    """

    code: int
    name: str
    sentence: str
    fires: Callable
    apply: Callable
    reason: Callable
    conflict: Callable
    start: Callable


#: The kinds of the engine's core.
CORE = (
    Kind(R_DEC, "decision", ""),
    Kind(R_BIN, "binary", "an item would be covered twice"),
    Kind(R_ALO, "last option", "an item has no option left"),
    Kind(R_CL, "learned clause", "a learned clause rules this state out"),
    Kind(R_FACT, "fact", ""),
    Kind(C_KILL, "deduction at the start",
         "a deduction at the start rules out an option already taken"),
)
#: The blocked-option rule (:mod:`~dominosa_lab.solvers.engine.rule`).
BLOCKED = Rule(4, "blocked option", "an option clashes with every option left to an item",
               rule.may_block, rule.blocked, rule.blocked_why, rule.blocked_clash,
               rule.blocked_at_start)
#: The propagation rules, in the order they fire.
RULES = (BLOCKED,)
#: Every kind of step: the core's and the rules.
KINDS = CORE + RULES
#: The dead end of each kind of conflict, by its code (the value of a dead-end event).
SENTENCES = {kind.code: kind.sentence for kind in KINDS if kind.sentence}


@inline
def fire(m, s, i):
    """Every rule in turn on item i (uncovered, primary, just lost an option, two or more
    left), until one finds a conflict: the conflict."""
    conflict = NO_CONFLICT
    for row in literal_unroll(RULES):
        if conflict.kind == C_NONE and row.fires(m, s, i):
            conflict = row.apply(m, s, i, row.code)
    return conflict


@inline
def reason_of(m, s, u, buf):
    """The options whose values made a rule rule out option u, into ``buf``; how many."""
    n = 0
    for row in literal_unroll(RULES):
        if s.reason[u] == row.code:
            n = row.reason(m, s, u, buf)
    return n


@inline
def clause_of(m, s, conflict, buf):
    """The options of the clause false at a rule's conflict, into ``buf``; how many."""
    n = 0
    for row in literal_unroll(RULES):
        if conflict.kind == row.code:
            n = row.conflict(m, s, conflict, buf)
    return n


@bare
def at_start(m, s):
    """Every rule's pass at level 0 in turn, until one finds a conflict: its kind."""
    kind = C_NONE
    for row in literal_unroll(RULES):
        if kind == C_NONE:
            kind = row.start(m, s, row.code)
    return kind
